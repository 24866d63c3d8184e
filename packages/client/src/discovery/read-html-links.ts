import { Parser } from 'htmlparser2';

export interface HtmlLinkTag {
  href: string;
  /** Relation types, lower-cased. */
  rels: string[];
  type?: string;
}

/**
 * The `<link>` elements of an HTML document's head (htmlparser2, entities decoded), in order.
 * Reading stops at `<body>` or `</head>`: links in the body are not discovery links.
 */
export function readHtmlLinks(html: string): HtmlLinkTag[] {
  const links: HtmlLinkTag[] = [];
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (name === 'body') {
          done = true;
          return;
        }
        if (name !== 'link' || attributes.href === undefined) return;
        links.push({
          href: attributes.href.trim(),
          rels: (attributes.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean),
          ...(attributes.type === undefined ? {} : { type: attributes.type.trim() }),
        });
      },
      onclosetag(name) {
        if (name === 'head') done = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return links;
}
