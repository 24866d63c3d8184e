import { AgentReadyError, type AgentReadyErrorDetails } from '../errors';

export interface ScpErrorDetails extends AgentReadyErrorDetails {
  /** 1-based line of the collection the error belongs to (line 1 is the metadata). */
  line?: number;
}

/** Base of every SCP error; `line` locates it inside a collection when it came from one. */
export class ScpError extends AgentReadyError {
  readonly line?: number;

  constructor(code: string, message: string, details: ScpErrorDetails = {}) {
    super(code, message, details);
    if (details.line !== undefined) this.line = details.line;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), ...(this.line === undefined ? {} : { line: this.line }) };
  }
}

/** Publisher-side input (a page, a block, metadata, sitemap entries) that breaks the spec. */
export class ScpValidationError extends ScpError {}

/** A collection that is not SCP: bad JSON, bad first line, missing page field, bad UTF-8. */
export class ScpFormatError extends ScpError {}

/** A collection that exceeds a configured cap (sizes, ratio, blocks per page). */
export class ScpLimitError extends ScpError {}

/** The compressed stream is corrupt or truncated. */
export class ScpDecompressionError extends ScpError {}

/** The collection's checksum does not match its bytes (always fatal). */
export class ScpChecksumError extends ScpError {}

/** A sitemap.xml that cannot be read as a sitemap. */
export class ScpSitemapError extends ScpError {}
