/**
 * Opens the database: PGlite (embedded, file-backed under DATA_DIR or in memory) by default,
 * node-postgres when a connection URL is given. Both are wrapped by the same Drizzle API.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other server process on this database runs its own (PostgreSQL: a
   * session advisory lock), e.g. migrations and seeding at start: two processes started at once on
   * an empty database would otherwise both create the same tables and rows. PGlite: one process
   * owns its data directory, `work` just runs.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to restore a seeded database quickly (tests). */
  dump?: () => Promise<Blob>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** In-memory PGlite, optionally restored from a dump (tests). */
  | { kind: 'pglite-memory'; snapshot?: Blob };

/** pg_advisory_lock key of the start-up (migrations, seeding): "oelkompa" in ASCII, as a bigint. */
const STARTUP_LOCK_KEY = '8026941119544520801';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    let closing = false;
    // An idle connection that fails (server restart, network, admin shutdown) is reported on the
    // pool; without a listener that 'error' event would end the process (node-postgres docs).
    // The pool replaces the connection on the next query.
    pool.on('error', (error) => {
      if (!closing) console.error('PostgreSQL: idle connection failed', error);
    });
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      async exclusive<T>(work: () => Promise<T>): Promise<T> {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  let client: PGlite;
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    client = await PGlite.create(target.dataDir);
  } else {
    client = await PGlite.create(target.snapshot ? { loadDataDir: target.snapshot } : {});
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusive: (work) => work(),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

export function databaseTarget(opts: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseTarget {
  return opts.databaseUrl
    ? { kind: 'postgres', url: opts.databaseUrl }
    : { kind: 'pglite', dataDir: join(opts.dataDir, 'db') };
}
