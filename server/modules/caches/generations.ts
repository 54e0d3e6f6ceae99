/**
 * A cache clear reaches every server process: the process that clears drops its own
 * copy at once and bumps the cache's row in cache_generation (name, generation, clearedAt,
 * clearedBy); every process remembers the generations it has seen and drops its copy of a cache
 * whose generation grew.
 *
 * - PostgreSQL: the bump sends NOTIFY on CHANNEL in the same transaction (delivered at commit);
 *   each process LISTENs on a connection of its own (not one of the pool's), so the others clear
 *   within milliseconds.
 * - A poll of the table (every 2 s) is the fallback: a notification lost while the listening
 *   connection was down, and PGlite, which one process owns (two apps on one PGlite in tests).
 *
 * Syncs and clears run one after another (a queue), so a process never clears twice for one
 * bump and a poll never overtakes the clear that caused it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client';
import { cacheGenerations } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit';
import type { CacheRegistry, CacheSource } from './registry';

/** The NOTIFY channel of cache clears. */
export const CACHE_CHANNEL = 'oelkompass_cache_cleared';
/** The fallback poll (PGlite, or a notification lost while reconnecting). */
export const CACHE_POLL_MS = 2000;
/** A listening connection that failed is opened again after this long. */
const RECONNECT_MS = 5000;

export interface CacheGenerationRow {
  name: string;
  generation: number;
  clearedAt: Date | null;
  clearedBy: string | null;
}

export interface ClearOutcome {
  name: string;
  entriesBefore: number;
  entriesAfter: number;
}

export interface CacheGenerationsOptions {
  log: FastifyBaseLogger;
  pollMs?: number;
}

/** The node-postgres pool behind a Drizzle database, or undefined (PGlite). */
function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

export async function readGenerations(db: Db): Promise<CacheGenerationRow[]> {
  return db.select().from(cacheGenerations);
}

export class CacheGenerations {
  private readonly known = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private listener: pg.Client | undefined;
  private pollMs: number | null;
  private started = false;
  /** The generations as of the start are known; from now on a grown one means "clear". */
  private initialised = false;
  private stopped = false;
  private readonly log: FastifyBaseLogger;

  constructor(
    private readonly db: Db,
    private readonly registry: CacheRegistry,
    options: CacheGenerationsOptions,
  ) {
    this.log = options.log;
    this.pollMs = options.pollMs ?? CACHE_POLL_MS;
  }

