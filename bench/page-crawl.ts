/**
 * Page crawl: 600 distinct public pages of the sitemap, mostly local price pages (an
 * uncached render each), requested at 20 pages/s from one address over HTTP, as a search engine's
 * crawler does. Reading must never be refused: the figure that counts is 0 answers with 429.
 *
 *   measureCrawl(baseUrl)        against a running server
 *   npx tsx bench/page-crawl.ts  starts its own (NODE_ENV=production, a temporary DATA_DIR,
 *                                port 3410 or a free one), like bench/api-load.ts
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, median } from './api-load';

export interface CrawlFigures {
  pages: number;
  pagesPerSecond: number;
  /** Answers by HTTP status, e.g. { 200: 600 }; 0 for a request that failed without one. */
  statuses: Record<number, number>;
  refused: number;
  p50Ms: number;
  p99Ms: number;
}

export const CRAWL_PAGES = 600;
export const CRAWL_PAGES_PER_SECOND = 20;

/** The sitemap's pages, mixed: by turns of the first segment, the price pages deepest first. */
async function crawlPages(baseUrl: string, n: number): Promise<string[]> {
  const response = await fetch(`${baseUrl}/sitemap.xml`);
  if (!response.ok) throw new Error(`sitemap.xml: ${response.status}`);
  const xml = await response.text();
  const groups = new Map<string, string[]>();
  for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const path = new URL(loc!).pathname;
    const first = path.split('/')[1] ?? '';
    const group = groups.get(first);
    if (group) group.push(path);
    else groups.set(first, [path]);
  }
  // The town pages (/heizoelpreise/<state>/<county>/<town>) are the ~41,000 a crawler walks.
  const prices = groups.get('heizoelpreise') ?? [];
  groups.set('heizoelpreise', [
    ...prices.filter((p) => p.split('/').length === 5),
    ...prices.filter((p) => p.split('/').length !== 5),
  ]);
  const others = [...groups.entries()].filter(([first]) => first !== 'heizoelpreise');
  const picked: string[] = [];
  // A fifth from the other pages (dealers, news, …), the rest town pages.
  for (let i = 0; picked.length < n / 5; i++) {
    const round = others.map(([, paths]) => paths[i]).filter((p) => p !== undefined);
    if (round.length === 0) break;
    picked.push(...round);
  }
  picked.push(...(groups.get('heizoelpreise') ?? []));
  return [...new Set(picked)].slice(0, n);
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Requests each page at its time (i / 20 s after the start), not after the previous answer: a
 * crawler's pace does not slow down for a slow server.
 */
export async function measureCrawl(
  baseUrl: string,
  opts: { pages?: number; pagesPerSecond?: number } = {},
): Promise<CrawlFigures> {
  const n = opts.pages ?? CRAWL_PAGES;
  const rate = opts.pagesPerSecond ?? CRAWL_PAGES_PER_SECOND;
  const pages = await crawlPages(baseUrl, n);
  if (pages.length < n) throw new Error(`nur ${pages.length} Seiten in der Sitemap`);
  const statuses: Record<number, number> = {};
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(
    pages.map(async (path, i) => {
      const due = start + (i * 1000) / rate;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const sent = performance.now();
      // 0: no answer at all (a refused or reset connection).
      const status = await fetch(`${baseUrl}${path}`, {
        headers: { 'accept-encoding': 'gzip, br', 'user-agent': 'Oelkompass-Bench-Crawler' },
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      latencies.push(performance.now() - sent);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    pages: pages.length,
    pagesPerSecond: Math.round((pages.length / seconds) * 10) / 10,
    statuses,
    refused: statuses[429] ?? 0,
    p50Ms: Math.round(median(sorted) * 10) / 10,
    p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
  };
}

const PREFERRED_PORT = 3410;
/** A fresh DATA_DIR imports the reference data first: that takes a while on a busy machine. */
const START_TIMEOUT_MS = 300_000;

async function waitForServer(base: string, exited: () => number | null): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const code = exited();
    if (code !== null) throw new Error(`Server beendet mit Code ${code}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Server nicht bereit nach ${START_TIMEOUT_MS / 1000} s`);
}

async function portToUse(): Promise<number> {
  const { createServer } = await import('node:net');
  const free = await new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(PREFERRED_PORT, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  return free ? PREFERRED_PORT : freePort();
}

async function main(): Promise<number> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dataDir = await mkdtemp(join(tmpdir(), 'heizoel-crawl-'));
  const port = await portToUse();
  const base = `http://127.0.0.1:${port}`;
  // node itself, not npx: killing a wrapper would leave the real server running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    console.log(`Server auf ${base} (DATA_DIR ${dataDir}) …`);
    await waitForServer(base, () => child.exitCode);
    const f = await measureCrawl(base);
    console.log(
      `\nCrawl: ${f.pages} verschiedene Seiten, ${f.pagesPerSecond} Seiten/s von einer Adresse`,
    );
    for (const [status, n] of Object.entries(f.statuses)) {
      console.log(`  HTTP ${status === '0' ? 'ohne Antwort' : status}: ${n}`);
    }
    console.log(`  p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms`);
    const ok = f.refused === 0 && (f.statuses[200] ?? 0) === f.pages;
    console.log(ok ? '  0 Abweisungen: ja' : `  0 Abweisungen: NEIN (${f.refused} mit 429)`);
    return ok ? 0 : 1;
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
