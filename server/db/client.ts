/**
 * Opens the database: PGlite (embedded, file-backed under DATA_DIR or in memory) by default,
 * node-postgres when a connection URL is given. Both are wrapped by the same Drizzle API.
 *
 * PostgreSQL may be away for a moment (a restart, a failover, a cut network): the pool then holds
 * a request that needs a connection for up to DATABASE_HOLD_MS until the database is back, and
 * only then gives up with a DatabaseUnavailableError (answered 503, server/plugins/errors.ts).
 * Only getting a connection is retried, never a statement: one that was sent may have run.
 */
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The database or one of its transactions (`db.transaction(async (tx) => …)`). */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

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
  /**
   * Resolves when the database answers a trivial query within `timeoutMs`, else rejects (a
   * DatabaseUnavailableError on timeout). Without the pool's hold: the readiness check asks this
   * and must answer promptly, not wait for the database to come back.
   */
  ping(timeoutMs: number): Promise<void>;
  /** PostgreSQL: the pool, whose events tell an outage (HoldingPool). */
  pool?: HoldingPool;
  /** PGlite only: the data directory as a tarball, to restore a seeded database quickly (tests). */
  dump?: () => Promise<Blob>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; hold?: HoldOptions }
  | { kind: 'pglite'; dataDir: string }
  /** In-memory PGlite, optionally restored from a dump (tests). */
  | { kind: 'pglite-memory'; snapshot?: Blob };

/** pg_advisory_lock key of the start-up (migrations, seeding): "oelkompa" in ASCII, as a bigint. */
const STARTUP_LOCK_KEY = '8026941119544520801';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * How long a request that needs a connection waits for an unreachable database before it is
 * answered 503. A restart of PostgreSQL takes about 1–3 s (a fast shutdown and start: 1.3 s on the
 * test cluster; a managed switchover a few seconds), so a restart costs a visitor a pause, not an
 * error. Not longer: the app gives up on a request after 8 s (src/api/deadline.ts API_DEADLINE_MS)
 * and its service worker shows a kept page after 4 s, and the 503 with its message should reach
 * the visitor before either; every held request also holds its socket meanwhile.
 */
export const DATABASE_HOLD_MS = 4000;

/**
 * How long one connection attempt may take (pg-pool's connectionTimeoutMillis; it bounds the wait
 * for a free connection of a busy pool as well). A connection to PostgreSQL is made in a few
 * milliseconds on a local network; 2 s is hundreds of times that and leaves room for one lost SYN
 * to be sent again (Linux resends after 1 s), so a dead network or a host that drops packets
 * costs at most this per attempt instead of hanging the request until TCP gives up (minutes).
 */
export const CONNECT_TIMEOUT_MS = 2000;

/** While requests are held: how often the pool tries to connect again. */
export const RECONNECT_EVERY_MS = 250;

export interface HoldOptions {
  /** DATABASE_HOLD_MS; 0: no hold (a request fails at the first refused connection). */
  holdMs?: number;
  /** CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
  /** RECONNECT_EVERY_MS. */
  retryMs?: number;
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: pg.PoolClient['release'],
) => void;

export interface OutageListeners {
  /** The database was found unreachable (the first failed attempt's error). */
  unavailable?: (error: unknown) => void;
  /** A connection could be made again, `awayMs` after the database was found unreachable. */
  available?: (awayMs: number) => void;
  /** A request began to wait for the database. */
  hold?: () => void;
}

/** The database went away at `since`; `back` settles when a connection could be made again. */
interface Outage {
  since: number;
  error: unknown;
  back: Promise<void>;
  end(): void;
}

function newOutage(error: unknown): Outage {
  let end!: () => void;
  const back = new Promise<void>((resolve) => {
    end = resolve;
  });
  return { since: performance.now(), error, back, end };
}

/** true when `promise` settles within `ms`, false when the time ran out first. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * node-postgres' pool with a hold: when a connection cannot be made because the database is
 * unreachable (isDatabaseUnavailable), the request waits up to `holdMs` for it to come back
 * instead of failing at once. Getting a connection is the one step that is always safe to repeat:
 * no statement has been sent on it. pool.query (Drizzle outside a transaction) and
 * db.transaction (before its BEGIN) both get their connection here; a statement that fails on a
 * connection it already had is never repeated, inside a transaction or not.
 *
 * While requests wait, one attempt every `retryMs` (not one per request) finds out whether the
 * database is back; a new connection made by anyone ends the wait for all. Events besides
 * pg.Pool's: 'unavailable' (error) when the database was found unreachable, 'available' (ms it was
 * away) when a connection could be made again, 'hold' each time a request begins to wait.
 */
export class HoldingPool extends pg.Pool {
  readonly holdMs: number;
  private readonly retryMs: number;
  private outage: Outage | undefined;
  private waiting = 0;
  private probing = false;

