import {
  prepareDocument,
  prepareOptionsFor,
  ValidationError,
  type AgentDocument,
  type AgentSiteOptions,
} from '@agent-ready/core';
import type { AgentSite } from './open-agent-site';
import type { RegenerationEngine } from './regeneration-engine';
import type { ReconcileOptions, ReconcileOutcome } from './writer/reconcile-documents';
import type { RemoveOutcome, RemovalReason, UpsertOutcome } from './writer/write-outcomes';

/** What an app that publishes its own documents calls (standalone mode: its site has an engine). */
export interface DocumentPublishing {
  /** Stores or updates a published document (standalone mode). */
  publish(document: AgentDocument): Promise<UpsertOutcome>;
  /** Unpublishes a document: its M-URL answers 404 from now on (standalone mode). */
  unpublish(id: string, locale?: string): Promise<RemoveOutcome>;
  /** Deletes a document: its M-URL answers 410 Gone, from a tombstone (standalone mode). */
  remove(id: string, locale?: string): Promise<RemoveOutcome>;
  /**
   * Makes the table match a complete list of published documents (standalone mode), in batches
   * at database speed. With an array, `resume: true` goes on from where a rebuild of the same
   * list that did not finish (a crash, a restart) left off; `onProgress` gets done, total, rate
   * and time left (also `engine.reconcileProgress()`).
   */
  rebuild(
    documents: Iterable<AgentDocument> | AsyncIterable<AgentDocument>,
    options?: Pick<ReconcileOptions, 'resume' | 'onProgress' | 'progressEvery' | 'signal'>,
  ): Promise<ReconcileOutcome>;
}

/**
 * publish, unpublish, remove and rebuild over the engine of `site` (opened on first call), each
 * document prepared under the site's options; a read-only site refuses them.
 */
export function documentPublishing(
  site: () => Promise<AgentSite>,
  options: AgentSiteOptions,
): DocumentPublishing {
  const prepareOptions = prepareOptionsFor(options);
  const prepare = (document: AgentDocument) => prepareDocument(document, prepareOptions);
  const writer = async (): Promise<RegenerationEngine> => {
    const { engine } = await site();
    if (engine) return engine;
    throw new ValidationError(
      'options.read-only',
      'this site is read-only: documents are published by the writer',
      { field: 'mode' },
    );
  };
  const removal =
    (reason: RemovalReason) =>
    async (id: string, locale = '') =>
      (await writer()).remove(id, locale, reason);
  return {
    publish: async (document) => (await writer()).upsert(prepare(document)),
    unpublish: removal('unpublished'),
    remove: removal('deleted'),
    rebuild: async (documents, reconcile = {}) => {
      const engine = await writer();
      if (Array.isArray(documents)) {
        const list = documents as AgentDocument[];
        // A list: resumable, and its length gives the time left.
        function* preparedFrom(from: number) {
          for (let at = from; at < list.length; at++) yield prepare(list[at]!);
        }
        return engine.reconcile(preparedFrom, { ...reconcile, total: list.length });
      }
      async function* prepared() {
        for await (const document of documents) yield prepare(document);
      }
      return engine.reconcile(prepared(), { ...reconcile, resume: false });
    },
  };
}
