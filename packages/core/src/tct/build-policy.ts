import { ValidationError } from '../errors';
import { buildJsonResource, type JsonResource } from '../http/json-resource';
import { isRfc3339 } from '../time';
import { normalizeUri } from '../uri';
import type { PolicyOptions } from './policy-options';
import { POLICY_PROFILE } from './tct-profile';

/** The `tct-policy-1` descriptor (draft -00, informative), served at `/llm-policy.json`. */
export interface TctPolicy {
  profile: typeof POLICY_PROFILE;
  version: number;
  effective: string;
  updated: string;
  policy_urls: { terms_of_service?: string; payment_info?: string; contact?: string };
  purposes: { allow_ai_input: boolean; allow_ai_train: boolean; allow_search_indexing: boolean };
  requirements: {
    attribution_required: boolean;
    link_back_required: boolean;
    notice_required: boolean;
  };
  rate_hints: {
    max_requests_per_second: number | null;
    max_requests_per_day: number | null;
    note?: string;
  };
}

export interface PolicyProblem {
  field: string;
  code: string;
  message: string;
}

export function buildPolicy(options: PolicyOptions): TctPolicy {
  const urls = options.urls ?? {};
  const policy: TctPolicy = {
    profile: POLICY_PROFILE,
    version: options.version ?? 1,
    effective: options.effective,
    updated: options.updated ?? options.effective,
    policy_urls: {
      ...(urls.termsOfService ? { terms_of_service: normalizeUri(urls.termsOfService) } : {}),
      ...(urls.paymentInfo ? { payment_info: normalizeUri(urls.paymentInfo) } : {}),
      ...(urls.contact ? { contact: normalizeUri(urls.contact) } : {}),
    },
    purposes: {
      allow_ai_input: options.purposes?.aiInput ?? true,
      allow_ai_train: options.purposes?.aiTrain ?? false,
      allow_search_indexing: options.purposes?.searchIndexing ?? true,
    },
    requirements: {
      attribution_required: options.requirements?.attribution ?? true,
      link_back_required: options.requirements?.linkBack ?? false,
      notice_required: options.requirements?.notice ?? false,
    },
    rate_hints: {
      max_requests_per_second: options.rateHints?.maxRequestsPerSecond ?? null,
      max_requests_per_day: options.rateHints?.maxRequestsPerDay ?? null,
      ...(options.rateHints?.note !== undefined ? { note: options.rateHints.note } : {}),
    },
  };
  const problems = validatePolicy(policy);
  if (problems.length > 0) {
    const first = problems[0]!;
    throw new ValidationError(
      first.code,
      `invalid policy: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`,
      {
        field: first.field,
      },
    );
  }
  return policy;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every problem of a policy document, with the field it concerns; empty when valid. */
export function validatePolicy(policy: unknown): PolicyProblem[] {
  const problems: PolicyProblem[] = [];
  const add = (field: string, code: string, message: string) =>
    problems.push({ field, code, message });
  if (!isObject(policy)) {
    add('', 'policy.type', 'must be a JSON object');
    return problems;
  }
  if (policy.profile !== POLICY_PROFILE)
    add('profile', 'policy.profile', `must be "${POLICY_PROFILE}"`);
  if (!Number.isInteger(policy.version) || (policy.version as number) < 1) {
    add('version', 'policy.version', 'must be a positive integer');
  }
  for (const key of ['effective', 'updated']) {
    if (typeof policy[key] !== 'string' || !isRfc3339(policy[key] as string)) {
      add(key, 'policy.date', 'must be an RFC 3339 date-time');
    }
  }
  const sections: Record<string, 'url' | 'boolean'> = {
    policy_urls: 'url',
    purposes: 'boolean',
    requirements: 'boolean',
  };
  for (const [section, kind] of Object.entries(sections)) {
    const value = policy[section];
    if (!isObject(value)) {
      add(section, 'policy.section', 'must be an object');
      continue;
    }
    for (const [key, member] of Object.entries(value)) {
      const field = `${section}.${key}`;
      if (kind === 'boolean' && typeof member !== 'boolean')
        add(field, 'policy.boolean', 'must be true or false');
      if (kind === 'url') {
        if (typeof member !== 'string' || !/^https?:\/\//i.test(member)) {
          add(field, 'policy.url', 'must be an absolute http(s) URL');
        }
      }
    }
  }
  const hints = policy.rate_hints;
  if (!isObject(hints)) add('rate_hints', 'policy.section', 'must be an object');
  else {
    for (const key of ['max_requests_per_second', 'max_requests_per_day']) {
      const value = hints[key];
      if (
        value !== null &&
        value !== undefined &&
        !(typeof value === 'number' && Number.isFinite(value) && value > 0)
      ) {
        add(`rate_hints.${key}`, 'policy.rate', 'must be a positive number or null');
      }
    }
    if (hints.note !== undefined && typeof hints.note !== 'string')
      add('rate_hints.note', 'policy.note', 'must be a string');
  }
  return problems;
}

export function buildPolicyResource(options: PolicyOptions): JsonResource {
  return buildJsonResource(buildPolicy(options));
}
