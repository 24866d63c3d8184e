import { collapseWhitespace } from './escape-markdown';
import type { LlmsTxtOutput } from './llmstxt-types';
import type { LocaleSelection } from './select-llms-txt-pages';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^( {0,3})#/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;

/**
 * The prose block may not contain headings (llms.txt allows only the H1 and H2 sections), so
 * heading-like lines are escaped: `#` lines get a backslash, setext underlines too. Inside a
 * fenced code block only lines starting `##` are touched (the reference parser splits sections
 * there even inside fences): they get one leading space. A fence left open is closed.
 */
export function renderLlmsTxtDetails(details: string): string {
  let fence: string | undefined;
  let previousBlank = true;
  const lines = details
    .replace(/\r\n?/g, '\n')
    .trim()
    .split('\n')
    .map((line) => {
      const fenceMatch = FENCE.exec(line);
      if (fenceMatch) {
        const marker = fenceMatch[1]!;
        if (fence === undefined) fence = marker;
        else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
        previousBlank = false;
        return line;
      }
      let escaped = line;
      if (fence !== undefined) {
        if (line.startsWith('##')) escaped = ` ${line}`;
      } else if (ATX_HEADING.test(line)) {
        escaped = line.replace(ATX_HEADING, '$1\\#');
      } else if (!previousBlank && SETEXT_UNDERLINE.test(line)) {
        escaped = `\\${line.trimStart()}`;
      }
      previousBlank = line.trim() === '';
      return escaped.trimEnd();
    });
  // An unclosed fence would swallow the sections that follow for any Markdown reader.
  if (fence !== undefined) lines.push(fence);
  return lines.join('\n').replace(/\n{3,}/g, '\n\n');
}

/** H1, blockquote summary and the optional prose, each followed by a blank line. */
export function renderLlmsTxtHeader(selection: LocaleSelection): string[] {
  const lines = [
    `# ${selection.site.name}`,
    '',
    `> ${collapseWhitespace(selection.site.summary)}`,
    '',
  ];
  const details =
    selection.site.details === undefined ? '' : renderLlmsTxtDetails(selection.site.details);
  if (details !== '') lines.push(details, '');
  return lines;
}

/** Join the lines into the file text (one trailing newline) and measure it. */
export function finishLlmsTxtOutput(lines: string[], itemCount: number): LlmsTxtOutput {
  const text = `${lines.join('\n').trimEnd()}\n`;
  return { text, byteLength: Buffer.byteLength(text, 'utf8'), itemCount };
}