  constructor(config: pg.PoolConfig, hold: HoldOptions = {}) {
    super({ ...config, connectionTimeoutMillis: hold.connectTimeoutMs ?? CONNECT_TIMEOUT_MS });
    this.holdMs = hold.holdMs ?? DATABASE_HOLD_MS;
    this.retryMs = hold.retryMs ?? RECONNECT_EVERY_MS;
    this.on('connect', (client) => {
      // pg-pool listens for a client's 'error' only while the client is idle or inside
      // pool.query. A connection that breaks while it is checked out between statements (a
      // transaction awaiting the app, the start-up lock) emits 'error' with nobody listening,
      // which ends the process. The failure reaches whoever uses the client next (it is no
      // longer queryable), and the pool drops it when it is released.
      client.on('error', () => undefined);
      this.recovered();
    });
  }

  /** Listens to the pool's outage events (see the class); returns the function to stop. */
  watch(listeners: OutageListeners): () => void {
    // pg.Pool's typings know only its own events; these are ours.
    const on = EventEmitter.prototype.on.bind(this);
    const off = EventEmitter.prototype.off.bind(this);
    const entries = Object.entries(listeners) as [string, (...args: unknown[]) => void][];
    for (const [event, listener] of entries) on(event, listener);
    return () => {
      for (const [event, listener] of entries) off(event, listener);
    };
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const held = this.connectHeld();
    if (!callback) return held;
    held.then(
      (client) => callback(undefined, client, (release) => client.release(release)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }

  /**
   * Whether the database answers `SELECT 1` within `timeoutMs`, without the hold. A connection
   * that does not answer in time is thrown away, never returned to the pool.
   */
  async ping(timeoutMs: number): Promise<void> {
    let client: pg.PoolClient | undefined;
    let done = false;
    /** Gives the connection back once: kept when it answered, thrown away when it did not. */
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      client?.release(error);
    };
    const attempt = (async () => {
      client = await super.connect();
      if (done) return client.release(new Error('ping timed out'));
      try {
        await client.query('SELECT 1');
      } catch (error) {
        finish(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
      finish();
    })();
    // What the attempt does after the deadline concerns nobody but itself.
    attempt.catch(() => undefined);
    if (!(await within(attempt, timeoutMs))) {
      finish(new Error('ping timed out'));
      throw new DatabaseUnavailableError({ cause: new Error(`no answer within ${timeoutMs} ms`) });
    }
    await attempt;
  }

  private async connectHeld(): Promise<pg.PoolClient> {
    const deadline = performance.now() + this.holdMs;
    for (;;) {
      // While another attempt is under way every retryMs, a request waits for its outcome.
      if (!this.outage || !this.probing) {
        try {
          return await super.connect();
        } catch (error) {
          if (this.ending || !isDatabaseUnavailable(error)) throw error;
          this.wentAway(error);
        }
      }
      const outage = this.outage;
      if (!outage) continue;
      const left = deadline - performance.now();
      if (left <= 0) throw new DatabaseUnavailableError({ cause: outage.error });
      this.waiting += 1;
      this.emit('hold');
      this.probe(outage);
      try {
        if (!(await within(outage.back, left))) {
          throw new DatabaseUnavailableError({ cause: outage.error });
        }
      } finally {
        this.waiting -= 1;
      }
    }
  }

  private wentAway(error: unknown): void {
    if (this.outage) {
      this.outage.error = error;
      return;
    }
    this.outage = newOutage(error);
    this.emit('unavailable', error);
  }

  /** A connection was made: the database is back, and every held request tries again. */
  private recovered(): void {
    const outage = this.outage;
    if (!outage) return;
    this.outage = undefined;
    outage.end();
    this.emit('available', Math.round(performance.now() - outage.since));
  }

  /**
   * One attempt every retryMs while requests wait. A connection the pool had kept may be broken
   * without the pool knowing yet, so the attempt asks a question: only an answer ends the wait.
   * Stops when nobody waits any more: the next request then tries for itself.
   */
  private probe(outage: Outage): void {
    if (this.probing) return;
    this.probing = true;
    const attempt = async () => {
      while (this.outage === outage && this.waiting > 0 && !this.ending) {
        await new Promise((resolve) => setTimeout(resolve, this.retryMs));
        if (this.outage !== outage || this.waiting === 0 || this.ending) break;
        let client: pg.PoolClient | undefined;
        try {
          client = await super.connect();
          await client.query('SELECT 1');
          client.release();
          this.recovered();
        } catch (error) {
          client?.release(error instanceof Error ? error : new Error(String(error)));
          if (isDatabaseUnavailable(error)) outage.error = error;
          // Something else is wrong: the held requests try for themselves and meet it.
          else this.recovered();
        }
      }
    };
    void attempt().finally(() => {
      this.probing = false;
    });
  }
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new HoldingPool({ connectionString: target.url, max: 10 }, target.hold);
    let closing = false;
    // An idle connection that fails (server restart, network, admin shutdown) is reported on the
    // pool; without a listener that 'error' event would end the process (node-postgres docs).
    // The pool replaces the connection on the next query. The message alone: pg-pool hangs the
    // whole client on the error, which printed a screenful per connection.
    pool.on('error', (error) => {
      if (closing) return;
      const code = (error as { code?: unknown }).code;
      console.error(
        `PostgreSQL: idle connection failed: ${error.message}${typeof code === 'string' ? ` (${code})` : ''}`,
      );
    });
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      pool,
      ping: (timeoutMs) => pool.ping(timeoutMs),
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
    // Embedded: there is no network to fail; a query that does not come back is a bug of ours.
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
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
