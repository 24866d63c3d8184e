import { AgentReadyError, ValidationError } from '../errors';
import { DEFAULT_MAX_CONTENT_LENGTH, type ParseContentOptions } from './content-options';

/** A content body the parser could not process at all (e.g. the Markdown lexer gave up). */
export class ContentParseError extends AgentReadyError {}

export function fieldName(options: ParseContentOptions | undefined): string {
  return options?.field ?? 'content';
}

/** Checks that `value` is a string within the size limit; returns it. */
export function requireContentString(
  value: unknown,
  format: string,
  options: ParseContentOptions | undefined,
): string {
  const field = fieldName(options);
  if (typeof value !== 'string') {
    throw new ValidationError('content.not_text', `${field} must be a ${format} string`, {
      field,
      value: describeValue(value),
      rule: `${format} content is a string`,
    });
  }
  checkContentLength(value.length, options);
  return value;
}

export function checkContentLength(length: number, options: ParseContentOptions | undefined): void {
  const max = options?.maxLength ?? DEFAULT_MAX_CONTENT_LENGTH;
  if (length > max) {
    const field = fieldName(options);
    throw new ValidationError('content.too_large', `${field} is longer than ${max} characters`, {
      field,
      value: length,
      rule: 'content maxLength',
    });
  }
}

/** A short, safe description of a value for error details (never the whole value). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return typeof value;
}
