import { AgentReadyError } from '../../errors';
import { isTctProfileName, type TctProfileName } from '../../tct/tct-profile';

/**
 * Reading a stored artifact descriptor (the JSON the builders write beside an artifact's bytes):
 * every field checked, and every error naming the artifact and the field. Each stored family
 * reads its own descriptor with it (`<family>-descriptor.ts`).
 */

/** A stored descriptor that is not one of a known family (written by another version, or broken). */
export class ArtifactDescriptorError extends AgentReadyError {}

/** A stored descriptor, as JSON. */
export type Json = Record<string, unknown>;

/** Reads the fields of one stored object, naming the artifact and the field in every error. */
export class FieldReader {
  constructor(
    private readonly artifact: string,
    private readonly value: Json,
    private readonly path: string,
  ) {}

  private fail(key: string, expected: string): never {
    const field = `${this.path}${key}`;
    throw new ArtifactDescriptorError(
      'serve.artifact-descriptor',
      `artifact ${this.artifact}: ${field} must be ${expected}`,
      { field, value: this.value[key] },
    );
  }

  has(key: string): boolean {
    return this.value[key] !== undefined;
  }

  string(key: string): string {
    const value = this.value[key];
    return typeof value === 'string' ? value : this.fail(key, 'a string');
  }

  number(key: string): number {
    const value = this.value[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : this.fail(key, 'a number');
  }

  boolean(key: string): boolean {
    const value = this.value[key];
    return typeof value === 'boolean' ? value : this.fail(key, 'true or false');
  }

  stringOrNull(key: string): string | null {
    const value = this.value[key];
    if (value === null || value === undefined) return null;
    return typeof value === 'string' ? value : this.fail(key, 'a string or null');
  }

  profileName(key: string): TctProfileName {
    const value = this.value[key];
    return isTctProfileName(value) ? value : this.fail(key, "'tct-1' or 'tct-03'");
  }

  strings(key: string): string[] {
    const value = this.value[key];
    return Array.isArray(value) && value.every((item) => typeof item === 'string')
      ? [...value]
      : this.fail(key, 'a list of strings');
  }

  object(key: string): FieldReader {
    const value = this.value[key];
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return this.fail(key, 'an object');
    return new FieldReader(this.artifact, value as Json, `${this.path}${key}.`);
  }

  /** Each member of an object, read the same way. */
  entries<T>(key: string, read: (member: FieldReader) => T): Record<string, T> {
    const object = this.object(key);
    return Object.fromEntries(
      Object.keys(object.value).map((name) => [name, read(object.object(name))]),
    );
  }

  list<T>(key: string, read: (member: FieldReader) => T): T[] {
    const value = this.value[key];
    if (!Array.isArray(value)) return this.fail(key, 'a list');
    const list = new FieldReader(this.artifact, { ...value } as Json, `${this.path}${key}.`);
    return value.map((_, index) => read(list.object(String(index))));
  }

  optional<T>(key: string, read: (reader: this, key: string) => T): T | undefined {
    return this.has(key) ? read(this, key) : undefined;
  }

  kind<K extends string>(kinds: readonly K[]): K {
    const value = this.value.kind;
    return kinds.includes(value as K)
      ? (value as K)
      : this.fail('kind', `one of ${kinds.join(', ')}`);
  }
}
