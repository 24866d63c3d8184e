import { isLanguageTag, isRfc3339 } from '@agent-ready/core';
import {
  checkMapping,
  contentTypeKey,
  throwConfigProblems,
  type ConfigProblem,
} from '../config/validate-plugin-config';
import type { RuntimeSettings } from './runtime-settings';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Bounds that keep one save small (it is stored in one row and re-read by every instance). */
const MAX_NAME = 200;
const MAX_SUMMARY = 1000;
const MAX_DETAILS = 20_000;
const MAX_CONTENT_TYPES = 200;
const MAX_LOCALES = 100;
const MAX_NOTE = 500;
const CONTENT_TYPE_UID = /^[a-z0-9-]+::[a-z0-9-]+\.[a-z0-9-]+$/;

function checkKeys(
  value: Record<string, unknown>,
  known: readonly string[],
  prefix: string,
  problems: ConfigProblem[],
): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      problems.push({
        field: prefix === '' ? key : `${prefix}.${key}`,
        message: `unknown key (known: ${known.join(', ')})`,
      });
    }
  }
}

function checkText(
  value: unknown,
  field: string,
  max: number,
  problems: ConfigProblem[],
  required = false,
): void {
  if (value === undefined) return;
  if (typeof value !== 'string') {
    problems.push({ field, message: 'must be a string', value });
  } else if (required && value.trim() === '') {
    problems.push({ field, message: 'must not be empty', value });
  } else if (value.length > max) {
    problems.push({ field, message: `must be at most ${max} characters` });
  }
}

function checkSite(site: unknown, problems: ConfigProblem[]): void {
  if (!isObject(site)) {
    problems.push({ field: 'site', message: 'must be an object: { name, summary, details }' });
    return;
  }
  checkKeys(site, ['name', 'summary', 'details'], 'site', problems);
  checkText(site.name, 'site.name', MAX_NAME, problems, true);
  checkText(site.summary, 'site.summary', MAX_SUMMARY, problems);
  checkText(site.details, 'site.details', MAX_DETAILS, problems);
}

function checkContentTypes(contentTypes: unknown, problems: ConfigProblem[]): void {
  if (!isObject(contentTypes)) {
    problems.push({
      field: 'contentTypes',
      message: "must be an object: { 'api::article.article': true | { url, title, body, … } }",
    });
    return;
  }
  const entries = Object.entries(contentTypes);
  if (entries.length > MAX_CONTENT_TYPES) {
    problems.push({ field: 'contentTypes', message: `at most ${MAX_CONTENT_TYPES} content types` });
    return;
  }
  for (const [uid, mapping] of entries) {
    if (!CONTENT_TYPE_UID.test(uid)) {
      problems.push({
        field: contentTypeKey(uid),
        message: 'is not a content type UID such as api::article.article',
      });
      continue;
    }
    checkMapping(uid, mapping, problems);
  }
}

function checkLocales(locales: unknown, problems: ConfigProblem[]): void {
  if (locales === null) return;
  if (!Array.isArray(locales) || locales.length === 0 || locales.length > MAX_LOCALES) {
    problems.push({
      field: 'locales',
      message: `must be null (every locale) or a list of 1 to ${MAX_LOCALES} locale codes`,
    });
    return;
  }
  locales.forEach((code, index) => {
    if (typeof code !== 'string' || !isLanguageTag(code)) {
      problems.push({
        field: `locales[${index}]`,
        message: 'must be a locale code such as en or pt-BR',
        value: code,
      });
    }
  });
  if (new Set(locales).size !== locales.length) {
    problems.push({ field: 'locales', message: 'lists a locale twice' });
  }
}

function checkBooleans(
  value: unknown,
  field: string,
  keys: readonly string[],
  problems: ConfigProblem[],
): void {
  if (value === undefined) return;
  if (!isObject(value)) {
    problems.push({ field, message: 'must be an object' });
    return;
  }
  checkKeys(value, keys, field, problems);
  for (const key of keys) {
    if (value[key] !== undefined && typeof value[key] !== 'boolean') {
      problems.push({
        field: `${field}.${key}`,
        message: 'must be true or false',
        value: value[key],
      });
    }
  }
}

