import { normalizeUri } from '../uri';
import type { ScpPage } from './scp-types';

type MaybePromise<T> = T | Promise<T>;

/**
 * What delta application needs from a crawler's store of pages (spec "Delta Application").
 * Any method may be async. Pages are identified by `url`; the store decides how URLs compare.
 */
export interface ScpLocalIndex {
  get(url: string): MaybePromise<ScpPage | undefined>;
  put(page: ScpPage): MaybePromise<void>;
  delete(url: string): MaybePromise<void>;
  /** Every stored page URL (used to learn deletions from a snapshot). */
  urls(): AsyncIterable<string> | Iterable<string>;
}

/**
 * A `ScpLocalIndex` in a Map. URLs compare after normalization (DECISIONS §5), so
 * `HTTPS://Example.com/a` and `https://example.com/a` are one page.
 */
export class InMemoryScpIndex implements ScpLocalIndex {
  private readonly pages = new Map<string, ScpPage>();

  private key(url: string): string {
    try {
      return normalizeUri(url);
    } catch {
      return url;
    }
  }

  get(url: string): ScpPage | undefined {
    return this.pages.get(this.key(url));
  }

  put(page: ScpPage): void {
    this.pages.set(this.key(page.url), page);
  }

  delete(url: string): void {
    this.pages.delete(this.key(url));
  }

  urls(): string[] {
    return [...this.pages.values()].map((page) => page.url);
  }

  get size(): number {
    return this.pages.size;
  }
}