  /** Whether a LISTEN connection is open (PostgreSQL only). */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  /**
   * Listens (PostgreSQL), then reads the generations as they are now (the caches of a process
   * that just started hold nothing older), then polls.
   */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.listen();
    await this.enqueue(async () => {
      for (const row of await readGenerations(this.db)) this.known.set(row.name, row.generation);
      this.initialised = true;
    });
    this.pollEvery(this.pollMs);
  }

  /** Stops listening and polling and waits for a sync or clear under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.pollTimer = undefined;
    this.reconnectTimer = undefined;
    const listener = this.listener;
    this.listener = undefined;
    await this.queue.catch(() => undefined);
    if (listener) await listener.end().catch(() => undefined);
  }

  /** Polls every `ms` from now on; null stops polling (tests prove the notification alone). */
  pollEvery(ms: number | null): void {
    this.pollMs = ms;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = undefined;
    if (ms === null || this.stopped || !this.initialised) return;
    this.pollTimer = setInterval(() => {
      this.sync().catch((error: unknown) => this.log.warn({ err: error }, 'cache poll failed'));
    }, ms);
    this.pollTimer.unref();
  }

  /** Clears this process's copy of every cache whose generation grew since it last looked. */
  sync(): Promise<void> {
    return this.enqueue(async () => {
      if (this.stopped || !this.initialised) return;
      const rows = await readGenerations(this.db);
      for (const row of rows) {
        const seen = this.known.get(row.name) ?? 0;
        if (row.generation <= seen) continue;
        this.known.set(row.name, row.generation);
        const source = this.registry.get(row.name);
        if (!source) continue;
        await this.clearLocal(source);
        this.log.info({ cache: row.name, generation: row.generation }, 'cache cleared elsewhere');
      }
    });
  }

  /**
   * Clears the caches here at once, then (one transaction) bumps their generations, writes one
   * audit entry each and notifies the other processes.
   */
  clear(sources: readonly CacheSource[], actor: AuditActor): Promise<ClearOutcome[]> {
    return this.enqueue(async () => {
      const outcomes: ClearOutcome[] = [];
      for (const source of sources) {
        const entriesBefore = source.entries();
        await this.clearLocal(source);
        outcomes.push({ name: source.name, entriesBefore, entriesAfter: source.entries() });
      }
      const clearedAt = new Date();
      const rows = await this.db.transaction(async (tx) => {
        const bumped: { name: string; generation: number }[] = [];
        for (const outcome of outcomes) {
          const [row] = await tx
            .insert(cacheGenerations)
            .values({ name: outcome.name, generation: 1, clearedAt, clearedBy: actor.email })
            .onConflictDoUpdate({
              target: cacheGenerations.name,
              set: {
                generation: sql`${cacheGenerations.generation} + 1`,
                clearedAt,
                clearedBy: actor.email,
              },
            })
            .returning({ name: cacheGenerations.name, generation: cacheGenerations.generation });
          if (row) bumped.push(row);
          await recordAudit(tx, actor, {
            objectType: 'cache',
            objectId: outcome.name,
            action: 'clear',
            before: { Entries: outcome.entriesBefore },
            after: { Entries: outcome.entriesAfter },
          });
        }
        if (poolOf(this.db) && bumped.length > 0) {
          const payload = bumped.map((b) => b.name).join(',');
          await tx.execute(sql`SELECT pg_notify(${CACHE_CHANNEL}, ${payload})`);
        }
        return bumped;
      });
      for (const row of rows) this.known.set(row.name, row.generation);
      return outcomes;
    });
  }

  /**
   * The data behind caches changed (a price snapshot, a CMS change): clears them here at once and
   * in every other process, like a staff clear but without an audit entry and without changing
   * the last clear the staff screen shows (that is a person's act). Unknown names are bumped
   * too, so a process that registers the cache later still sees the change.
   */
  invalidate(names: readonly string[]): Promise<void> {
    return this.enqueue(async () => {
      for (const name of names) {
        const source = this.registry.get(name);
        if (source) await this.clearLocal(source);
      }
      const rows = await this.db.transaction(async (tx) => {
        const bumped: { name: string; generation: number }[] = [];
        for (const name of names) {
          const [row] = await tx
            .insert(cacheGenerations)
            .values({ name, generation: 1 })
            .onConflictDoUpdate({
              target: cacheGenerations.name,
              set: { generation: sql`${cacheGenerations.generation} + 1` },
            })
            .returning({ name: cacheGenerations.name, generation: cacheGenerations.generation });
          if (row) bumped.push(row);
        }
        if (poolOf(this.db) && bumped.length > 0) {
          const payload = bumped.map((b) => b.name).join(',');
          await tx.execute(sql`SELECT pg_notify(${CACHE_CHANNEL}, ${payload})`);
        }
        return bumped;
      });
      for (const row of rows) this.known.set(row.name, row.generation);
    });
  }

  /** A failing clear (e.g. the price index's rebuild) is logged; the other caches go on. */
  private async clearLocal(source: CacheSource): Promise<void> {
    try {
      await source.clear();
    } catch (error) {
      this.log.error({ err: error, cache: source.name }, 'cache clear failed');
    }
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** PostgreSQL: LISTEN on a connection of its own; a failure falls back to the poll. */
  private async listen(): Promise<void> {
    const pool = poolOf(this.db);
    if (!pool || this.stopped) return;
    const client = new pg.Client(pool.options);
    const lost = (error?: unknown) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      if (!this.stopped) {
        this.log.warn({ err: error }, 'cache listener lost; polling until it is back');
        void client.end().catch(() => undefined);
        this.scheduleReconnect();
      }
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel !== CACHE_CHANNEL) return;
      this.sync().catch((error: unknown) => this.log.warn({ err: error }, 'cache sync failed'));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (error) {
      this.log.warn({ err: error }, 'cache listener could not start; polling');
      await client.end().catch(() => undefined);
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    // What was cleared while no connection listened.
    if (this.initialised) void this.sync().catch(() => undefined);
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.listen();
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }
}
