import { LlmsTxtParseError } from './llmstxt-errors';
import type {
  LlmsTxtProblem,
  ParsedLlmsTxt,
  ParsedLlmsTxtLink,
  ParsedLlmsTxtSection,
} from './llmstxt-types';

/*
 * Mirrors the reference parser (`llms_txt/core.py` in AnswerDotAI/llms-txt) on conforming
 * files: sections split at every line starting `##`, title `^#\s*(.+)`, an optional one-line
 * `>` summary, the rest before the first H2 is `info`, and every non-blank line of a section
 * must be `- [title](url)` optionally followed by `: notes` (the reference raises on anything
 * else). Where the reference silently misreads, this reports a problem instead:
 * - a heading other than the H1/H2s (the format allows none; the reference would start a
 *   section at an H3 and fail on the next line) — `heading_in_info`, or `not_a_link_item`
 *   inside a section;
 * - a repeated section name (the reference keeps only the last one) — `duplicate_section`;
 * - text after a link item that is not `: notes` (the reference ignores it) — `not_a_link_item`.
 * Unlike the reference, a file with only an H1, or with a summary and no info, reads as
 * intended (the reference needs text after the summary to recognise it).
 */

// Greedy captures trimmed afterwards: a lazy `(.+?)\s*$` is quadratic on long blank runs.
// The `s` flag lets `.` match U+2028/U+2029 as Python's `.` does (lines are already split).
const H1 = /^#(?!#)(.*)$/s;
const H2 = /^##(?!#)(.*)$/s;
const ANY_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const SUMMARY = /^>(.*)$/s;
const LINK_ITEM = /^\s*-\s*\[([^\]]+)\]\(([^)]+)\)(?::(.*)|\s*)$/s;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

interface Line {
  text: string;
  number: number;
}

function splitLines(text: string): Line[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((line, index) => ({ text: line, number: index + 1 }));
}

function parsePreamble(lines: Line[], problems: LlmsTxtProblem[]): Omit<ParsedLlmsTxt, 'sections'> {
  let index = lines.findIndex((line) => line.text.trim() !== '');
  const titleLine = index === -1 ? undefined : lines[index];
  const title = titleLine === undefined ? undefined : H1.exec(titleLine.text)?.[1]?.trim();
  if (!title) {
    problems.push({
      code: 'missing_title',
      line: titleLine?.number ?? 1,
      message: 'an llms.txt file starts with an H1 (`# Name`)',
    });
    return { title: '' };
  }
  index += 1;
  while (index < lines.length && lines[index]!.text.trim() === '') index += 1;
  let summary: string | undefined;
  const summaryText = index < lines.length ? SUMMARY.exec(lines[index]!.text)?.[1]?.trim() : '';
  if (summaryText) {
    summary = summaryText;
    index += 1;
  }
  const infoLines = lines.slice(index);
  let fence: string | undefined;
  for (const line of infoLines) {
    const fenceMatch = FENCE.exec(line.text);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence === undefined && ANY_HEADING.test(line.text)) {
      problems.push({
        code: 'heading_in_info',
        line: line.number,
        message: 'only the H1 and the H2 section headings may be headings in llms.txt',
      });
    }
  }
  const info = infoLines
    .map((line) => line.text)
    .join('\n')
    .trim();
  return { title, ...(summary === undefined ? {} : { summary }), ...(info ? { info } : {}) };
}

function parseSection(
  heading: Line,
  body: Line[],
  problems: LlmsTxtProblem[],
): ParsedLlmsTxtSection {
  const name = H2.exec(heading.text)![1]!.trim();
  if (name === '') {
    problems.push({
      code: 'empty_section_name',
      line: heading.number,
      message: 'a section heading needs a name',
    });
  }
  const links: ParsedLlmsTxtLink[] = [];
  for (const line of body) {
    if (line.text.trim() === '') continue;
    // Only `: notes` may follow the link (the reference ignores anything else; we report it).
    const match = LINK_ITEM.exec(line.text);
    if (!match) {
      problems.push({
        code: 'not_a_link_item',
        line: line.number,
        message: 'a section holds only `- [name](url): notes` items',
      });
      continue;
    }
    const notes = match[3]?.trim();
    links.push({
      title: match[1]!,
      url: match[2]!,
      ...(notes === undefined || notes === '' ? {} : { notes }),
      line: line.number,
    });
  }
  return { name, line: heading.number, links };
}

/**
 * Parse an llms.txt file and report every deviation from the format; the document is a
 * best-effort reading (bad lines skipped). Never throws.
 */
export function inspectLlmsTxt(text: string): {
  document: ParsedLlmsTxt;
  problems: LlmsTxtProblem[];
} {
  const problems: LlmsTxtProblem[] = [];
  const lines = splitLines(text);
  const headingIndexes = lines.flatMap((line, index) => (H2.test(line.text) ? [index] : []));
  const preambleEnd = headingIndexes[0] ?? lines.length;
  const preamble = parsePreamble(lines.slice(0, preambleEnd), problems);
  const sections: ParsedLlmsTxtSection[] = [];
  const seen = new Set<string>();
  headingIndexes.forEach((start, i) => {
    const end = headingIndexes[i + 1] ?? lines.length;
    const section = parseSection(lines[start]!, lines.slice(start + 1, end), problems);
    if (seen.has(section.name)) {
      problems.push({
        code: 'duplicate_section',
        line: section.line,
        message: `section "${section.name}" appears twice (the reference parser keeps only the last)`,
      });
    }
    seen.add(section.name);
    sections.push(section);
  });
  problems.sort((a, b) => a.line - b.line);
  return { document: { ...preamble, sections }, problems };
}

/** Parse an llms.txt file; throws `LlmsTxtParseError` (with every problem) unless it conforms. */
export function parseLlmsTxt(text: string): ParsedLlmsTxt {
  const { document, problems } = inspectLlmsTxt(text);
  if (problems.length > 0) throw new LlmsTxtParseError(problems);
  return document;
}
