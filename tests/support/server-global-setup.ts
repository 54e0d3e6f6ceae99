/**
 * Runs once per server test project, before any test file. On the PGlite path it starts building
 * one migrated, seeded in-memory database, dumped to a temp file: a fresh PGlite costs 2–4 s
 * (initdb in WASM) plus the reference data import, a restore from the dump well under a second
 * (TOOLCHAIN.md, gotcha 9). Each test file then restores its own private copy (test-app.ts).
 *
 * The build (about 15 s, one core) runs in a process of its own and is not awaited here: the
 * client project's files run meanwhile on the other core, and test-app.ts waits for the file
 * (snapshotReady). Awaited here it held every test back for those 15 s.
 *
 * The PostgreSQL project (TEST_DB=postgres) gets the name of the run's template database: the
 * first file builds it (test-app.ts ensureTemplate), every file copies it, the teardown drops it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEST_PUBLIC_URL, withAdmin } from './test-app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path the seeded PGlite dump (tar) appears at; empty on the PostgreSQL project. */
    pgliteSnapshot: string;
    /** PostgreSQL project: the run's seeded template database; empty on the PGlite projects. */
    postgresTemplate: string;
  }
}

const BUILDER = join(import.meta.dirname, 'build-pglite-snapshot.ts');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === 'postgres' || process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const template = `t_tpl_${randomBytes(6).toString('hex')}`;
    project.provide('pgliteSnapshot', '');
    project.provide('postgresTemplate', template);
    return async () => {
      if (!adminUrl) return;
      await withAdmin(adminUrl, async (admin) => {
        for (const name of [template, `${template}_building`]) {
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }
      });
    };
  }
  project.provide('postgresTemplate', '');

  const started = performance.now();
  const dir = await mkdtemp(join(tmpdir(), 'heizoel-test-'));
  const file = join(dir, 'seeded-pglite.tar');
  const builder = spawn(process.execPath, ['--import', 'tsx', BUILDER, file, TEST_PUBLIC_URL], {
    cwd: join(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  const stderr: Buffer[] = [];
  builder.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const ended = new Promise<void>((resolve) => {
    builder.on('close', (code, signal) => {
      // A crash before the builder could say why: the waiting tests read it here.
      if (code !== 0 && !existsSync(`${file}.failed`) && !existsSync(file)) {
        const why = Buffer.concat(stderr).toString().trim() || `Exit ${code ?? signal}`;
        void writeFile(`${file}.failed`, why).finally(resolve);
        return;
      }
      if (process.env.TEST_SETUP_TIMING && code === 0) {
        console.info(`PGlite snapshot ready in ${Math.round(performance.now() - started)} ms`);
      }
      resolve();
    });
  });
  project.provide('pgliteSnapshot', file);
  return async () => {
    if (builder.exitCode === null && builder.signalCode === null) builder.kill();
    await ended;
    await rm(dir, { recursive: true, force: true });
  };
}
