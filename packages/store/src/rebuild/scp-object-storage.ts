import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { normalizeUri, type AgentSiteOptions } from '@agent-ready/core';
import { OptionsValidationError } from '@agent-ready/core/errors';
import {
  documented,
  httpUrlOption,
  integerOption,
  nonEmptyString,
  optionsObject,
  booleanOption,
  parseOptions,
} from '@agent-ready/core/options';
import type * as S3 from '@aws-sdk/client-s3';
import { StoreError } from '../ground/store-errors';

/** Bytes to upload: a file the build wrote, or bytes read back from the table. */
export type UploadSource = Buffer | { file: string; size: number };

/** One SCP collection, its stored codings (gzip, and zstd where the publisher has it). */
export interface PublishedCollection {
  /** `<section>-snapshot`, `<section>-delta-<period>`: the start of its object names. */
  id: string;
  /** `sha256:<hex>` of the uncompressed collection. */
  checksum: string;
  gzip: UploadSource;
  zstd?: UploadSource;
}

/**
 * Where sealed SCP collections are published instead of the origin's `/scp/...` paths: object
 * storage behind a public base URL (a CDN or the bucket's own). Names never change meaning: they
 * carry the collection's checksum, so what is published under a name can be cached forever.
 */
export interface ScpCollectionHost {
  /** Part of the SCP builder's settings key: moving collections elsewhere rebuilds them all. */
  readonly key: string;
  /** Uploads both codings; resolves with the URL to advertise (the gzip object's). */
  publish(collection: PublishedCollection): Promise<string>;
  /** The advertised URL of a collection published before. */
  urlOf(collection: { id: string; checksum: string }): string;
}

/** The upload did not succeed within its attempts: the SCP build fails and keeps its last rows. */
export class ScpUploadError extends StoreError {}

const message = (what: string) => `must be ${what}`;

/** S3-compatible object storage for SCP collections (AWS S3, Cloudflare R2, MinIO...). */
export const scpObjectStorageOptionsSchema = optionsObject({
  bucket: documented(nonEmptyString(message('the bucket name')), {
    description: 'The bucket the collections are uploaded to.',
  }),
  publicBaseUrl: documented(httpUrlOption(), {
    description:
      'Where agents download what is in the bucket (a CDN or the bucket’s public URL): sitemap.xml advertises `<publicBaseUrl><prefix><name>`.',
  }),
  prefix: documented(
    z
      .string({ error: message('a key prefix such as scp/') })
      .regex(/^(?:[A-Za-z0-9._-]+\/)*$/, { error: message('a key prefix such as scp/') })
      .optional(),
    { description: 'Key prefix of the objects in the bucket.', default: '`scp/`' },
  ),
  region: documented(nonEmptyString(message('a region')).optional(), {
    description: 'The bucket’s region (`auto` on R2).',
    default: '`us-east-1`',
  }),
  endpoint: documented(httpUrlOption().optional(), {
    description: 'The S3 API endpoint of another provider (R2, MinIO).',
    default: "AWS's",
  }),
  forcePathStyle: documented(booleanOption().optional(), {
    description: 'Path-style requests (`<endpoint>/<bucket>/<key>`), as MinIO wants.',
    default: '`false`',
  }),
  credentials: documented(
    optionsObject({
      accessKeyId: documented(nonEmptyString(message('an access key id')), {
        description: 'The access key id.',
      }),
      secretAccessKey: documented(nonEmptyString(message('a secret access key')), {
        description: 'The secret access key.',
      }),
      sessionToken: documented(nonEmptyString(message('a session token')).optional(), {
        description: 'A session token (temporary credentials).',
        default: 'none',
      }),
    }).optional(),
    {
      description: '`{ accessKeyId, secretAccessKey }`.',
      default: "the AWS SDK's chain (environment, profile, role)",
    },
  ),
  attempts: documented(integerOption(message('an integer from 1 to 20'), 1, 20).optional(), {
    description: 'Tries per object before the build of the SCP family fails (and retries later).',
    default: '5',
  }),
  retryDelayMs: documented(integerOption(message('an integer of at least 0'), 0).optional(), {
    description: 'Wait before the second try, doubling for each one after it (ms).',
    default: '500',
  }),
});

export type ScpObjectStorageOptions = z.input<typeof scpObjectStorageOptionsSchema> & {
  /** Awaited after a failed try, before the wait for the next (logs; tests). */
  onRetry?: (attempt: number, error: Error) => void | Promise<void>;
};

type S3Module = typeof S3;

/** The AWS SDK, loaded only when object storage is configured: nobody else installs it. */
async function loadS3(): Promise<S3Module> {
  try {
    return await import('@aws-sdk/client-s3');
  } catch (error) {
    throw new StoreError(
      'store.s3-missing',
      'scp object storage needs the @aws-sdk/client-s3 package, which is not installed: npm install @aws-sdk/client-s3',
      { field: 'objectStorage', cause: error },
    );
  }
}

const ignore = () => undefined;
const SILENT_SDK_LOGGER = {
  trace: ignore,
  debug: ignore,
  info: ignore,
  warn: ignore,
  error: ignore,
};

