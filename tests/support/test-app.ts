/**
 * Builds the real app (server/app.ts) on a private, seeded database for one test file
 * (CONVENTIONS, Tests; the shape of fastify/demo test/helper.ts):
 * - default: in-memory PGlite restored from the dump made by server-global-setup.ts;
 * - TEST_DB=postgres: a fresh database `t_<random>` on TEST_DATABASE_URL, a copy of the run's
 *   migrated and seeded template (ensureTemplate), dropped again in close().
 * The app is returned before `ready()`, so a test may still register a route or plugin.
 * `buildAppOn` adds a second app (a second server process) on the same database;
 * `writeTestClientBuild` a client build and the server render for tests of rendered pages.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { SsrModule } from '../../src/api/contract/pages';
import { buildApp, type App, type AppDeps } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { seedAll } from '../../server/seed';
import { absoluteUrlOf } from '../../server/plugins/public-url';

/** Fixed so that signed cookies and tokens are reproducible between runs; test-only. */
export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/**
 * TEST_APP_MODE=production (the vitest project `security-production`, run by CI): the app is
 * built as it runs in production (NODE_ENV=production, PUBLIC_URL on https, TRUST_PROXY=1), so
 * the security tests also see `__Host-` and Secure cookies, the production headers and a proxy.
 */
export const TEST_PRODUCTION_MODE = process.env.TEST_APP_MODE === 'production';

/** config PUBLIC_URL of test apps: every absolute link in a test starts with it. */
export const TEST_PUBLIC_URL = TEST_PRODUCTION_MODE
  ? 'https://www.oelkompass.test'
  : 'http://www.oelkompass.test';

/** app.absoluteUrl of a test app, for services called without one. */
export function testAbsoluteUrl(path: string): string {
  return absoluteUrlOf(TEST_PUBLIC_URL, path);
}

export interface TestDatabase {
  database: Database;
  /** PostgreSQL: the database's URL, for a second process on it. */
  url?: string;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  close(): Promise<void>;
}

export interface TestApp {
  app: App;
  database: Database;
  /** PostgreSQL: the database's URL, for a second app's pool on it (buildAppOn). */
  url?: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * The client build to serve. Defaults to a folder that does not exist, so tests do not depend
   * on whether `vite build` has run (the placeholder shell is served then).
   */
  distDir?: string;
  legacyLimits?: AppDeps['legacyLimits'];
  /** Budgets or clock of the page limits (server/plugins/page-limits.ts). */
  pageLimits?: AppDeps['pageLimits'];
  /** The server render (e.g. src/app/entry-server.tsx); none by default. */
  ssr?: AppDeps['ssr'];
  /** Config other than a test app's: production mode, another PUBLIC_URL, a cache size… */
  config?: Partial<AppDeps['config']>;
}

export function usesPostgres(): boolean {
  return process.env.TEST_DB === 'postgres';
}

/** A seeded database of its own, without an app (repository and seed tests). */
export async function openTestDatabase(): Promise<TestDatabase> {
  return usesPostgres() ? openPostgresTestDatabase() : openPgliteTestDatabase();
}

export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await openTestDatabase();
  try {
    const app = await appOn(testDb.database, opts);
    return {
      app,
      database: testDb.database,
      url: testDb.url,
      async close() {
        try {
          await app.close();
        } finally {
          await testDb.close();
        }
      },
    };
  } catch (error) {
    await testDb.close();
    throw error;
  }
}

/**
 * The test app of one test file (or describe block): built and ready in its beforeAll, closed
 * in its afterAll. The returned object reads through to that app, so a test uses `t.app` and
 * `t.database` as it would use buildTestApp's result; touching it outside a test throws.
 */
export function useTestApp(opts: TestAppOptions = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(opts);
    await built.app.ready();
  });
  afterAll(async () => {
    await built?.close();
  });
  const current = (): TestApp => {
    if (!built) throw new Error('useTestApp: the app is built in beforeAll, use it in a test');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get url() {
      return current().url;
    },
    close: () => current().close(),
  };
}

/**
 * Another app on the database of a test app or test database, as a second server process behind
 * the load balancer would be: on PostgreSQL with a pool of its own (a notification reaches it as
 * it reaches another process), on PGlite on the same database object. Built as buildTestApp
 * builds (not ready yet); close() closes the app and its pool, never the shared database.
 */
export async function buildAppOn(
  on: Pick<TestDatabase, 'database' | 'url'>,
  opts: TestAppOptions = {},
): Promise<TestApp> {
  const pool = on.url ? await openDatabase({ kind: 'postgres', url: on.url }) : undefined;
  const database = pool ?? on.database;
  try {
    const app = await appOn(database, opts);
    return {
      app,
      database,
      url: on.url,
      async close() {
        try {
          await app.close();
        } finally {
          await pool?.close();
        }
      },
    };
  } catch (error) {
    await pool?.close();
    throw error;
  }
}

