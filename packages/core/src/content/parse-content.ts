import { ValidationError } from '../errors';
import type { ContentTree } from './content-tree';
import type { ParseContentOptions } from './content-options';
import { describeValue } from './content-errors';
import { parseContentTree } from './parse-content-tree';
import { parseHtml } from './parse-html';
import { parseMarkdown } from './parse-markdown';
import { parsePlainText } from './parse-plain-text';
import { parseStrapiBlocks } from './parse-strapi-blocks';

export type ContentFormat = 'strapi-blocks' | 'markdown' | 'html' | 'text' | 'content-tree';

export interface ContentSource {
  format: ContentFormat;
  value: unknown;
}

const FORMATS: readonly ContentFormat[] = [
  'strapi-blocks',
  'markdown',
  'html',
  'text',
  'content-tree',
];

/**
 * Parses a CMS body in any supported format. `text` is plain text split into paragraphs on
 * blank lines. A string value for `markdown`, `html` and `text`, an array for
 * `strapi-blocks`, a `ContentTree` for `content-tree` (an adapter's own extraction, checked and
 * normalized); anything else is a `ValidationError`.
 */
export function parseContent(source: ContentSource, options?: ParseContentOptions): ContentTree {
  const format: unknown = typeof source === 'object' && source !== null ? source.format : undefined;
  switch (format) {
    case 'strapi-blocks':
      return parseStrapiBlocks(source.value, options);
    case 'markdown':
      return parseMarkdown(source.value as string, options);
    case 'html':
      return parseHtml(source.value as string, options);
    case 'text':
      return parsePlainText(source.value as string, options);
    case 'content-tree':
      return parseContentTree(source.value, options);
    default:
      throw new ValidationError(
        'content.unsupported_format',
        `content format must be one of ${FORMATS.join(', ')}`,
        { field: 'format', value: describeValue(format), rule: 'ContentSource.format' },
      );
  }
}
