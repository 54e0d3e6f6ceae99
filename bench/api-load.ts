/**
 * API load: the real server in its own process (`node --import tsx server/main.ts`), the load
 * generator (autocannon) here, so the two do not share an event loop (TOOLCHAIN.md, autocannon).
 * Routes in the same run, in interleaved slices (measureApiLoad): check-zipcode and berechnen
 * (each with varied real postal codes) and /api/health as the yardstick.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { LOCALE_LIST } from '../src/lib/locale';

export interface LoadFigures {
  route: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  /**
   * Server CPU time (user + system) per request in µs, from /proc (Linux; undefined elsewhere).
   * Unlike req/s it hardly moves when other processes share the machine.
   */
  cpuMicrosPerRequest?: number;
}

export interface LoadOptions {
  root: string;
  durationSeconds: number;
  connections: number;
}

const HEALTH_TIMEOUT_MS = 120_000; // first start imports the reference data into var/bench
const WARMUP_SECONDS = 2;

/**
 * What every browser sends along (Chromium's value): without it the bench measured a client no
 * user has, and missed that berechnen's answer was compressed anew on every request.
 */
const ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Postal codes the calculation bench rotates through (all three countries, interleaved). */
const CALCULATION_ZIPS = 3000;

type RouteKey = 'health' | 'checkZipCode' | 'calculate' | 'townPage' | 'dealerPage';

/** A town's price page and a dealer's page, as the sitemap names them. */
export const TOWN_PAGE_PATH = /^\/heizoelpreise\/bayern\/[a-z0-9-]+\/[a-z0-9-]+-\d{4,5}$/;
export const DEALER_PAGE_PATH = /^\/heizoelhaendler\/[a-z0-9-]+\/\d{2,5}\/\d+$/;

/** The first town page and dealer page of the server's sitemap. */
export async function sitemapPages(base: string): Promise<{ town: string; dealer: string }> {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const town = paths.find((p) => TOWN_PAGE_PATH.test(p));
  const dealer = paths.find((p) => DEALER_PAGE_PATH.test(p));
  if (!town || !dealer) throw new Error('Keine Orts- oder Händlerseite in der Sitemap gefunden');
  return { town, dealer };
}

interface Slice {
  result: autocannon.Result;
  cpuMicros: number | undefined;
}

/** Rounds of interleaved slices (see measureApiLoad): each of the 5 routes leads twice. */
export const ROUNDS = 10;

