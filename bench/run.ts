/**
 * `npm run bench`: performance budgets, checked against the real build and the real server.
 *   (a) API load: POST /api/location/check-zipcode and POST /api/kalkulation/berechnen (varied
 *       real postal codes and amounts) against GET /api/health in the same run;
 *   (b) gzip size of the JavaScript the home route `/` loads;
 *   (c) the offers worker: rank + format 1,000 offers (bench/offers-worker.ts);
 *   (d) Lighthouse, mobile, on three pages (bench/lighthouse.ts; BENCH_LIGHTHOUSE=0 skips it);
 *   (e) public pages: cold renders of home, a state, a town and a dealer page with the
 *       render cache off (bench/page-render.ts); a town and a dealer page from the render cache
 *       against /api/health in the load test of (a); a crawl of 600 distinct pages at 20 pages/s
 *       from one address (bench/page-crawl.ts), which no limit may refuse.
 * Prints a table of figures and budgets; exits 1 when a budget is missed or cannot be measured.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient } from '../scripts/build-client';
import { measureApiLoad, median, ROUNDS, type LoadFigures } from './api-load';
import { HOME_PAGE_MODULE, measureHomeBundle, type BundleFigures } from './bundle-size';
import { LIGHTHOUSE_RUNS, lighthouseDetail, lighthouseRows, measureLighthouse } from './lighthouse';
import { measureOffersWorker, ms, OFFERS_BUDGET } from './offers-worker';
import { CRAWL_PAGES, CRAWL_PAGES_PER_SECOND, measureCrawl } from './page-crawl';
import { measurePageRender, pageRenderRows } from './page-render';
import { freePort, startServer, waitForHealth } from './api-load';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(root, 'dist');

// Budgets set with the project lead (ARCHITECTURE §2 bench/). The ratio compares a route that
// validates a body and looks up a postal code with the cheapest route there is, which keeps the
// figure meaningful on any machine; p99 is what a user typing a postal code waits at worst.
const BUDGET = {
  // Both ratios were tightened from 0.5 (to 0.8 and 0.6) once the index made it possible.
  zipToHealthRatio: 0.8,
  zipP99Ms: 25,
  // A full calculation (candidate dealers from the in-memory index, pricing,
  // ranking, a response of 5–30 offers) against the same yardstick.
  calculateToHealthRatio: 0.6,
  calculateP99Ms: 25,
  homeJsGzipBytes: 120_000, // 120 kB as Vite reports sizes (1 kB = 1000 B)
  // A public page from the render cache at half the yardstick's rate at least.
  cachedPageToHealthRatio: 0.5,
} as const;

const LOAD = {
  durationSeconds: Number(process.env.BENCH_DURATION ?? 8),
  connections: 50,
};

interface Row {
  name: string;
  value: string;
  budget: string;
  ok: boolean | undefined;
}

async function main(): Promise<number> {
  const rows: Row[] = [];

  // (b) first: a `vite build` must not compete with the load test for the CPU.
  const bundle = buildAndMeasureBundle();
  if (bundle) {
    console.log('\nJavaScript für / (gzip):');
    for (const f of bundle.files) {
      console.log(`  ${kB(f.gzipBytes).padStart(9)}  (${kB(f.bytes)} roh)  ${f.file}`);
    }
    if (!bundle.homeChunkCounted) {
      console.log(
        `  Hinweis: kein dist/.vite/manifest.json mit ${HOME_PAGE_MODULE}; nur index.html gezählt.`,
      );
    }
    rows.push({
      name: 'JS für / (gzip)',
      value: kB(bundle.gzipBytes),
      budget: `≤ ${kB(BUDGET.homeJsGzipBytes)}`,
      ok: bundle.gzipBytes <= BUDGET.homeJsGzipBytes,
    });
  } else {
    rows.push({
      name: 'JS für / (gzip)',
      value: 'nicht gemessen',
      budget: `≤ ${kB(BUDGET.homeJsGzipBytes)}`,
      ok: false,
    });
  }

  // (c) before the load test, on a quiet CPU, like the worker on a user's device.
  const offers = measureOffersWorker();
  console.log(
    `\nAngebote-Worker: ${offers.count} Angebote, ${offers.runs} Läufe: Median ${ms(offers.medianMs)}, ` +
      `p95 ${ms(offers.p95Ms)} (Nachrichtenkopie ${ms(offers.cloneMedianMs)}, außerhalb des Budgets)`,
  );
  rows.push({
    name: `Angebote ranken + formatieren (${offers.count}, Median)`,
    value: ms(offers.medianMs),
    budget: `≤ ${OFFERS_BUDGET.medianMs} ms`,
    ok: offers.medianMs <= OFFERS_BUDGET.medianMs,
  });

  // (d) after the build and before the load test, so neither shares the CPU with Chromium.
  if (process.env.BENCH_LIGHTHOUSE === '0') {
    console.log('\nLighthouse übersprungen (BENCH_LIGHTHOUSE=0).');
    rows.push(...lighthouseRows('skipped'));
  } else {
    console.log(`\nLighthouse (mobil, simulierte Drosselung), je Seite ${LIGHTHOUSE_RUNS} Läufe:`);
    const started = performance.now();
    const pages = await measureLighthouse({ root }).catch((error: unknown) => {
      console.log(
        `Lighthouse nicht gemessen: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    });
    if (pages) {
      console.log(`Lighthouse: ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
      const detail = lighthouseDetail(pages);
      printTable(detail.header, detail.rows);
      for (const p of pages) if (p.reportFile) console.log(`  Bericht ${p.name}: ${p.reportFile}`);
    }
    rows.push(...lighthouseRows(pages));
  }

  // (e) cold renders, one request at a time, before any load.
  console.log('\nKalte Server-Renders (Render-Cache aus), je Seite 200 Anfragen nacheinander …');
  const renders = await measurePageRender({ root }).catch((error: unknown) => {
    console.log(`Nicht gemessen: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  });
  if (renders) {
    printTable(
      ['Seite', 'Pfad', 'p50', 'p99', 'Größe'],
      renders.map((f) => [
        f.page,
        f.path,
        `${f.p50Ms.toFixed(1)} ms`,
        `${f.p99Ms.toFixed(1)} ms`,
        kB(f.bytes),
      ]),
    );
    rows.push(...pageRenderRows(renders));
  } else {
    rows.push({ name: 'Kalte Renders', value: 'nicht gemessen', budget: '≤ 15 ms', ok: false });
  }

  // (a)
  console.log(`\nLast: ${LOAD.connections} Verbindungen, je ${LOAD.durationSeconds} s …`);
  const { checkZipCode, calculate, health, townPage, dealerPage, ratios } = await measureApiLoad({
    root,
    ...LOAD,
  });
  console.log();
  printLoad([checkZipCode, calculate, townPage, dealerPage, health]);
  const perRound = (values: number[]) => values.map((v) => v.toFixed(2)).join(' · ');
  console.log(`\n  Verhältnis je Runde (${ROUNDS} Runden, Median zählt):`);
  console.log(`  check-zipcode / health: ${perRound(ratios.checkZipCode)}`);
  console.log(`  berechnen / health:     ${perRound(ratios.calculate)}`);
  console.log(`  Ortsseite / health:     ${perRound(ratios.townPage)}`);
  console.log(`  Händlerseite / health:  ${perRound(ratios.dealerPage)}`);
  const ratio = median(ratios.checkZipCode);
  const calculateRatio = median(ratios.calculate);
  const townRatio = median(ratios.townPage);
  const dealerRatio = median(ratios.dealerPage);
  const failures = [checkZipCode, calculate, townPage, dealerPage, health].reduce(
    (n, f) => n + f.errors + f.non2xx,
    0,
  );
  /** A throughput ratio to /api/health that must reach `min`. */
  const ratioRow = (name: string, value: number, min: number): Row => ({
    name,
    value: value.toFixed(2),
    budget: `≥ ${min}`,
    ok: value >= min,
  });
  /** A p99 latency that must stay within `max` ms. */
  const p99Row = (name: string, ms: number, max: number): Row => ({
    name,
    value: `${ms} ms`,
    budget: `≤ ${max} ms`,
    ok: ms <= max,
  });
  rows.push(
    ratioRow('check-zipcode / health (req/s, Median der Runden)', ratio, BUDGET.zipToHealthRatio),
    p99Row('check-zipcode p99', checkZipCode.p99Ms, BUDGET.zipP99Ms),
    ratioRow(
      'berechnen / health (req/s, Median der Runden)',
      calculateRatio,
      BUDGET.calculateToHealthRatio,
    ),
    p99Row('berechnen p99', calculate.p99Ms, BUDGET.calculateP99Ms),
    ratioRow('Ortsseite aus dem Cache / health', townRatio, BUDGET.cachedPageToHealthRatio),
    ratioRow('Händlerseite aus dem Cache / health', dealerRatio, BUDGET.cachedPageToHealthRatio),
    {
      name: 'Fehler und Nicht-2xx',
      value: String(failures),
      budget: '0',
      ok: failures === 0,
    },
  );

  // (e) a crawler: distinct pages, mostly not cached yet, from one address.
  console.log(
    `\nCrawl: ${CRAWL_PAGES} verschiedene Seiten, ${CRAWL_PAGES_PER_SECOND} je Sekunde, eine Adresse …`,
  );
  const crawlPort = await freePort();
  const crawlServer = startServer(root, crawlPort);
  const crawl = await (async () => {
    const base = `http://127.0.0.1:${crawlPort}`;
    await waitForHealth(base, crawlServer.child);
    return measureCrawl(base);
  })()
    .catch((error: unknown) => {
      console.log(`Nicht gemessen: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    })
    .finally(() => crawlServer.stop());
  if (crawl) {
    const statuses = Object.entries(crawl.statuses)
      .map(([status, n]) => `${status === '0' ? 'ohne Antwort' : `HTTP ${status}`}: ${n}`)
      .join(', ');
    console.log(`  ${statuses}; p50 ${crawl.p50Ms} ms, p99 ${crawl.p99Ms} ms`);
  }
  rows.push({
    name: `Crawl ${CRAWL_PAGES} Seiten, ${CRAWL_PAGES_PER_SECOND}/s: Abweisungen`,
    value: crawl ? String(crawl.pages - (crawl.statuses[200] ?? 0)) : 'nicht gemessen',
    budget: '0',
    ok: crawl ? (crawl.statuses[200] ?? 0) === crawl.pages : false,
  });

  console.log();
  printTable(
    ['Messung', 'Wert', 'Budget', ''],
    rows.map((r) => [
      r.name,
      r.value,
      r.budget,
      r.ok === undefined ? '–' : r.ok ? 'ok' : 'VERFEHLT',
    ]),
  );
  const missed = rows.filter((r) => r.ok === false); // undefined: skipped on purpose
  if (missed.length > 0) {
    console.log(`\n${missed.length} Budget(s) verfehlt.`);
    return 1;
  }
  console.log('\nAlle Budgets eingehalten.');
  return 0;
}

function buildAndMeasureBundle(): BundleFigures | undefined {
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(join(root, 'dist-ssr'))) {
    console.log('dist/ fehlt: vite build …');
    if (!buildClient(root) || !existsSync(join(distDir, 'index.html'))) {
      console.log('vite build fehlgeschlagen: Bundle-Größe nicht gemessen.');
      return undefined;
    }
  }
  return measureHomeBundle(distDir);
}

function printLoad(figures: LoadFigures[]): void {
  printTable(
    ['Route', 'req/s', 'p50', 'p99', 'CPU/Anfrage', 'Anfragen', 'Nicht-2xx', 'Fehler'],
    figures.map((f) => [
      f.route,
      Math.round(f.requestsPerSecond).toString(),
      `${f.p50Ms} ms`,
      `${f.p99Ms} ms`,
      f.cpuMicrosPerRequest === undefined ? '–' : `${Math.round(f.cpuMicrosPerRequest)} µs`,
      f.requests.toString(),
      f.non2xx.toString(),
      f.errors.toString(),
    ]),
  );
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
