/**
 * Every error the core throws on bad input is an `AgentReadyError`: it names what was wrong
 * (`field`, the offending `value`) and which rule it broke (`rule`), so adapters can turn it
 * into a precise 4xx or log line and callers can branch on `code` rather than on message text.
 */
export interface AgentReadyErrorDetails {
  /** Dotted path of the offending field, e.g. `items[3].mUrl`. */
  field?: string;
  /** The offending value, truncated by the error when long. */
  value?: unknown;
  /** The rule that was broken, e.g. `RFC 8785 §3.2.2.3` or `DECISIONS §2 checksum`. */
  rule?: string;
  cause?: unknown;
}

const MAX_VALUE_PREVIEW = 200;

function previewValue(value: unknown): unknown {
  if (typeof value === 'string' && value.length > MAX_VALUE_PREVIEW) {
    return `${value.slice(0, MAX_VALUE_PREVIEW)}… (${value.length} chars)`;
  }
  return value;
}

export class AgentReadyError extends Error {
  readonly code: string;
  readonly field?: string;
  readonly value?: unknown;
  readonly rule?: string;

  constructor(code: string, message: string, details: AgentReadyErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.code = code;
    if (details.field !== undefined) this.field = details.field;
    if (details.value !== undefined) this.value = previewValue(details.value);
    if (details.rule !== undefined) this.rule = details.rule;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      ...(this.field === undefined ? {} : { field: this.field }),
      ...(this.value === undefined ? {} : { value: this.value }),
      ...(this.rule === undefined ? {} : { rule: this.rule }),
    };
  }
}

/** Input that does not satisfy a documented shape (a document, an option, a manifest). */
export class ValidationError extends AgentReadyError {}

/** One field of a set of options that failed validation. */
export interface OptionProblem {
  field: string;
  message: string;
  value?: unknown;
}

/**
 * Options with one or more bad fields: every problem, each under its field, for forms (the
 * Strapi settings page) as well as for people (the message lists them all, one per line).
 */
export class OptionsValidationError extends ValidationError {
  readonly problems: readonly OptionProblem[];

  constructor(problems: readonly OptionProblem[], subject = 'agent-ready options') {
    super(
      'options.invalid',
      `invalid ${subject}:\n${problems.map((p) => `  - ${p.field === '' ? '' : `${p.field}: `}${p.message}`).join('\n')}`,
      { field: problems[0]?.field, value: problems[0]?.value },
    );
    this.problems = problems.map((problem) => ({ ...problem }));
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      problems: this.problems.map(({ field, message }) => ({ field, message })),
    };
  }
}

export function isAgentReadyError(error: unknown): error is AgentReadyError {
  return error instanceof AgentReadyError;
}