export interface ApiLoad {
  checkZipCode: LoadFigures;
  calculate: LoadFigures;
  health: LoadFigures;
  /** A town's price page and a dealer's page as anonymous visitors get them (the render cache). */
  townPage: LoadFigures;
  dealerPage: LoadFigures;
  /** Per round: the route's req/s ÷ the health req/s of the same round. */
  ratios: {
    checkZipCode: number[];
    calculate: number[];
    townPage: number[];
    dealerPage: number[];
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One route's slices as one figure: req/s over all of them, latencies as their median. */
/** A JSON POST that sends the next of `bodies` with every request (round robin). */
function rotatingPost(path: string, bodies: readonly string[]) {
  let next = 0;
  return {
    method: 'POST' as const,
    path,
    headers: { 'content-type': 'application/json', ...ACCEPT_ENCODING },
    setupRequest: (request: autocannon.Request): autocannon.Request => {
      const body = bodies[next++ % bodies.length];
      return { ...request, body };
    },
  };
}

function combine(route: string, slices: readonly Slice[]): LoadFigures {
  const requests = slices.reduce((n, s) => n + s.result.requests.total, 0);
  const seconds = slices.reduce((n, s) => n + s.result.duration, 0);
  const cpu = slices.map((s) => s.cpuMicros);
  const figures: LoadFigures = {
    route,
    requestsPerSecond: Math.round(requests / Math.max(seconds, 1e-9)),
    p50Ms: median(slices.map((s) => s.result.latency.p50)),
    p99Ms: median(slices.map((s) => s.result.latency.p99)),
    requests,
    non2xx: slices.reduce((n, s) => n + s.result.non2xx, 0),
    errors: slices.reduce((n, s) => n + s.result.errors, 0),
  };
  if (requests > 0 && cpu.every((c) => c !== undefined)) {
    figures.cpuMicrosPerRequest = cpu.reduce((a, b) => a + b, 0) / requests;
  }
  return figures;
}

export async function measureApiLoad(opts: LoadOptions): Promise<ApiLoad> {
  const zips = await shuffledPostalCodes(opts.root);
  const bodies = zips.map(({ zip, countryId }) =>
    JSON.stringify({ ZipCode: zip, CountryId: countryId }),
  );
  const calculationBodies = calculationRequests(zips.slice(0, CALCULATION_ZIPS));
  const port = await freePort();
  const server = startServer(opts.root, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, server.child);

    // A different real postal code on every request, so the bench cannot ride on one hot key.
    const zipRequest = rotatingPost('/api/location/check-zipcode', bodies);
    const calculationRequest = rotatingPost('/api/kalkulation/berechnen', calculationBodies);

    // Warm the routes up first: the first seconds measure the JIT, not the server.
    await run({
      url: base,
      connections: opts.connections,
      duration: WARMUP_SECONDS,
      requests: [zipRequest],
    });
    await run({
      url: base,
      connections: opts.connections,
      duration: WARMUP_SECONDS,
      requests: [calculationRequest],
    });
    await run({
      url: `${base}/api/health`,
      headers: ACCEPT_ENCODING,
      connections: opts.connections,
      duration: WARMUP_SECONDS,
    });
    // Public pages as a browser asks for them, without cookies: the same for every anonymous
    // visitor, answered from the render cache after the first.
    const pages = await sitemapPages(base);
    const PAGE_HEADERS = { ...ACCEPT_ENCODING, accept: 'text/html' };
    for (const path of [pages.town, pages.dealer]) {
      await run({
        url: `${base}${path}`,
        headers: PAGE_HEADERS,
        connections: opts.connections,
        duration: WARMUP_SECONDS,
      });
    }

    // Interleaved slices: each round measures health, check-zipcode and berechnen back to back
    // (in a rotating order), so a slower or busier moment of a shared machine hits all three
    // alike; each route is compared with the health slice of its own round, and the median of
    // the rounds is the figure (one disturbed slice can not decide it).
    const slice = Math.max(1, opts.durationSeconds / ROUNDS);
    const routes = {
      health: {
        route: 'GET /api/health',
        options: { url: `${base}/api/health`, headers: ACCEPT_ENCODING },
      },
      checkZipCode: {
        route: 'POST /api/location/check-zipcode',
        options: { url: base, requests: [zipRequest] },
      },
      calculate: {
        route: 'POST /api/kalkulation/berechnen',
        options: { url: base, requests: [calculationRequest] },
      },
      townPage: {
        route: `GET ${pages.town}`,
        options: { url: `${base}${pages.town}`, headers: PAGE_HEADERS },
      },
      dealerPage: {
        route: `GET ${pages.dealer}`,
        options: { url: `${base}${pages.dealer}`, headers: PAGE_HEADERS },
      },
    } satisfies Record<RouteKey, { route: string; options: autocannon.Options }>;
    const keys: RouteKey[] = ['health', 'checkZipCode', 'calculate', 'townPage', 'dealerPage'];
    const slices: Record<RouteKey, Slice[]> = {
      health: [],
      checkZipCode: [],
      calculate: [],
      townPage: [],
      dealerPage: [],
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < keys.length; i++) {
        const key = keys[(round + i) % keys.length]!;
        const cpuBefore = cpuMicros(server.child.pid);
        const result = await run({
          ...routes[key].options,
          connections: opts.connections,
          duration: slice,
        });
        const cpuAfter = cpuMicros(server.child.pid);
        slices[key].push({
          result,
          cpuMicros:
            cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined,
        });
      }
    }
    const ratiosOf = (key: RouteKey) =>
      slices[key].map(
        (s, round) => s.result.requests.average / slices.health[round]!.result.requests.average,
      );
    return {
      checkZipCode: combine(routes.checkZipCode.route, slices.checkZipCode),
      calculate: combine(routes.calculate.route, slices.calculate),
      health: combine(routes.health.route, slices.health),
      townPage: combine(routes.townPage.route, slices.townPage),
      dealerPage: combine(routes.dealerPage.route, slices.dealerPage),
      ratios: {
        checkZipCode: ratiosOf('checkZipCode'),
        calculate: ratiosOf('calculate'),
        townPage: ratiosOf('townPage'),
        dealerPage: ratiosOf('dealerPage'),
      },
    };
  } finally {
    await server.stop();
  }
}

