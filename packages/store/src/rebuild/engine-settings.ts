import {
  documentRenderKey,
  sha256Hex,
  type PrepareDocumentOptions,
  type ServingSettings,
} from '@agent-ready/core';
import type { DocumentWriterSettings } from '../writer/document-writer';
import type { ArtifactBuilder } from './artifact-builder';

/** The settings an engine runs with now; `configure` replaces them while it runs. */
export interface EngineSettings extends DocumentWriterSettings {
  builders: readonly ArtifactBuilder[];
  serving: ServingSettings | undefined;
  rendering: PrepareDocumentOptions | undefined;
  /** Of `builders` and `serving` (`configKeyOf`): artifacts installed under another are stale. */
  configKey: string;
}

/**
 * Identifies the builders' settings and the serving settings stored with them: artifacts
 * installed under another key are rebuilt (and the serving settings stored again).
 */
export function configKeyOf(
  builders: readonly ArtifactBuilder[],
  serving: ServingSettings | undefined,
): string {
  return sha256Hex(
    JSON.stringify([builders.map((b) => [b.family, b.settingsKey]), serving ?? null]),
  );
}

/** Whether documents render otherwise under `settings` now than under `before`. */
export function renderingChangedSince(
  settings: EngineSettings,
  before: PrepareDocumentOptions,
): boolean {
  return (
    settings.rendering === undefined ||
    documentRenderKey(settings.rendering) !== documentRenderKey(before)
  );
}
