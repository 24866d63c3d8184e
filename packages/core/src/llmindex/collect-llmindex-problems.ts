import { AgentReadyError } from '../errors';
import { normalizeUri } from '../uri';
import { isRfc3339DateTime } from './is-rfc3339-date-time';
import type {
  LlmindexProblem,
  LlmindexProblemCode,
  LlmindexValidationResult,
} from './llmindex-types';

export type JsonObject = Record<string, unknown>;

const MAX_PREVIEW = 200;
const SECRET_PARAMETER = /token|secret|password|passwd|api[_-]?key|session|^sid$|^auth/i;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own member only: `constructor`, `__proto__`… of the prototype are not fields. */
export function member(object: JsonObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

export function joinField(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

function preview(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_PREVIEW
      ? `${value.slice(0, MAX_PREVIEW)}… (${value.length} chars)`
      : value;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Collects every error and warning instead of stopping at the first. */
export class LlmindexProblemCollector {
  readonly problems: LlmindexProblem[] = [];
  readonly warnings: LlmindexProblem[] = [];

  private static make(
    field: string,
    code: LlmindexProblemCode,
    message: string,
    value: unknown,
  ): LlmindexProblem {
    const shown = preview(value);
    return { field, code, message, ...(shown === undefined ? {} : { value: shown }) };
  }

  error(field: string, code: LlmindexProblemCode, message: string, value?: unknown): void {
    this.problems.push(LlmindexProblemCollector.make(field, code, message, value));
  }

  warn(field: string, code: LlmindexProblemCode, message: string, value?: unknown): void {
    this.warnings.push(LlmindexProblemCollector.make(field, code, message, value));
  }

  result<T>(value: unknown): LlmindexValidationResult<T> {
    const valid = this.problems.length === 0;
    return {
      valid,
      problems: this.problems,
      warnings: this.warnings,
      ...(valid ? { value: value as T } : {}),
    };
  }

  /** A required member is present; reports `missing` otherwise. */
  present(object: JsonObject, key: string, field: string): unknown {
    const value = member(object, key);
    if (value === undefined) this.error(field, 'missing', `${field} is required`);
    return value;
  }

  /** Members outside `allowed` are errors (the v0.1 schemas are `additionalProperties: false`). */
  unknownFields(
    object: JsonObject,
    field: string,
    allowed: readonly string[],
    hint?: (key: string) => string,
  ): void {
    for (const key of Object.keys(object)) {
      if (allowed.includes(key)) continue;
      const path = joinField(field, key);
      const where = field === '' ? 'a v0.1 manifest' : field;
      this.error(path, 'unknown_field', hint?.(key) ?? `${key} is not a field of ${where}`);
    }
  }

  object(value: unknown, field: string): JsonObject | undefined {
    if (value === undefined) return undefined;
    if (isJsonObject(value)) return value;
    this.error(field, 'type', `${field} must be an object, not ${describe(value)}`, value);
    return undefined;
  }

  string(value: unknown, field: string): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    this.error(field, 'type', `${field} must be a string, not ${describe(value)}`, value);
    return undefined;
  }

  /** A string with visible content (the schemas say `minLength: 1`; blanks are no better). */
  text(value: unknown, field: string): string | undefined {
    const text = this.string(value, field);
    if (text !== undefined && text.trim() === '') {
      this.error(field, 'empty', `${field} must not be empty`, text);
      return undefined;
    }
    return text;
  }

  number(value: unknown, field: string): number | undefined {
    if (value === undefined) return undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    this.error(field, 'type', `${field} must be a finite number, not ${describe(value)}`, value);
    return undefined;
  }

  dateTime(value: unknown, field: string): string | undefined {
    const text = this.string(value, field);
    if (text !== undefined && !isRfc3339DateTime(text)) {
      this.error(
        field,
        'date_time',
        `${field} must be an RFC 3339 date-time such as 2026-02-20T00:00:00Z`,
        text,
      );
      return undefined;
    }
    return text;
  }

  /**
   * An absolute http(s) URL. `https: 'required'` makes any other scheme an error (§3.1
   * canonical_url); `'recommended'` makes plain http a warning (§10 endpoints and feeds).
   * Credentials in the URL are an error, credential-like query parameters a warning (§10).
   */
  url(value: unknown, field: string, https: 'required' | 'recommended'): string | undefined {
    const text = this.string(value, field);
    if (text === undefined) return undefined;
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text)?.[1]?.toLowerCase();

    if (scheme === undefined || /[\s\u0000-\u001f\u007f]/u.test(text)) {
      this.error(field, 'uri', `${field} must be an absolute URL`, text);
      return undefined;
    }
    if (scheme !== 'https' && (https === 'required' || scheme !== 'http')) {
      const code = https === 'required' ? 'https' : 'uri';
      this.error(
        field,
        code,
        `${field} must be an ${https === 'required' ? 'https' : 'http(s)'} URL`,
        text,
      );
      return undefined;
    }
    if (!/^https?:\/\/[^/?#]/i.test(text) || !normalizes(text)) {
      this.error(field, 'uri', `${field} must be an absolute URL with a host`, text);
      return undefined;
    }
    if (/^https?:\/\/[^/?#]*@/i.test(text)) {
      this.error(field, 'credentials', `${field} must not carry credentials (§10)`, text);
      return undefined;
    }
    if (scheme === 'http') this.warn(field, 'https', `${field} should use https (§10)`, text);
    const query = /\?([^#]*)/.exec(text)?.[1] ?? '';
    const names = query.split('&').map((pair) => pair.split('=')[0]!);
    if (names.some((name) => SECRET_PARAMETER.test(name))) {
      this.warn(
        field,
        'credentials',
        `${field} looks like it carries a secret in its query (§10)`,
        text,
      );
    }
    return text;
  }
}

function normalizes(text: string): boolean {
  try {
    normalizeUri(text);
    return true;
  } catch (error) {
    if (error instanceof AgentReadyError) return false;
    throw error;
  }
}
