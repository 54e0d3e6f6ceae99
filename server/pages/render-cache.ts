/**
 * The render cache of public pages (docs/decisions/021): what an anonymous visitor
 * gets for a path is the same for every anonymous visitor with the same locale and consent
 * state, until its data change. Kept per process, bounded by bytes (least recently used goes
 * first), each entry for its page's lifetime (SPEC §9: 120 s for price data, 3600 s for news,
 * dealers and reviews), and dropped as a whole when its data change in any process: a price
 * snapshot, a CMS change or a staff clear bump the "pages" generation (server/modules/caches).
 */
import { createHash } from 'node:crypto';
import type { DataKind } from '../../src/api/contract/pages';
import { PRICES_MAX_AGE_S } from '../../src/api/contract/prices';
import { CONTENT_MAX_AGE_S } from '../../src/api/contract/content';
import { PrecompressedText, type Encoding } from '../plugins/precompressed';

/** The staff screen's name of the cache (server/modules/caches). */
export { PAGES_CACHE as RENDER_CACHE_NAME } from '../modules/caches';

export interface CachedPage {
  status: 200;
  /**
   * The whole document, with each compressed form made once, when first asked for: compressing
   * ~100 kB of HTML on every request took 3–6 ms, most of a hit; making brotli and
   * gzip for every render, also for a client that takes neither, about 1 ms of each.
   */
  content: PrecompressedText;
  /** A weak validator of the body: `W/"…"`. */
  etag: string;
  /** The page's lifetime in seconds (Cache-Control s-maxage). */
  maxAgeSeconds: number;
  storedAt: number;
}

interface Entry {
  page: CachedPage;
  expiresAt: number;
}

export interface RenderCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  oldestAt: number | null;
}

/** A page's size in memory, roughly: its bytes, their compressed forms, the key. */
function sizeOf(key: string, page: CachedPage): number {
  return page.content.size + 2 * key.length + 200;
}

/**
 * A page to keep: its text, and its form in `encoding` (the one the request that rendered it
 * takes) made now; other forms when a later request asks for them.
 */
export function pageContent(body: string, encoding?: Encoding): PrecompressedText {
  // Brotli 6: a town page 18.8 kB instead of 20.7 kB at 4, for 3 ms instead of 2 once per page.
  const content = new PrecompressedText(body, 6);
  if (encoding) content.body(encoding);
  return content;
}

export class RenderCache {
  /** In order of use: the first is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private hits = 0;
  private misses = 0;

  constructor(
    readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** The page kept for `key` and still within its lifetime; counts a hit or a miss. */
  get(key: string): CachedPage | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) {
      // Most recently used: to the end.
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.hits += 1;
      return entry.page;
    }
    if (entry) this.entries.delete(key);
    this.misses += 1;
    return undefined;
  }

  set(key: string, page: CachedPage): void {
    if (!this.enabled) return;
    if (sizeOf(key, page) > this.maxBytes) return;
    this.entries.delete(key);
    this.entries.set(key, { page, expiresAt: page.storedAt + page.maxAgeSeconds * 1000 });
    let bytes = this.bytes;
    for (const [oldestKey, oldest] of this.entries) {
      if (bytes <= this.maxBytes) break;
      bytes -= sizeOf(oldestKey, oldest.page);
      this.entries.delete(oldestKey);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  /**
   * The bytes held, counted anew: a kept page grows by each compressed form a later request
   * asks for (pageContent). A sum over at most a few thousand entries, once per stored page.
   */
  private get bytes(): number {
    let bytes = 0;
    for (const [key, { page }] of this.entries) bytes += sizeOf(key, page);
    return bytes;
  }

  stats(): RenderCacheStats {
    const now = this.now();
    let entries = 0;
    let oldestAt: number | null = null;
    for (const { page, expiresAt } of this.entries.values()) {
      if (expiresAt <= now) continue;
      entries += 1;
      if (oldestAt === null || page.storedAt < oldestAt) oldestAt = page.storedAt;
    }
    return { entries, bytes: this.bytes, hits: this.hits, misses: this.misses, oldestAt };
  }
}

/** The data a page shows that is a price of the day (SPEC §9: kept 120 s). */
const PRICE_KINDS: ReadonlySet<DataKind> = new Set<DataKind>([
  'bestPrice',
  'priceAverage',
  'priceHistory',
  'priceFaq',
  'priceFactors',
  'localPrices',
  'offerList',
  'dealer',
]);

/** Query parameters that say where a visitor came from and never change what a page shows. */
const TRACKING_PARAMETER = /^(?:utm_[a-z_]*|gclid|gbraid|wbraid|fbclid|msclkid|mc_cid|mc_eid)$/i;

/**
 * The part of a request's address that decides the page: path and query without the campaign
 * parameters (utm_*, click ids) — a newsletter or an ad whose every link carries its own would
 * otherwise render and keep one copy of the same page per recipient.
 */
export function pageAddressKey(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const kept = url
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A name that is not valid percent-encoding is kept as it is.
      }
      return pair !== '' && !TRACKING_PARAMETER.test(decoded);
    });
  return kept.length === 0 ? url.slice(0, queryAt) : `${url.slice(0, queryAt)}?${kept.join('&')}`;
}

/**
 * How long a page may be kept: as long as its shortest-lived data. Prices 120 s; news, CMS
 * pages, dealers, reviews, regions and the calculator's options 3600 s (SPEC §9).
 */
export function pageLifetimeSeconds(kinds: readonly DataKind[]): number {
  return kinds.some((kind) => PRICE_KINDS.has(kind)) ? PRICES_MAX_AGE_S : CONTENT_MAX_AGE_S;
}

/** A weak validator from the document's bytes: equal pages, equal tags, in every process. */
export function etagOf(body: string): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match holds `etag` (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}

/**
 * The Cache-Control of a public page: browsers ask again each time (a 304 when nothing
 * changed), shared caches keep it for its lifetime and may serve it stale for as long again
 * while they fetch the new one in the background.
 */
export function publicCacheControl(maxAgeSeconds: number): string {
  return `public, max-age=0, s-maxage=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds}`;
}
