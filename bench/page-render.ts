/**
 * Cold server renders of public pages: the real server in its own process with the
 * render cache off (`RENDER_CACHE_BYTES=0`), asked one request at a time as an anonymous first
 * visitor (no cookies) that takes the page uncompressed, so the figure is the render itself:
 * routing, the route's data, React's render and the page's assembly, not gzip or a cached copy.
 * Pages: home, a state's and a town's price page, a dealer's page (the last two found in the
 * sitemap, so the bench follows the data). The pages are asked in rotating order, so a busier
 * moment of the shared machine hits them alike; the figure per page is p50 and p99 of its
 * requests after a warm-up.
 *
 * `npx tsx bench/page-render.ts` starts its own server (port 3420, a temporary DATA_DIR; the
 * first start imports the reference data) against the built client (`npm run build` first).
 * Prints a table; exits 1 when a budget is missed or cannot be measured.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { median, sitemapPages, startServer, waitForHealth } from './api-load';

/** A cold render of each page within 15 ms at the median. */
export const PAGE_RENDER_BUDGET = { p50Ms: 15 } as const;

export const PAGE_RENDER_PORT = 3420;

export interface PageRenderOptions {
  root: string;
  /** Measured requests per page (after `warmup` unmeasured ones). */
  requests?: number;
  warmup?: number;
  /** A running server to ask instead of starting one (it should run with RENDER_CACHE_BYTES=0). */
  base?: string;
}

export interface PageRenderFigures {
  page: string;
  path: string;
  p50Ms: number;
  p99Ms: number;
  /** Size of the HTML answer. */
  bytes: number;
  requests: number;
}

type PageKey = 'home' | 'state' | 'town' | 'dealer';

const STATE_PATH = '/heizoelpreise/bayern';

export async function measurePageRender({
  root,
  requests = 200,
  warmup = 20,
  base,
}: PageRenderOptions): Promise<PageRenderFigures[]> {
  if (base) return measureAt(base, requests, warmup);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-page-render-'));
  const server = startServer(root, PAGE_RENDER_PORT, {
    DATA_DIR: dataDir,
    // The render cache off: every request renders.
    RENDER_CACHE_BYTES: '0',
    // A bench of its own data, never a PostgreSQL named for the API bench.
    DATABASE_URL: '',
  });
  try {
    const url = `http://127.0.0.1:${PAGE_RENDER_PORT}`;
    await waitForHealth(url, server.child);
    return await measureAt(url, requests, warmup);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureAt(
  base: string,
  requests: number,
  warmup: number,
): Promise<PageRenderFigures[]> {
  // One connection kept open, as a browser keeps it: the figure is the server's, not TCP set-up.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const pages = await pagesToMeasure(base);
    const keys = Object.keys(pages) as PageKey[];
    const times: Record<PageKey, number[]> = { home: [], state: [], town: [], dealer: [] };
    const bytes: Record<PageKey, number> = { home: 0, state: 0, town: 0, dealer: 0 };
    for (let round = 0; round < warmup + requests; round++) {
      for (let i = 0; i < keys.length; i++) {
        const key = keys[(round + i) % keys.length]!;
        const { ms, body } = await get(base, pages[key], agent);
        if (round >= warmup) times[key].push(ms);
        bytes[key] = body.length;
      }
    }
    return keys.map((key) => ({
      page: key,
      path: pages[key],
      p50Ms: median(times[key]),
      p99Ms: percentile(times[key], 0.99),
      bytes: bytes[key],
      requests: times[key].length,
    }));
  } finally {
    agent.destroy();
  }
}

/** The four pages; the town and the dealer are the first of their kind in the sitemap. */
async function pagesToMeasure(base: string): Promise<Record<PageKey, string>> {
  const { town, dealer } = await sitemapPages(base);
  return { home: '/', state: STATE_PATH, town, dealer };
}

/**
 * Requests per client address. Renders the cache does not answer count against a budget per
 * address (server/plugins/page-limits.ts: 30 a second, 300 at once), and this bench renders
 * faster than that one after the other: it moves on to the next loopback address (127.0.0.2,
 * .3, …; all of 127/8 is this machine on Linux) before an address's 300 are used up.
 */
const REQUESTS_PER_ADDRESS = 250;
let sent = 0;

/** One GET as a first visit without cookies, uncompressed; refuses anything but 200. */
function get(base: string, path: string, agent: Agent): Promise<{ ms: number; body: string }> {
  const localAddress = new URL(base).hostname.startsWith('127.')
    ? `127.0.0.${2 + (Math.floor(sent++ / REQUESTS_PER_ADDRESS) % 250)}`
    : undefined;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(
      `${base}${path}`,
      { agent, localAddress, headers: { 'accept-encoding': 'identity', accept: 'text/html' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const ms = performance.now() - started;
          if (res.statusCode !== 200) {
            reject(new Error(`${path}: HTTP ${res.statusCode}`));
            return;
          }
          resolve({ ms, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

export function pageRenderRows(
  figures: readonly PageRenderFigures[],
): { name: string; value: string; budget: string; ok: boolean }[] {
  return figures.map((f) => ({
    name: `Render ${f.page} (p50)`,
    value: `${f.p50Ms.toFixed(1)} ms (p99 ${f.p99Ms.toFixed(1)} ms)`,
    budget: `≤ ${PAGE_RENDER_BUDGET.p50Ms} ms`,
    ok: f.p50Ms <= PAGE_RENDER_BUDGET.p50Ms,
  }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const requests = Number(process.env.BENCH_RENDER_REQUESTS ?? 200);
  measurePageRender({ root, requests, base: process.env.BENCH_RENDER_BASE }).then(
    (figures) => {
      console.log(`Kalte Server-Renders, je Seite ${requests} Anfragen nacheinander:`);
      console.log(['Seite', 'p50 ms', 'p99 ms', 'kB', 'Pfad'].join('\t'));
      for (const f of figures) {
        console.log(
          [
            f.page,
            f.p50Ms.toFixed(1),
            f.p99Ms.toFixed(1),
            (f.bytes / 1000).toFixed(1),
            f.path,
          ].join('\t'),
        );
      }
      const rows = pageRenderRows(figures);
      console.log();
      for (const r of rows) {
        console.log(`${r.name}: ${r.value} (Budget ${r.budget}) ${r.ok ? 'ok' : 'VERFEHLT'}`);
      }
      process.exit(rows.every((r) => r.ok) ? 0 : 1);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