function checkPolicy(policy: unknown, problems: ConfigProblem[]): void {
  if (policy === false) return;
  if (!isObject(policy)) {
    problems.push({ field: 'policy', message: 'must be false (off) or an object' });
    return;
  }
  checkKeys(
    policy,
    ['version', 'effective', 'updated', 'urls', 'purposes', 'requirements', 'rateHints'],
    'policy',
    problems,
  );
  if (typeof policy.effective !== 'string' || !isRfc3339(policy.effective)) {
    problems.push({
      field: 'policy.effective',
      message: 'is required: an RFC 3339 date-time such as 2025-10-01T00:00:00Z',
      value: policy.effective,
    });
  }
  if (
    policy.updated !== undefined &&
    (typeof policy.updated !== 'string' || !isRfc3339(policy.updated))
  ) {
    problems.push({
      field: 'policy.updated',
      message: 'must be an RFC 3339 date-time',
      value: policy.updated,
    });
  }
  if (
    policy.version !== undefined &&
    !(Number.isInteger(policy.version) && (policy.version as number) >= 1)
  ) {
    problems.push({
      field: 'policy.version',
      message: 'must be a positive integer',
      value: policy.version,
    });
  }
  const urls = policy.urls;
  if (urls !== undefined) {
    if (!isObject(urls)) problems.push({ field: 'policy.urls', message: 'must be an object' });
    else {
      const keys = ['termsOfService', 'paymentInfo', 'contact'];
      checkKeys(urls, keys, 'policy.urls', problems);
      for (const key of keys) {
        const url = urls[key];
        if (url === undefined) continue;
        if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/i.test(url) || url.length > 2000) {
          problems.push({
            field: `policy.urls.${key}`,
            message: 'must be an absolute http(s) URL',
            value: url,
          });
        }
      }
    }
  }
  checkBooleans(
    policy.purposes,
    'policy.purposes',
    ['aiInput', 'aiTrain', 'searchIndexing'],
    problems,
  );
  checkBooleans(
    policy.requirements,
    'policy.requirements',
    ['attribution', 'linkBack', 'notice'],
    problems,
  );
  const hints = policy.rateHints;
  if (hints !== undefined) {
    if (!isObject(hints)) {
      problems.push({ field: 'policy.rateHints', message: 'must be an object' });
      return;
    }
    checkKeys(
      hints,
      ['maxRequestsPerSecond', 'maxRequestsPerDay', 'note'],
      'policy.rateHints',
      problems,
    );
    for (const key of ['maxRequestsPerSecond', 'maxRequestsPerDay']) {
      const value = hints[key];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
        problems.push({
          field: `policy.rateHints.${key}`,
          message: 'must be a positive number or null',
          value,
        });
      }
    }
    checkText(hints.note, 'policy.rateHints.note', MAX_NOTE, problems);
  }
}

/**
 * Every shape problem of a settings body from the admin panel, each under its key. Attribute
 * names, content types and locales are checked against the running Strapi afterwards.
 */
export function runtimeSettingsProblems(input: unknown): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (!isObject(input)) {
    return [{ field: '', message: 'the settings must be a JSON object' }];
  }
  checkKeys(input, ['site', 'contentTypes', 'locales', 'policy'], '', problems);
  if (input.site !== undefined) checkSite(input.site, problems);
  if (input.contentTypes !== undefined) checkContentTypes(input.contentTypes, problems);
  if (input.locales !== undefined) checkLocales(input.locales, problems);
  if (input.policy !== undefined) checkPolicy(input.policy, problems);
  return problems;
}

/** The settings, or a ConfigProblemsError naming every problem. */
export function validateRuntimeSettings(input: unknown): RuntimeSettings {
  throwConfigProblems(runtimeSettingsProblems(input));
  return input as RuntimeSettings;
}
