import type { TctProfile } from '../../tct/tct-profile';
import type { FieldReader, Json } from './descriptor-fields';

// What a stored family's artifacts are, apart from the rest of a family (a leaf: the
// descriptors name it without reaching the endpoint context and the content source).

/** A stored descriptor of any family, as the store writes and reads it. */
export interface ArtifactDescriptorBase {
  family: string;
}

/** What a stored family's artifacts are: how a descriptor is read, what it is served as. */
export interface StoredArtifactFamily<D extends ArtifactDescriptorBase = ArtifactDescriptorBase> {
  /** The `family` column of its artifact rows, and of its descriptors. */
  readonly name: D['family'];
  /** Its descriptor from the stored JSON (without `family`), every field checked. */
  read(fields: FieldReader): D;
  /** The layout rows of earlier versions stored (before `kind`), in today's form. */
  upgradeLegacy(name: string, meta: Json): Json;
  /** The Content-Type it is served with: formed by core, never taken from storage. */
  contentType(descriptor: D, profile: TctProfile): string;
}
