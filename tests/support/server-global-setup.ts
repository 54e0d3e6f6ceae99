/**
 * Runs once per server test project, before any test file. On the PGlite path it builds one
 * migrated, seeded in-memory database and dumps it to a temp file: a fresh PGlite costs 2–4 s
 * (initdb in WASM) plus the reference data import, a restore from the dump well under a second
 * (TOOLCHAIN.md, gotcha 9). Each test file then restores its own private copy (test-app.ts).
 *
 * The PostgreSQL project (TEST_DB=postgres) needs nothing here: each file creates its own
 * database on TEST_DATABASE_URL.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { seedAll } from '../../server/seed';
import { TEST_PUBLIC_URL } from './test-app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the seeded PGlite dump (tar); empty on the PostgreSQL project. */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === 'postgres' || process.env.TEST_DB === 'postgres') {
    project.provide('pgliteSnapshot', '');
    return async () => {};
  }

  const started = performance.now();
  const dir = await mkdtemp(join(tmpdir(), 'heizoel-test-'));
  const cleanUp = () => rm(dir, { recursive: true, force: true });
  try {
    const database = await openDatabase({ kind: 'pglite-memory' });
    try {
      await database.migrate();
      await seedAll(database.db, { publicUrl: TEST_PUBLIC_URL });
      if (!database.dump) throw new Error('PGlite database without dump()');
      // Without a checkpoint every restore replays the seed's WAL: 0.75 s per test file against
      // 0.5 s (issue 34).
      await database.db.execute(sql`CHECKPOINT`);
      const snapshot = await database.dump();
      const file = join(dir, 'seeded-pglite.tar');
      await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
      project.provide('pgliteSnapshot', file);
    } finally {
      // An open PGlite keeps the process alive (TOOLCHAIN.md, gotcha 9).
      await database.close();
    }
  } catch (error) {
    await cleanUp();
    throw error;
  }
  if (process.env.TEST_SETUP_TIMING) {
    console.info(`PGlite snapshot ready in ${Math.round(performance.now() - started)} ms`);
  }
  return cleanUp;
}