/** The real app on `database`, configured for tests, leaving the database open when it closes. */
function appOn(database: Database, opts: TestAppOptions): Promise<App> {
  return buildApp({
    config: {
      nodeEnv: TEST_PRODUCTION_MODE ? 'production' : 'test',
      ...(TEST_PRODUCTION_MODE ? { trustProxy: 1 } : {}),
      distDir: opts.distDir ?? join(tmpdir(), `heizoel-no-dist-${randomBytes(4).toString('hex')}`),
      secret: TEST_SECRET,
      // tests/support/auth.ts signs staff roles with this prefix.
      rolePrefix: 'Oelkompass.',
      accessTokenTtlSeconds: 900,
      publicUrl: TEST_PUBLIC_URL,
      ...opts.config,
    },
    database,
    closeDatabase: false,
    legacyLimits: opts.legacyLimits,
    pageLimits: opts.pageLimits,
    ssr: opts.ssr ?? null,
  });
}

/** The built index.html's shape: the server fills head, body class, #root and the data. */
const TEST_SHELL = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <title>Ölkompass – Standardtitel</title>
    <meta name="description" content="Standardbeschreibung" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** A client manifest with the shell's entry alone: no page brings stylesheets or chunks. */
const ENTRY_ONLY_MANIFEST = { 'index.html': { file: 'assets/index-abc.js', isEntry: true } };

/**
 * The render's source, as the SSR build is made from it (the server's tsconfig has no JSX, so it
 * is imported by address and typed by its contract).
 */
const ENTRY_SERVER = new URL('../../src/app/entry-server.tsx', import.meta.url).pathname;

export interface TestClientBuild {
  /** For buildTestApp's distDir. */
  distDir: string;
  /** The server render with its pages loaded, for buildTestApp's ssr. */
  ssr: SsrModule;
  /** Deletes the build's folder. */
  remove(): Promise<void>;
}

/**
 * A client build in a folder of its own, as `vite build` leaves it for the server: TEST_SHELL as
 * index.html, a client manifest (by default the entry alone) and `files` (path → text, e.g. a
 * chunk's stylesheet); with the server render from its source.
 */
export async function writeTestClientBuild(
  opts: { manifest?: Record<string, unknown>; files?: Record<string, string> } = {},
): Promise<TestClientBuild> {
  const ssr = (await import(ENTRY_SERVER)) as SsrModule;
  const distDir = await mkdtemp(join(tmpdir(), 'heizoel-client-build-'));
  const remove = () => rm(distDir, { recursive: true, force: true });
  try {
    const files = {
      'index.html': TEST_SHELL,
      '.vite/manifest.json': JSON.stringify(opts.manifest ?? ENTRY_ONLY_MANIFEST),
      ...opts.files,
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(distDir, path)), { recursive: true });
      await writeFile(join(distDir, path), text);
    }
    await ssr.preloadServerPages();
  } catch (error) {
    await remove();
    throw error;
  }
  return { distDir, ssr, remove };
}

/**
 * Waits until the snapshot `file` is complete; throws the builder's reason when it failed.
 * server-global-setup.ts builds it beside the first tests. Gives up before the hook's own
 * timeout (hookTimeout in vitest.config.ts), so a builder that hangs is named as such.
 */
async function snapshotReady(file: string, timeoutMs = 100_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(file)) return;
    if (existsSync(`${file}.failed`)) {
      throw new Error(`PGlite snapshot not built: ${await readFile(`${file}.failed`, 'utf8')}`);
    }
    if (Date.now() > until) throw new Error(`PGlite snapshot not built within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function openPgliteTestDatabase(): Promise<TestDatabase> {
  const snapshotFile = inject('pgliteSnapshot');
  if (!snapshotFile) {
    throw new Error('No PGlite snapshot: is tests/support/server-global-setup.ts the globalSetup?');
  }
  await snapshotReady(snapshotFile);
  const snapshot = new Blob([await readFile(snapshotFile)]);
  const database = await openDatabase({ kind: 'pglite-memory', snapshot });
  return { database, close: () => database.close() };
}

/** pg_advisory_lock key under which the first file builds the run's template database. */
const TEMPLATE_LOCK_KEY = '7308339805092684149';
/** The template this process saw complete (every later file copies it without asking). */
let templateReady: string | undefined;

/**
 * The run's migrated, seeded template database (its name from server-global-setup.ts), built by
 * the first file that needs it: migrating and seeding took 9.6 s per file on PostgreSQL, a copy
 * of the template 0.15 s. Built under another name and renamed when complete, under an
 * advisory lock, so a file never copies half a seed, whichever process comes first.
 */
async function ensureTemplate(adminUrl: string, name: string): Promise<void> {
  if (templateReady === name) return;
  await withAdmin(adminUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString() });
      try {
        await database.migrate();
        await seedAll(database.db, { publicUrl: TEST_PUBLIC_URL });
      } finally {
        // A template may have no connection when it is copied or renamed.
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  templateReady = name;
}

async function openPostgresTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = inject('postgresTemplate');
  if (!template) {
    throw new Error(
      'No template database: is tests/support/server-global-setup.ts the globalSetup?',
    );
  }
  await ensureTemplate(adminUrl, template);
  // Random, lower-case, so the name needs no quoting and parallel runs never collide.
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
  } catch (error) {
    await dropDatabase(adminUrl, name);
    throw error;
  }
  const opened = database;
  return {
    database: opened,
    url: url.toString(),
    async close() {
      try {
        await opened.close();
      } finally {
        await dropDatabase(adminUrl, name);
      }
    },
  };
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  // FORCE (PostgreSQL 13+) ends connections a failed test may have left open.
  await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Runs `run` on one connection to `url` (e.g. to create or drop a database), then closes it. */
export async function withAdmin<T>(
  url: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
