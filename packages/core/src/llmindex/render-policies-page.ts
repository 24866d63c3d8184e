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

export interface LlmindexPolicy {
  /** e.g. Shipping, Returns, Warranty, Payment. */
  title: string;
  body: LlmindexRichText;
  /** The full policy page, if there is one. */
  url?: string;
}

export interface LlmindexPoliciesPageInput extends LlmindexPageCommon {
  policies: readonly LlmindexPolicy[];
}

/**
 * `/llm/policies` (§4.1): one H2 per policy in input order, the body below it (Markdown bodies
 * have their headings nested under the H2), and a link to the full policy when given.
 */
export function renderLlmindexPoliciesPage(input: LlmindexPoliciesPageInput): string {
  if (!Array.isArray(input?.policies)) pageError('policies', 'policies must be an array');
  const blocks = renderPageHeader(input, 'Policies');
  input.policies.forEach((policy, index) => {
    const field = `policies[${index}]`;
    if (typeof policy !== 'object' || policy === null) pageError(field, 'a policy is an object');
    blocks.push(`## ${requiredInlineText(policy.title, `${field}.title`)}`);
    blocks.push(renderRichText(policy.body, `${field}.body`, 2));
    if (policy.url !== undefined)
      blocks.push(`Full policy: <${linkUrl(policy.url, `${field}.url`, input.baseUrl)}>`);
  });
  return joinPageBlocks(blocks);
}
