import { collapseWhitespace } from '../llmstxt/escape-markdown';
import {
  joinPageBlocks,
  pageError,
  renderPageHeader,
  renderRichText,
  requiredInlineText,
  type LlmindexPageCommon,
  type LlmindexRichText,
} from './render-llm-page';

export interface LlmindexFaqEntry {
  question: string;
  answer: LlmindexRichText;
  /** Entries are grouped by topic (§4.1: FAQ organized by topic). */
  topic?: string;
}

export interface LlmindexFaqPageInput extends LlmindexPageCommon {
  faq: readonly LlmindexFaqEntry[];
  /** H2 of entries without a topic when others have one (default `General`). */
  untopicedTitle?: string;
}

/**
 * `/llm/faq` (§4.1): with topics, an H2 per topic (first appearance order, entries without a
 * topic first under `untopicedTitle`) and an H3 per question; without topics, an H2 per
 * question. The answer follows its question.
 */
export function renderLlmindexFaqPage(input: LlmindexFaqPageInput): string {
  if (!Array.isArray(input?.faq)) pageError('faq', 'faq must be an array');
  const blocks = renderPageHeader(input, 'Frequently asked questions');
  const groups = new Map<string | undefined, string[]>();
  const topicOf = (entry: LlmindexFaqEntry) =>
    typeof entry.topic === 'string' && entry.topic.trim() !== ''
      ? collapseWhitespace(entry.topic)
      : undefined;
  const topical = input.faq.some(
    (entry) => typeof entry === 'object' && entry !== null && topicOf(entry) !== undefined,
  );
  const level = topical ? '###' : '##';
  input.faq.forEach((entry, index) => {
    const field = `faq[${index}]`;
    if (typeof entry !== 'object' || entry === null) pageError(field, 'an FAQ entry is an object');
    const topic = topicOf(entry);
    const question = `${level} ${requiredInlineText(entry.question, `${field}.question`)}`;
    const answer = renderRichText(entry.answer, `${field}.answer`, topical ? 3 : 2);
    if (answer === '') pageError(`${field}.answer`, 'an answer must not be empty');
    const group = groups.get(topic) ?? [];
    group.push(question, answer);
    groups.set(topic, group);
  });
  const untopiced = groups.get(undefined);
  if (topical && untopiced) {
    blocks.push(`## ${requiredInlineText(input.untopicedTitle ?? 'General', 'untopicedTitle')}`);
  }
  if (untopiced) blocks.push(...untopiced);
  for (const [topic, entries] of groups) {
    if (topic === undefined) continue;
    blocks.push(`## ${requiredInlineText(topic, 'topic')}`, ...entries);
  }
  return joinPageBlocks(blocks);
}
