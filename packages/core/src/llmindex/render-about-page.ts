import { collapseWhitespace, escapeMarkdownInline } from '../llmstxt/escape-markdown';
import {
  joinPageBlocks,
  linkUrl,
  pageError,
  renderPageHeader,
  renderRichText,
  requiredInlineText,
  type LlmindexPageCommon,
  type LlmindexRichText,
} from './render-llm-page';

export interface LlmindexContact {
  email?: string;
  phone?: string;
  /** Plain text; line breaks become `, `. */
  address?: string;
  url?: string;
}

export interface LlmindexAboutPageInput extends LlmindexPageCommon {
  /** The entity's name: the default H1 is `About <name>`. */
  name?: string;
  /** Brand story and company information (§4.1). */
  about: LlmindexRichText;
  /** Further titled sections (history, team, locations…), in order. */
  sections?: readonly { title: string; body: LlmindexRichText }[];
  contact?: LlmindexContact;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/;

function renderContact(contact: LlmindexContact, baseUrl: string | undefined): string {
  const lines: string[] = [];
  if (contact.email !== undefined) {
    if (
      typeof contact.email !== 'string' ||
      !EMAIL.test(contact.email) ||
      /\p{Surrogate}/u.test(contact.email)
    ) {
      pageError('contact.email', 'contact.email must be an e-mail address', contact.email);
    }
    lines.push(
      `- Email: [${escapeMarkdownInline(contact.email)}](mailto:${encodeURI(contact.email)})`,
    );
  }
  const text = (value: unknown, field: string, separator = ' '): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') pageError(field, `${field} must be text`);
    const lines = value
      .split(/\r\n?|\n/)
      .map(collapseWhitespace)
      .filter(Boolean);
    return lines.length === 0 ? undefined : escapeMarkdownInline(lines.join(separator));
  };
  const phone = text(contact.phone, 'contact.phone');
  if (phone) lines.push(`- Phone: ${phone}`);
  const address = text(contact.address, 'contact.address', ', ');
  if (address) lines.push(`- Address: ${address}`);
  if (contact.url !== undefined)
    lines.push(`- Website: <${linkUrl(contact.url, 'contact.url', baseUrl)}>`);
  return lines.join('\n');
}

/**
 * `/llm/about` (§4.1): the brand story and company information, further sections, and a
 * `## Contact` list (e-mail, phone, address, website).
 */
export function renderLlmindexAboutPage(input: LlmindexAboutPageInput): string {
  const defaultTitle =
    typeof input?.name === 'string' && input.name.trim() !== '' ? `About ${input.name}` : 'About';
  const blocks = renderPageHeader(input ?? {}, defaultTitle);
  const about = renderRichText(input?.about, 'about', 1);
  if (about === '') pageError('about', 'about must not be empty');
  blocks.push(about);
  (input.sections ?? []).forEach((section, index) => {
    const field = `sections[${index}]`;
    if (typeof section !== 'object' || section === null) pageError(field, 'a section is an object');
    blocks.push(
      `## ${requiredInlineText(section.title, `${field}.title`)}`,
      renderRichText(section.body, `${field}.body`, 2),
    );
  });
  if (input.contact !== undefined) {
    const contact = renderContact(input.contact, input.baseUrl);
    if (contact !== '') blocks.push('## Contact', contact);
  }
  return joinPageBlocks(blocks);
}
