import { isScpHttpUrl, normalizeScpUrl } from './check-scp-url';
import type {
  ScpAudioBlock,
  ScpBlock,
  ScpBlockType,
  ScpCaption,
  ScpChapter,
  ScpMediaIcon,
  ScpMediaLink,
  ScpVideoBlock,
} from './scp-types';
import { SCP_BLOCK_TYPES } from './scp-types';

/**
 * One checker for the spec's content-block schemas, used two ways:
 * - `strict` (publisher): every violation is an error, URLs are normalized (DECISIONS §5);
 * - `lenient` (crawler, spec "Error Handling"): an unknown type or a broken required member
 *   makes the block invalid (skipped with a warning), a heading level outside 1-6 is clamped,
 *   a broken optional member is dropped with a note; URLs are kept as published.
 * Either way the result has the fixed member order of `serialize-scp-line.ts` and carries no
 * member the schema does not define.
 */
export type ScpCheckMode = 'strict' | 'lenient';

export interface ScpCheckProblem {
  code: string;
  message: string;
  /** Path relative to the page, e.g. `content[3].url`. */
  field: string;
}

export type ScpBlockCheck =
  | { ok: true; block: ScpBlock; notes: ScpCheckProblem[] }
  | { ok: false; unknownType: boolean; problem: ScpCheckProblem };

export class ScpInvalidMember extends Error {
  constructor(readonly problem: ScpCheckProblem) {
    super(problem.message);
  }
}

const LONE_SURROGATE = /\p{Surrogate}/u;
const DURATION = /^PT(?=.*[HMS])(\d+H)?(\d+M)?(\d+(\.\d+)?S)?$/;
const KNOWN_TYPES = new Set<string>(SCP_BLOCK_TYPES);

export class ScpMemberChecker {
  readonly notes: ScpCheckProblem[] = [];

  constructor(readonly mode: ScpCheckMode) {}

  fail(code: string, message: string, field: string): never {
    throw new ScpInvalidMember({ code, message, field });
  }

  isObject(value: unknown): value is Record<string, unknown> {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  }

  object(value: unknown, field: string): Record<string, unknown> {
    if (!this.isObject(value)) this.fail('member.type', `${field} must be an object`, field);
    return value;
  }

  string(value: unknown, field: string): string {
    if (typeof value !== 'string') this.fail('member.type', `${field} must be a string`, field);
    if (this.mode === 'strict' && LONE_SURROGATE.test(value)) {
      this.fail('member.unpaired_surrogate', `${field} contains an unpaired surrogate`, field);
    }
    return value;
  }

  boolean(value: unknown, field: string): boolean {
    if (typeof value !== 'boolean') this.fail('member.type', `${field} must be a boolean`, field);
    return value;
  }

  nonNegativeInteger(value: unknown, field: string): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      this.fail('member.type', `${field} must be a non-negative integer`, field);
    }
    return value;
  }

  url(value: unknown, field: string): string {
    if (this.mode === 'strict') {
      try {
        return normalizeScpUrl(value, field);
      } catch {
        this.fail('member.url', `${field} is not an absolute http(s) URL`, field);
      }
    }
    if (!isScpHttpUrl(value))
      this.fail('member.url', `${field} is not an absolute http(s) URL`, field);
    return value;
  }

  array<T>(value: unknown, field: string, item: (value: unknown, field: string) => T): T[] {
    if (!Array.isArray(value)) this.fail('member.type', `${field} must be an array`, field);
    const result: T[] = [];
    for (let i = 0; i < value.length; i++) result.push(item(value[i], `${field}[${i}]`));
    return result;
  }

  /** An optional member: absent stays absent; a bad one is an error (strict) or dropped. */
  optional<T>(
    value: unknown,
    field: string,
    check: (value: unknown, field: string) => T,
  ): T | undefined {
    if (value === undefined) return undefined;
    if (this.mode === 'strict') return check(value, field);
    try {
      return check(value, field);
    } catch (error) {
      if (!(error instanceof ScpInvalidMember)) throw error;
      this.notes.push({
        ...error.problem,
        code: 'member.dropped',
        message: `${error.problem.message}; member dropped`,
      });
      return undefined;
    }
  }
}

