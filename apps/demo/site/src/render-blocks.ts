import { markup, raw, type SafeHtml } from './html';

/** Strapi blocks as the REST API returns them (the rich-text editor's JSON). */
export type Block =
  | { type: 'paragraph' | 'quote'; children: Inline[] }
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'list'; format: 'ordered' | 'unordered'; children: (ListItem | Block)[] }
  | { type: 'code'; language?: string | null; children: Inline[] }
  | { type: 'image'; image: MediaFile; children: Inline[] };

export interface ListItem {
  type: 'list-item';
  children: Inline[];
}

export type Inline =
  | {
      type: 'text';
      text: string;
      bold?: boolean;
      italic?: boolean;
      underline?: boolean;
      strikethrough?: boolean;
      code?: boolean;
    }
  | { type: 'link'; url: string; children: Inline[] };

export interface MediaFile {
  url: string;
  alternativeText?: string | null;
  caption?: string | null;
  width?: number | null;
  height?: number | null;
}

function renderInline(node: Inline): SafeHtml {
  if (node.type === 'link') {
    return markup`<a href="${node.url}">${node.children.map(renderInline)}</a>`;
  }
  let out = markup`${node.text}`;
  if (node.code) out = markup`<code>${out}</code>`;
  if (node.bold) out = markup`<strong>${out}</strong>`;
  if (node.italic) out = markup`<em>${out}</em>`;
  if (node.underline) out = markup`<u>${out}</u>`;
  if (node.strikethrough) out = markup`<s>${out}</s>`;
  return out;
}

const inlines = (children: Inline[]) => children.map(renderInline);

function renderListChild(child: ListItem | Block): SafeHtml {
  return child.type === 'list-item'
    ? markup`<li>${inlines(child.children)}</li>`
    : markup`<li>${renderBlock(child)}</li>`;
}

function renderBlock(block: Block): SafeHtml {
  switch (block.type) {
    case 'paragraph':
      return markup`<p>${inlines(block.children)}</p>`;
    case 'quote':
      return markup`<blockquote><p>${inlines(block.children)}</p></blockquote>`;
    case 'heading': {
      const level = Math.min(Math.max(Math.trunc(block.level), 1), 6);
      const text = block.children.map((c) => (c.type === 'text' ? c.text : '')).join('');
      const id = text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      return raw(`<h${level} id="${id}">${markup`${inlines(block.children)}`}</h${level}>`);
    }
    case 'list': {
      const items = block.children.map(renderListChild);
      return block.format === 'ordered' ? markup`<ol>${items}</ol>` : markup`<ul>${items}</ul>`;
    }
    case 'code': {
      const source = block.children.map((c) => (c.type === 'text' ? c.text : '')).join('');
      const language = block.language ?? 'plaintext';
      return markup`<div class="code-block"><div class="code-block__bar"><span>${language}</span><button type="button" class="copy-code">Copy</button></div><pre><code class="language-${language}">${source}</code></pre></div>`;
    }
    case 'image': {
      const { image } = block;
      return markup`<figure><img src="${image.url}" alt="${image.alternativeText ?? ''}"${image.width ? markup` width="${image.width}"` : ''}${image.height ? markup` height="${image.height}"` : ''} loading="lazy">${image.caption ? markup`<figcaption>${image.caption}</figcaption>` : ''}</figure>`;
    }
    default:
      return markup``;
  }
}

/** Renders blocks to HTML; unknown node types are skipped. */
export function renderBlocks(blocks: Block[] | null | undefined): SafeHtml {
  return markup`${(blocks ?? []).map(renderBlock)}`;
}
