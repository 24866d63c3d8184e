// Builders for Strapi blocks (the JSON the admin's rich-text editor stores) and for the
// article dynamic zone's components. Inline parts are strings or text/link nodes.

const text = (value, marks = {}) => ({ type: 'text', text: value, ...marks });
const bold = (value) => text(value, { bold: true });
const italic = (value) => text(value, { italic: true });
const code = (value) => text(value, { code: true });
const link = (url, label) => ({ type: 'link', url, children: [text(label)] });

const inlines = (parts) => parts.map((part) => (typeof part === 'string' ? text(part) : part));

const paragraph = (...parts) => ({ type: 'paragraph', children: inlines(parts) });
const heading = (level, ...parts) => ({ type: 'heading', level, children: inlines(parts) });
const quote = (...parts) => ({ type: 'quote', children: inlines(parts) });
const list = (format, items) => ({
  type: 'list',
  format,
  children: items.map((item) => ({
    type: 'list-item',
    children: inlines(Array.isArray(item) ? item : [item]),
  })),
});
const bullets = (items) => list('unordered', items);
const steps = (items) => list('ordered', items);
const codeBlock = (language, source) => ({
  type: 'code',
  language,
  children: [text(source.replace(/^\n/, '').replace(/\s+$/, ''))],
});
/** An image block: `file` is a media library entry as the upload service returns it. */
const image = (file) => ({ type: 'image', image: file, children: [text('')] });

/** Dynamic zone component: a run of blocks. */
const richText = (...content) => ({ __component: 'content.rich-text', content });

const cell = (value) => String(value).replace(/\|/g, '\\|');
/** Dynamic zone component: a caption and a GFM table (Strapi blocks have no table node). */
const table = (caption, header, rows) => ({
  __component: 'content.table',
  caption,
  table: [
    `| ${header.map(cell).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n'),
});

/** A URL slug: lower case ASCII words joined by hyphens (accents dropped). */
const slugify = (value) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

module.exports = {
  text,
  bold,
  italic,
  code,
  link,
  paragraph,
  heading,
  quote,
  list,
  bullets,
  steps,
  codeBlock,
  image,
  richText,
  table,
  slugify,
};
