/**
 * The process's in-memory caches as one list (/support/cache): each module registers
 * its caches with a stable name, a German label, how many entries it holds, when the oldest was
 * stored, and how to clear it. This file knows nothing about the database; generations.ts makes
 * a clear reach every server process.
 */
import type { TtlCache } from './ttl-cache';

export interface CacheSource {
  /** Stable id in URLs and the cache_generation table: lower-case letters, digits, "-". */
  name: string;
  /** German, shown on the staff screen. */
  label: string;
  /** Entries held now (expired ones not counted). */
  entries(): number;
  /** When the oldest entry held now was stored (epoch ms); null when empty. */
  oldestAt(): number | null;
  /** Bytes held now, when the cache counts them (the render cache does). */
  bytes?(): number;
  /** Lookups answered from the cache and not, since the process started, when counted. */
  lookups?(): { hits: number; misses: number };
  /** Drops this process's copy; the next request fills it again from the database. */
  clear(): void | Promise<void>;
}

/**
 * The rendered public pages (server/pages/render-cache.ts): modules whose data the pages show
 * invalidate it when that data change (app.caches.invalidate).
 */
export const PAGES_CACHE = 'pages';

export const CACHE_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,59}$/;

/** A TtlCache as a source. */
export function ttlCacheSource(name: string, label: string, cache: TtlCache<unknown>): CacheSource {
  return {
    name,
    label,
    entries: () => cache.stats().entries,
    oldestAt: () => cache.stats().oldestAt,
    clear: () => cache.clear(),
  };
}

export class CacheRegistry {
  private readonly sources = new Map<string, CacheSource>();

  register(source: CacheSource): void {
    if (!CACHE_NAME_PATTERN.test(source.name)) {
      throw new Error(`cache name "${source.name}" must match ${String(CACHE_NAME_PATTERN)}`);
    }
    if (this.sources.has(source.name)) throw new Error(`cache "${source.name}" registered twice`);
    this.sources.set(source.name, source);
  }

  get(name: string): CacheSource | undefined {
    return this.sources.get(name);
  }

  /** In the order of registration. */
  list(): CacheSource[] {
    return [...this.sources.values()];
  }
}
