import { z } from 'zod';
import {
  booleanOption,
  documented,
  httpUrlOption,
  integerOption,
  optionsObject,
  stringOption,
} from '../options/option-schemas';
import { isRfc3339 } from '../time';

function dateTimeOption(message: string) {
  return z.string({ error: message }).refine(isRfc3339, { error: message });
}

function positiveNumberOrNull() {
  const message = 'must be a positive number or null';
  return z.number({ error: message }).positive({ error: message }).nullable();
}

const optionalBoolean = (description: string, defaultValue: boolean) =>
  documented(booleanOption().optional(), {
    description,
    default: `\`${String(defaultValue)}\``,
  });
const optionalUrl = (description: string) =>
  documented(httpUrlOption().optional(), { description });

/**
 * What a publisher states in `/llm-policy.json` (`tct-policy-1`); everything has a conservative
 * default except the dates. The same rules check config files and the Strapi settings page.
 */
export const policyOptionsSchema = optionsObject({
  effective: documented(
    dateTimeOption('is required: an RFC 3339 date-time such as 2025-10-01T00:00:00Z'),
    { description: 'When the policy took effect (RFC 3339 date-time).' },
  ),
  updated: documented(dateTimeOption('must be an RFC 3339 date-time').optional(), {
    description: 'When the policy last changed (RFC 3339 date-time).',
    default: '`effective`',
  }),
  version: documented(integerOption('must be a positive integer', 1).optional(), {
    description: 'Version of the policy, counted up when it changes.',
    default: '1',
  }),
  urls: documented(
    optionsObject({
      termsOfService: optionalUrl('Terms of service page.'),
      paymentInfo: optionalUrl('Where agents learn about paid access.'),
      contact: optionalUrl('Contact page or address for agent operators.'),
    }).optional(),
    { description: 'Pages the policy links to (absolute http(s) URLs).' },
  ),
  purposes: documented(
    optionsObject({
      aiInput: optionalBoolean('Content may be used as input to AI answers.', true),
      aiTrain: optionalBoolean('Content may be used to train AI models.', false),
      searchIndexing: optionalBoolean('Content may be indexed for search.', true),
    }).optional(),
    { description: 'What agents may use the content for; `usage` fills what is not stated.' },
  ),
  requirements: documented(
    optionsObject({
      attribution: optionalBoolean('Uses must name the source.', true),
      linkBack: optionalBoolean('Uses must link back to the page.', false),
      notice: optionalBoolean('Uses must carry the policy notice.', false),
    }).optional(),
    { description: 'What a use of the content must do.' },
  ),
  rateHints: documented(
    optionsObject({
      maxRequestsPerSecond: documented(positiveNumberOrNull().optional(), {
        description: 'Requests per second an agent should stay under (`null`: no hint).',
      }),
      maxRequestsPerDay: documented(positiveNumberOrNull().optional(), {
        description: 'Requests per day an agent should stay under (`null`: no hint).',
      }),
      note: documented(
        stringOption().max(500, { error: 'must be at most 500 characters' }).optional(),
        { description: 'A word to agent operators about crawling.' },
      ),
    }).optional(),
    { description: 'How hard agents may crawl.' },
  ),
});

/** Publisher-facing policy options (see policyOptionsSchema). */
export type PolicyOptions = z.input<typeof policyOptionsSchema>;