function chapters(c: ScpMemberChecker, value: unknown, field: string): ScpChapter[] {
  return c.array(value, field, (item, f) => {
    const chapter = c.object(item, f);
    return {
      time: c.nonNegativeInteger(chapter.time, `${f}.time`),
      title: c.string(chapter.title, `${f}.title`),
    };
  });
}

function icon(c: ScpMemberChecker, value: unknown, field: string): ScpMediaIcon {
  const raw = c.object(value, field);
  const result: ScpMediaIcon = {};
  if (raw.type !== undefined) {
    if (raw.type !== 'Image')
      c.fail('member.value', `${field}.type must be "Image"`, `${field}.type`);
    result.type = 'Image';
  }
  if (raw.url !== undefined) result.url = c.url(raw.url, `${field}.url`);
  return result;
}

function duration(c: ScpMemberChecker, value: unknown, field: string): string {
  const text = c.string(value, field);
  if (text.length > 64 || !DURATION.test(text)) {
    c.fail('member.value', `${field} is not an ISO 8601 duration (PT…H…M…S)`, field);
  }
  return text;
}

function mediaUrl(
  c: ScpMemberChecker,
  value: unknown,
  field: string,
  withRel: boolean,
): string | ScpMediaLink[] {
  if (typeof value === 'string') return c.url(value, field);
  const links = c.array(value, field, (item, f) => {
    const raw = c.object(item, f);
    const link: ScpMediaLink = {
      href: c.url(raw.href, `${f}.href`),
      mediaType: c.string(raw.mediaType, `${f}.mediaType`),
    };
    if (withRel) {
      const rel = c.optional(raw.rel, `${f}.rel`, (v, g) => c.string(v, g));
      if (rel !== undefined) link.rel = rel;
    }
    return link;
  });
  if (links.length === 0) c.fail('member.value', `${field} must not be an empty array`, field);
  return links;
}

function video(c: ScpMemberChecker, raw: Record<string, unknown>, p: string): ScpVideoBlock {
  const block: ScpVideoBlock = {
    type: 'video',
    name: c.string(raw.name, `${p}.name`),
    url: mediaUrl(c, raw.url, `${p}.url`, true),
  };
  const d = c.optional(raw.duration, `${p}.duration`, (v, f) => duration(c, v, f));
  if (d !== undefined) block.duration = d;
  const width = c.optional(raw.width, `${p}.width`, (v, f) => c.nonNegativeInteger(v, f));
  if (width !== undefined) block.width = width;
  const height = c.optional(raw.height, `${p}.height`, (v, f) => c.nonNegativeInteger(v, f));
  if (height !== undefined) block.height = height;
  const i = c.optional(raw.icon, `${p}.icon`, (v, f) => icon(c, v, f));
  if (i !== undefined) block.icon = i;
  const summary = c.optional(raw.summary, `${p}.summary`, (v, f) => c.string(v, f));
  if (summary !== undefined) block.summary = summary;
  const captions = c.optional(raw.captions, `${p}.captions`, (v, f) =>
    c.array(v, f, (item, g): ScpCaption => {
      const caption = c.object(item, g);
      return {
        language: c.string(caption.language, `${g}.language`),
        url: c.url(caption.url, `${g}.url`),
        label: c.string(caption.label, `${g}.label`),
      };
    }),
  );
  if (captions !== undefined) block.captions = captions;
  const ch = c.optional(raw.chapters, `${p}.chapters`, (v, f) => chapters(c, v, f));
  if (ch !== undefined) block.chapters = ch;
  const transcript = c.optional(raw.transcript, `${p}.transcript`, (v, f) => c.string(v, f));
  if (transcript !== undefined) block.transcript = transcript;
  return block;
}

function audio(c: ScpMemberChecker, raw: Record<string, unknown>, p: string): ScpAudioBlock {
  const block: ScpAudioBlock = {
    type: 'audio',
    name: c.string(raw.name, `${p}.name`),
    url: mediaUrl(c, raw.url, `${p}.url`, false),
  };
  const d = c.optional(raw.duration, `${p}.duration`, (v, f) => duration(c, v, f));
  if (d !== undefined) block.duration = d;
  const i = c.optional(raw.icon, `${p}.icon`, (v, f) => icon(c, v, f));
  if (i !== undefined) block.icon = i;
  const summary = c.optional(raw.summary, `${p}.summary`, (v, f) => c.string(v, f));
  if (summary !== undefined) block.summary = summary;
  const attributedTo = c.optional(raw.attributedTo, `${p}.attributedTo`, (v, f) => c.string(v, f));
  if (attributedTo !== undefined) block.attributedTo = attributedTo;
  const partOf = c.optional(raw.partOf, `${p}.partOf`, (v, f) => c.string(v, f));
  if (partOf !== undefined) block.partOf = partOf;
  const ch = c.optional(raw.chapters, `${p}.chapters`, (v, f) => chapters(c, v, f));
  if (ch !== undefined) block.chapters = ch;
  const transcript = c.optional(raw.transcript, `${p}.transcript`, (v, f) => c.string(v, f));
  if (transcript !== undefined) block.transcript = transcript;
  return block;
}