/** Whether another try may succeed: no answer at all, throttling, or a server error. */
function retryable(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === undefined || status === 429 || status >= 500;
}

/** Each path segment percent-encoded for the advertised URL (a section name may hold anything). */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

export function createScpObjectStorage(input: ScpObjectStorageOptions): ScpCollectionHost {
  const { onRetry, ...rest } = input;
  const options = scpObjectStorageOptionsSchema.parse(rest);
  const prefix = options.prefix ?? 'scp/';
  const base = options.publicBaseUrl.endsWith('/')
    ? options.publicBaseUrl
    : `${options.publicBaseUrl}/`;
  const attempts = options.attempts ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 500;
  let client: Promise<{ s3: S3Module; send: InstanceType<S3Module['S3Client']> }> | undefined;

  const connect = () =>
    (client ??= loadS3().then((s3) => ({
      s3,
      send: new s3.S3Client({
        region: options.region ?? 'us-east-1',
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        ...(options.forcePathStyle ? { forcePathStyle: true } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
        // Our loop retries (with a hook the tests use); the SDK's would retry inside each try.
        maxAttempts: 1,
        // No checksum trailers unless an operation needs them: S3-compatible stores (and the
        // emulator the tests use) do not all read aws-chunked uploads.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // The SDK would write to the console; failures are reported as ScpUploadError instead.
        logger: SILENT_SDK_LOGGER,
      }),
    })));

  const keyOf = (id: string, checksum: string, coding: 'gz' | 'zst') =>
    `${prefix}${id}-${checksum.replace(/^sha256:/, '')}.scp.${coding}`;

  async function put(key: string, source: UploadSource, coding: 'gzip' | 'zstd') {
    const { s3, send } = await connect();
    for (let attempt = 1; ; attempt++) {
      try {
        await send.send(
          new s3.PutObjectCommand({
            Bucket: options.bucket,
            Key: key,
            // A new stream per try: a failed one may have read part of the file.
            Body: Buffer.isBuffer(source) ? source : createReadStream(source.file),
            ContentLength: Buffer.isBuffer(source) ? source.length : source.size,
            ContentType: 'application/scp',
            ContentEncoding: coding,
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
        return;
      } catch (caught) {
        const error = caught as Error;
        if (attempt >= attempts || !retryable(error)) {
          throw new ScpUploadError(
            'store.scp-upload',
            `uploading ${key} to ${options.bucket} failed after ${attempt} tries: ${error.message || error.name}`,
            { field: 'objectStorage', cause: error },
          );
        }
        await onRetry?.(attempt, error);
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (attempt - 1)));
      }
    }
  }

  const urlOf = (collection: { id: string; checksum: string }) =>
    normalizeUri(`${base}${encodeKey(keyOf(collection.id, collection.checksum, 'gz'))}`);

  return {
    key: JSON.stringify(['s3', options.endpoint ?? '', options.bucket, prefix, base]),
    async publish(collection) {
      // The advertised (gzip) object last: whoever finds it finds its zstd sibling too.
      if (collection.zstd)
        await put(keyOf(collection.id, collection.checksum, 'zst'), collection.zstd, 'zstd');
      await put(keyOf(collection.id, collection.checksum, 'gz'), collection.gzip, 'gzip');
      return urlOf(collection);
    },
    urlOf,
  };
}

/** What a site with `scp: false` and collections in object storage is told. */
export const SCP_OBJECT_STORAGE_NEEDS_SCP =
  'needs SCP collections, which are off (scp: false): remove one of the two';

const scpIsOff = (options: unknown) =>
  typeof options === 'object' &&
  options !== null &&
  (options as { scp?: unknown }).scp === false &&
  (options as { scpObjectStorage?: unknown }).scpObjectStorage !== undefined;

/**
 * The adapters' rule across options: `scpObjectStorage` needs SCP collections on. Checked on the
 * raw value while other options are wrong too, so every problem is named at once.
 */
export function withScpObjectStorageRule<Schema extends z.ZodType>(schema: Schema) {
  return schema.refine((options: unknown) => !scpIsOff(options), {
    path: ['scpObjectStorage'],
    error: SCP_OBJECT_STORAGE_NEEDS_SCP,
    when: () => true,
  });
}

const openingSchema = optionsObject({ scpObjectStorage: scpObjectStorageOptionsSchema });

/**
 * The collection host a site's `scpObjectStorage` option describes (`undefined` without it),
 * checked first: an OptionsValidationError names a bad field, or the option on a site whose SCP
 * collections are off.
 */
export function scpCollectionHostFor(
  site: AgentSiteOptions,
  storage: ScpObjectStorageOptions | undefined,
): ScpCollectionHost | undefined {
  if (storage === undefined) return undefined;
  if (site.scp === false) {
    throw new OptionsValidationError([
      { field: 'scpObjectStorage', message: SCP_OBJECT_STORAGE_NEEDS_SCP },
    ]);
  }
  const { onRetry, ...rest } = storage;
  parseOptions(openingSchema, { scpObjectStorage: rest });
  return createScpObjectStorage({ ...rest, ...(onRetry ? { onRetry } : {}) });
}
