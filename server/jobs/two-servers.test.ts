/**
 * The daily job is proven to run once with two server processes on one PostgreSQL:
 * two real server processes (server/main.ts) start at the same moment on one empty database.
 * One migrates and seeds while the other waits (the start-up lock), and today's price snapshot
 * runs once. PostgreSQL pass only (TEST_DB=postgres); PGlite has one process per data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../bench/api-load';
import { withAdmin } from '../../tests/support/test-app';

const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(adminUrl);

const servers: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const child of servers) child.kill('SIGTERM');
  await Promise.all(
    servers.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, 10_000).unref();
        }),
    ),
  );
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const admin = <T>(run: (client: pg.Client) => Promise<T>, url = adminUrl!): Promise<T> =>
  withAdmin(url, run);

function start(databaseUrl: string, port: number, dataDir: string, log: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      // No client build: the API is enough here.
      DIST_DIR: join(dataDir, 'no-dist'),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  servers.push(child);
  return child;
}

async function healthy(port: number, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + 200_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${log.join('').slice(-3000)}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready:\n${log.join('').slice(-3000)}`);
}

it.runIf(onPostgres)(
  'two servers started at once on one empty database: one start-up, one daily snapshot',
  async () => {
    const name = `t_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    cleanups.push(async () => {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    });
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const dirs = await Promise.all([0, 1].map(() => mkdtemp(join(tmpdir(), 'two-servers-'))));
    cleanups.push(async () => {
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    });

    const ports = [await freePort(), await freePort()];
    const logs: string[][] = [[], []];
    const children = [0, 1].map((i) => start(url.toString(), ports[i]!, dirs[i]!, logs[i]!));
    await Promise.all([0, 1].map((i) => healthy(ports[i]!, children[i]!, logs[i]!)));

    const snapshots = await admin(
      (c) =>
        c.query<{ key: string; state: string; attempts: number }>(
          "SELECT key, state, attempts FROM job WHERE name = 'price-snapshot'",
        ),
      url.toString(),
    );
    expect(snapshots.rows).toHaveLength(1);
    expect(snapshots.rows[0]).toMatchObject({ state: 'done', attempts: 1 });
    const stored = logs.map((log) => log.join('').split('price snapshot stored').length - 1);
    expect(stored.sort()).toEqual([0, 1]);
    // Both answer from the one history.
    const averages = await Promise.all(
      ports.map((port) =>
        fetch(`http://127.0.0.1:${port}/api/site/1/prices/average`).then((r) => r.json()),
      ),
    );
    expect(averages[0]).toEqual(averages[1]);
  },
  300_000,
);
