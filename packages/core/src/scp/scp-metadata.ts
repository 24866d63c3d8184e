import { ScpFormatError, ScpValidationError } from './scp-errors';
import { compareScpInstants, formatScpTimestamp, parseScpTimestamp } from './scp-timestamp';
import { SCP_VERSION, type ScpCollectionMetadata, type ScpCollectionType } from './scp-types';

const IDENTIFIER = /^[a-zA-Z0-9_-]+$/;
const VERSION = /^(\d+)\.(\d+)$/;
export const SCP_CHECKSUM_PATTERN = /^sha256:[0-9a-fA-F]{64}$/;
const METADATA_RULE = 'SCP v0.1 Collection Metadata Schema';
const MAX_IDENTIFIER_LENGTH = 1024;
const [SUPPORTED_MAJOR, SUPPORTED_MINOR] = SCP_VERSION.split('.').map(Number) as [number, number];

/** What a publisher supplies for line 1; the checksum is computed by the writer. */
export interface ScpMetadataInput {
  id: string;
  section: string;
  type: ScpCollectionType;
  generated: string | Date;
  /** Required for deltas. */
  since?: string | Date;
  /** Defaults to the version this library writes ("0.1"). */
  version?: string;
}

function isIdentifier(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length <= MAX_IDENTIFIER_LENGTH && IDENTIFIER.test(value)
  );
}

/**
 * Line-1 metadata, validated and in the fixed member order of the reference generator:
 * id, section, type, generated, version, since (deltas only). Throws `ScpValidationError`.
 */
export function buildScpMetadata(input: ScpMetadataInput): ScpCollectionMetadata {
  const fail = (field: string, message: string, value?: unknown): never => {
    throw new ScpValidationError('scp.metadata.invalid', message, {
      field,
      value,
      rule: METADATA_RULE,
    });
  };
  if (typeof input !== 'object' || input === null) fail('', 'metadata must be an object');
  if (!isIdentifier(input.id)) fail('id', 'id must match ^[a-zA-Z0-9-_]+$', input.id);
  if (!isIdentifier(input.section))
    fail('section', 'section must match ^[a-zA-Z0-9-_]+$', input.section);
  if (input.type !== 'snapshot' && input.type !== 'delta')
    fail('type', 'type must be "snapshot" or "delta"', input.type);
  const version = input.version ?? SCP_VERSION;
  if (typeof version !== 'string' || !VERSION.test(version))
    fail('version', 'version must be MAJOR.MINOR', version);
  const generated = formatScpTimestamp(input.generated, 'generated');
  const metadata: ScpCollectionMetadata = {
    id: input.id,
    section: input.section,
    type: input.type,
    generated,
    version,
  };
  if (input.type === 'delta') {
    if (input.since === undefined) fail('since', 'a delta collection needs since');
    const since = formatScpTimestamp(input.since!, 'since');
    if (compareScpInstants(parseScpTimestamp(since)!, parseScpTimestamp(generated)!) > 0) {
      fail('since', 'since is after generated', since);
    }
    metadata.since = since;
  } else if (input.since !== undefined) {
    fail('since', 'since is only for delta collections', input.since);
  }
  return metadata;
}

/** `{"collection":{…}}` in the fixed member order (id, section, type, generated, version, since, checksum). */
export function serializeScpMetadataLine(metadata: ScpCollectionMetadata): string {
  const collection: Record<string, string> = {
    id: metadata.id,
    section: metadata.section,
    type: metadata.type,
    generated: metadata.generated,
    version: metadata.version,
  };
  if (metadata.since !== undefined) collection.since = metadata.since;
  if (metadata.checksum !== undefined) collection.checksum = metadata.checksum;
  return JSON.stringify({ collection });
}

export interface ScpMetadataRead {
  metadata: ScpCollectionMetadata;
  /** Set when the version is a newer minor than ours (accepted, spec "Version Compatibility"). */
  newerMinorVersion: boolean;
}

/**
 * The crawler's check of line 1 (already JSON-parsed). Anything wrong is fatal
 * (`ScpFormatError`, DECISIONS §2 "a bad first line is fatal"); a higher major version is
 * rejected, a higher minor accepted; unknown members are ignored.
 */
export function readScpMetadata(value: unknown): ScpMetadataRead {
  const fail = (field: string, message: string, code = 'scp.metadata.invalid'): never => {
    throw new ScpFormatError(code, message, { field, line: 1, rule: METADATA_RULE });
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('', 'line 1 must be a JSON object');
  const collection = (value as Record<string, unknown>).collection;
  if (typeof collection !== 'object' || collection === null || Array.isArray(collection)) {
    fail('collection', 'line 1 must hold a "collection" object');
  }
  const c = collection as Record<string, unknown>;
  if (typeof c.version !== 'string')
    fail('collection.version', 'collection.version is required (a string)');
  const version = VERSION.exec(c.version as string);
  if (!version) fail('collection.version', 'collection.version must be MAJOR.MINOR');
  const major = Number(version![1]);
  const minor = Number(version![2]);
  if (major > SUPPORTED_MAJOR) {
    fail(
      'collection.version',
      `collection version ${c.version} has a major version above ${SUPPORTED_MAJOR}`,
      'scp.version.unsupported',
    );
  }
  if (!isIdentifier(c.id)) fail('collection.id', 'collection.id must match ^[a-zA-Z0-9-_]+$');
  if (!isIdentifier(c.section))
    fail('collection.section', 'collection.section must match ^[a-zA-Z0-9-_]+$');
  if (c.type !== 'snapshot' && c.type !== 'delta')
    fail('collection.type', 'collection.type must be "snapshot" or "delta"');
  const generated = parseScpTimestamp(c.generated);
  if (!generated)
    fail('collection.generated', 'collection.generated must be an RFC 3339 date-time');
  const metadata: ScpCollectionMetadata = {
    id: c.id as string,
    section: c.section as string,
    type: c.type as ScpCollectionType,
    generated: c.generated as string,
    version: c.version as string,
  };
  if (c.type === 'delta') {
    const since = parseScpTimestamp(c.since);
    if (!since) fail('collection.since', 'a delta needs collection.since, an RFC 3339 date-time');
    if (compareScpInstants(since!, generated!) > 0)
      fail('collection.since', 'collection.since is after generated');
    metadata.since = c.since as string;
  } else if (c.since !== undefined) {
    // The schema does not forbid it on snapshots; it means nothing there.
    if (!parseScpTimestamp(c.since))
      fail('collection.since', 'collection.since must be an RFC 3339 date-time');
  }
  if (c.checksum !== undefined) {
    if (typeof c.checksum !== 'string' || !SCP_CHECKSUM_PATTERN.test(c.checksum)) {
      fail('collection.checksum', 'collection.checksum must be sha256: and 64 hex digits');
    }
    metadata.checksum = c.checksum as string;
  }
  return { metadata, newerMinorVersion: major === SUPPORTED_MAJOR && minor > SUPPORTED_MINOR };
}
