/**
 * API load: the real server in its own process (`node --import tsx server/main.ts`), the load
 * generator (autocannon) here, so the two do not share an event loop (TOOLCHAIN.md, autocannon).
 */
import { spawn, type ChildProcess } from 'node:child_process';
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
}

export interface LoadOptions {
  root: string;
  durationSeconds: number;
  connections: number;
}

const HEALTH_TIMEOUT_MS = 120_000; // first start imports the reference data into var/bench
const WARMUP_SECONDS = 2;

export async function measureApiLoad(
  opts: LoadOptions,
): Promise<{ checkZipCode: LoadFigures; health: LoadFigures }> {
  const bodies = await postalCodeBodies(opts.root);
  const port = await freePort();
  const server = startServer(opts.root, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, server.child);

    let next = 0;
    const zipRequest = {
      method: 'POST' as const,
      path: '/api/location/check-zipcode',
      headers: { 'content-type': 'application/json' },
      // A different real postal code on every request, so the bench cannot ride on one hot key.
      setupRequest: (request: autocannon.Request): autocannon.Request => {
        const body = bodies[next++ % bodies.length];
        return { ...request, body };
      },
    };

    // Warm both routes up first: the first seconds measure the JIT, not the server.
    await run({
      url: base,
      connections: opts.connections,
      duration: WARMUP_SECONDS,
      requests: [zipRequest],
    });
    await run({
      url: `${base}/api/health`,
      connections: opts.connections,
      duration: WARMUP_SECONDS,
    });

    const checkZipCode = figures(
      'POST /api/location/check-zipcode',
      await run({
        url: base,
        connections: opts.connections,
        duration: opts.durationSeconds,
        requests: [zipRequest],
      }),
    );
    const health = figures(
      'GET /api/health',
      await run({
        url: `${base}/api/health`,
        connections: opts.connections,
        duration: opts.durationSeconds,
      }),
    );
    return { checkZipCode, health };
  } finally {
    await server.stop();
  }
}

/** Every real postal code of data/postal-codes/*.tsv as a request body, in a fixed shuffled order. */
async function postalCodeBodies(root: string): Promise<string[]> {
  const bodies: string[] = [];
  for (const locale of LOCALE_LIST) {
    const tsv = await readFile(join(root, 'data', 'postal-codes', `${locale.code}.tsv`), 'utf8');
    const zips = new Set(
      tsv
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t')[0] ?? '')
        .filter(Boolean),
    );
    for (const zip of zips)
      bodies.push(JSON.stringify({ ZipCode: zip, CountryId: locale.countryId }));
  }
  // Deterministic shuffle (LCG) so runs are comparable and countries interleave.
  let seed = 42;
  for (let i = bodies.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [bodies[i], bodies[j]] = [bodies[j] as string, bodies[i] as string];
  }
  return bodies;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ ...options, timeout: 10 });
}

function figures(route: string, result: autocannon.Result): LoadFigures {
  return {
    route,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function freePort(): Promise<number> {
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

interface ServerProcess {
  child: ChildProcess;
  stop(): Promise<void>;
}

function startServer(root: string, port: number): ServerProcess {
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
      LOG_LEVEL: 'warn',
      // PGlite in var/bench unless a PostgreSQL server is named for the bench explicitly.
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
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

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
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