function headingLevel(c: ScpMemberChecker, value: unknown, field: string): 1 | 2 | 3 | 4 | 5 | 6 {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    c.fail('member.type', `${field} must be an integer`, field);
  }
  if (value >= 1 && value <= 6) return value as 1 | 2 | 3 | 4 | 5 | 6;
  if (c.mode === 'strict') c.fail('member.value', `${field} must be 1-6`, field);
  const clamped = value < 1 ? 1 : 6;
  c.notes.push({
    code: 'heading.level_clamped',
    message: `heading level ${value} clamped to ${clamped}`,
    field,
  });
  return clamped;
}

function blockOfType(
  c: ScpMemberChecker,
  type: ScpBlockType,
  raw: Record<string, unknown>,
  p: string,
): ScpBlock {
  switch (type) {
    case 'text':
      return { type, text: c.string(raw.text, `${p}.text`) };
    case 'heading': {
      const level = headingLevel(c, raw.level, `${p}.level`);
      return { type, level, text: c.string(raw.text, `${p}.text`) };
    }
    case 'link': {
      const url = c.url(raw.url, `${p}.url`);
      const text = c.string(raw.text, `${p}.text`);
      const rel = c.optional(raw.rel, `${p}.rel`, (v, f) =>
        c.array(v, f, (item, g) => c.string(item, g)),
      );
      return rel === undefined ? { type, url, text } : { type, url, text, rel };
    }
    case 'image':
      return { type, url: c.url(raw.url, `${p}.url`), alt: c.string(raw.alt, `${p}.alt`) };
    case 'list':
      return {
        type,
        ordered: c.boolean(raw.ordered, `${p}.ordered`),
        items: c.array(raw.items, `${p}.items`, (item, f) => c.string(item, f)),
      };
    case 'code': {
      const language = c.optional(raw.language, `${p}.language`, (v, f) => c.string(v, f));
      const code = c.string(raw.code, `${p}.code`);
      return language === undefined ? { type, code } : { type, language, code };
    }
    case 'table':
      return {
        type,
        rows: c.array(raw.rows, `${p}.rows`, (row, f) =>
          c.array(row, f, (cell, g) => c.string(cell, g)),
        ),
      };
    case 'quote': {
      const text = c.string(raw.text, `${p}.text`);
      const citation = c.optional(raw.citation, `${p}.citation`, (v, f) => c.string(v, f));
      return citation === undefined ? { type, text } : { type, text, citation };
    }
    case 'video':
      return video(c, raw, p);
    case 'audio':
      return audio(c, raw, p);
  }
}

/** Checks one content block against the spec's `contentBlock` schema (see the module comment). */
export function checkScpBlock(value: unknown, field: string, mode: ScpCheckMode): ScpBlockCheck {
  const c = new ScpMemberChecker(mode);
  try {
    const raw = c.object(value, field);
    const type = raw.type;
    if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) {
      return {
        ok: false,
        unknownType: typeof type === 'string',
        problem: {
          code: typeof type === 'string' ? 'block.unknown_type' : 'block.invalid',
          message:
            typeof type === 'string'
              ? `unknown content block type "${type.slice(0, 64)}"`
              : `${field}.type must be a string`,
          field: `${field}.type`,
        },
      };
    }
    const block = blockOfType(c, type as ScpBlockType, raw, field);
    return { ok: true, block, notes: c.notes };
  } catch (error) {
    if (!(error instanceof ScpInvalidMember)) throw error;
    return {
      ok: false,
      unknownType: false,
      problem: {
        code: 'block.invalid',
        message: error.problem.message,
        field: error.problem.field,
      },
    };
  }
}