/** Every real postal code of data/postal-codes/*.tsv, in a fixed shuffled order. */
async function shuffledPostalCodes(root: string): Promise<{ zip: string; countryId: number }[]> {
  const codes: { zip: string; countryId: number }[] = [];
  for (const locale of LOCALE_LIST) {
    const tsv = await readFile(join(root, 'data', 'postal-codes', `${locale.code}.tsv`), 'utf8');
    const zips = new Set(
      tsv
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t')[0] ?? '')
        .filter(Boolean),
    );
    for (const zip of zips) codes.push({ zip, countryId: locale.countryId });
  }
  // Deterministic shuffle (LCG) so runs are comparable and countries interleave.
  let seed = 42;
  for (let i = codes.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [codes[i], codes[j]] = [codes[j]!, codes[i]!];
  }
  return codes;
}

/**
 * Calculator configurations for the postal codes: the country's default heating oil, default
 * options, amounts from 1,000 to 10,000 L in steps of 100 L varying with every request.
 */
function calculationRequests(zips: readonly { zip: string; countryId: number }[]): string[] {
  return zips.map(({ zip, countryId }, i) =>
    JSON.stringify({
      ZipCode: zip,
      Amount: 1000 + ((i * 37) % 91) * 100,
      Stations: 1,
      Product: {
        Id: LOCALE_LIST.find((l) => l.countryId === countryId)?.defaultProductId ?? 1,
        ClimateNeutral: false,
      },
      Parameters: [],
      AppointmentPlus: false,
      CountryId: countryId,
      ProductGroupId: 1,
    }),
  );
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ ...options, timeout: 10, setupClient: discardBodies });
}

/**
 * The load generator counts a response's bytes and status and lets its body go. autocannon
 * 9.0.0 otherwise appends every body chunk to a string (`req.body += data`,
 * lib/pipelinedRequestsQueue.js), i.e. UTF-8-decodes each compressed answer: for a cached town
 * page (≈ 19 kB brotli) that was 72 % of the generator's CPU while the server stood 77 % idle
 * (`node --cpu-prof` on both), so the page's req/s measured the generator. Applied to
 * every route alike, the yardstick included; nothing here reads a body (no verifyBody,
 * expectBody or onResponse). The version is pinned in package.json; if the queue is ever gone,
 * the bench says so rather than measuring the decoding again.
 */
function discardBodies(client: autocannon.Client): void {
  const queue = (client as unknown as { pipelinedRequests?: { addBody?: unknown } })
    .pipelinedRequests;
  if (typeof queue?.addBody !== 'function') {
    throw new Error('autocannon ohne pipelinedRequests.addBody: Bench an die Version anpassen');
  }
  queue.addBody = () => {};
}

/** utime + stime of a process in µs from /proc/<pid>/stat; undefined where there is no /proc. */
function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain blanks) start at state (field 3).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // fields 14 utime, 15 stime
    return Number.isFinite(ticks) ? (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/** USER_HZ: 100 on every Linux architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `env` adds to or overrides the bench's settings (e.g. another DATA_DIR). */
export function startServer(
  root: string,
  port: number,
  env: Readonly<Record<string, string>> = {},
): ServerProcess {
  // node itself, not npm/npx: killing a wrapper would leave the real server running
  // (TOOLCHAIN.md, gotcha 8).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: 'var/bench',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Production refuses to start without the origin of its links (server/config.ts).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // PGlite in var/bench unless a PostgreSQL server is named for the bench explicitly.
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server beendet mit Code ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Server nicht bereit nach ${HEALTH_TIMEOUT_MS / 1000} s`);
}
