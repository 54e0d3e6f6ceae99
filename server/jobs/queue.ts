/**
 * A job queue on the database (docs/decisions/011): work that must happen once per key (the
 * daily price snapshot of a day) however many server processes run on one PostgreSQL, and on
 * PGlite alike. No in-process timer decides alone: every process may try, the database lets one
 * claim the job.
 *
 * - `enqueue(name, key)`: INSERT … ON CONFLICT DO NOTHING on (name, key): the same run is
 *   queued once, whoever asks first.
 * - `runDue()`: claims one due job at a time (a MATERIALIZED CTE SELECT … LIMIT 1 FOR UPDATE SKIP
 *   LOCKED, then UPDATE … FROM it): two processes never claim the same row, a claim never more
 *   than one. A claim is a lease (`leaseMs`); a process
 *   that dies mid-job leaves a lease that runs out, and the job is due again.
 * - A handler that throws puts the job back with a backoff (`retryDelayMs × 2^(attempts-1)`) until
 *   `maxAttempts`, then it is failed and stays so (visible in the table with its last error).
 * - `schedule(name, keyOf)`: on every tick, the key of now (e.g. today's date) is enqueued.
 */
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

export interface JobRun {
  id: number;
  name: string;
  key: string;
  /** 1 on the first try. */
  attempt: number;
}

export type JobHandler = (run: JobRun) => Promise<void>;

/** The database or one of its transactions. */
export type QueueDb = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface JobQueueOptions {
  /** Names this worker in the table (lockedBy); unique per process. */
  workerId: string;
  /** How long a claim holds; a job must finish within it. Default 10 minutes. */
  leaseMs?: number;
  /** First retry after this long, doubling per attempt. Default 1 minute. */
  retryDelayMs?: number;
  maxAttempts?: number;
  now?: () => number;
  /** A handler's failure (the job is retried or failed). */
  onError?: (error: unknown, run: JobRun) => void;
}

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly schedules = new Map<string, (now: Date) => string>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private ticking: Promise<void> | undefined;
  private readonly leaseMs: number;
  private readonly retryDelayMs: number;
  private readonly maxAttempts: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 10 * 60_000;
    this.retryDelayMs = options.retryDelayMs ?? 60_000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.now = options.now ?? Date.now;
  }

  register(name: string, handler: JobHandler): void {
    if (this.handlers.has(name)) throw new Error(`job "${name}" registered twice`);
    this.handlers.set(name, handler);
  }

  /** On every tick, the run of `keyOf(now)` is queued (once per key, across processes). */
  schedule(name: string, keyOf: (now: Date) => string): void {
    this.schedules.set(name, keyOf);
  }

  /** Queues (name, key) to run now or at `runAt`; false when it was queued before. */
  async enqueue(name: string, key: string, runAt = new Date(this.now())): Promise<boolean> {
    const inserted = await this.db
      .insert(jobs)
      .values({ name, key, runAt, maxAttempts: this.maxAttempts })
      .onConflictDoNothing({ target: [jobs.name, jobs.key] })
      .returning({ id: jobs.id });
    return inserted.length > 0;
  }

  /**
   * Queues (name, key) in the caller's transaction (`db`), so the job exists exactly when what it
   * is for does (a group order and its closing, issue 39); false when it was queued before.
   */
  async enqueueIn(db: QueueDb, name: string, key: string, runAt: Date): Promise<boolean> {
    const inserted = await db
      .insert(jobs)
      .values({ name, key, runAt, maxAttempts: this.maxAttempts })
      .onConflictDoNothing({ target: [jobs.name, jobs.key] })
      .returning({ id: jobs.id });
    return inserted.length > 0;
  }

  /** A pending (name, key) becomes due now (in the caller's transaction); false when none was. */
  async dueNowIn(db: QueueDb, name: string, key: string): Promise<boolean> {
    const now = new Date(this.now());
    const moved = await db
      .update(jobs)
      .set({ runAt: now })
      .where(and(eq(jobs.name, name), eq(jobs.key, key), eq(jobs.state, 'pending')))
      .returning({ id: jobs.id });
    return moved.length > 0;
  }

  /**
   * Queues (name, key) and, in a process that ticks (start), runs what is due right away instead
   * of at the next tick: for work a person waits for (a new price alarm's first check).
   */
  async enqueueNow(name: string, key: string): Promise<boolean> {
    const queued = await this.enqueue(name, key);
    if (queued) this.runSoon();
    return queued;
  }

  /**
   * In a process that ticks, runs what is due right after the tick under way (whose loop may have
   * passed a job made due since), never beside it; elsewhere nothing (tests call runDue).
   */
  runSoon(): void {
    if (!this.timer) return;
    const run = () =>
      this.runDue()
        .then(() => undefined)
        .catch((error: unknown) => this.options.onError?.(error, noRun));
    const after = this.ticking ?? Promise.resolve();
    const next: Promise<void> = after.then(run).finally(() => {
      if (this.ticking === next) this.ticking = undefined;
    });
    this.ticking = next;
  }

  /** Claims and runs due jobs of the registered names until none is due; returns how many ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const run = await this.claim();
      if (!run) return ran;
      await this.execute(run);
      ran += 1;
    }
  }

  /** Queues the scheduled keys of now, then runs what is due. */
  async tick(): Promise<void> {
    const now = new Date(this.now());
    for (const [name, keyOf] of this.schedules) await this.enqueue(name, keyOf(now), now);
    await this.runDue();
  }

  /** Ticks every `intervalMs` (and once at once); a tick never overlaps the previous one. */
  start(intervalMs: number): void {
    if (this.timer) return;
    const tick = () => {
      this.ticking ??= this.tick()
        .catch((error: unknown) => this.options.onError?.(error, noRun))
        .finally(() => {
          this.ticking = undefined;
        });
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  /** Stops ticking and waits for a running job (its lease would otherwise have to run out). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  private async claim(): Promise<JobRun | undefined> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return undefined;
    const now = new Date(this.now());
    const due = or(
      and(eq(jobs.state, 'pending'), lte(jobs.runAt, now)),
      // A claim whose lease ran out: the process that held it died or hung.
      and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, now)),
    );
    const next = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.name, names), due, lt(jobs.attempts, jobs.maxAttempts)))
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    // The one row is chosen once, in a MATERIALIZED CTE (issue 35). `WHERE id IN (SELECT … LIMIT
    // 1 FOR UPDATE SKIP LOCKED)` is not evaluated once: the planner re-ran the subquery per row
    // and the UPDATE marked every due job as running, of which only the first was run. The
    // conditions are checked again on the locked row: it may have changed before the lock.
    const result: unknown = await this.db.execute(sql`
      with next as materialized (${next})
      update ${jobs}
      set state = 'running',
          attempts = ${jobs.attempts} + 1,
          locked_until = ${new Date(now.getTime() + this.leaseMs).toISOString()}::timestamptz,
          locked_by = ${this.options.workerId}
      from next
      where ${jobs.id} = next.id and ${due}
      returning ${jobs.id} as id, ${jobs.name} as name, ${jobs.key} as key,
                ${jobs.attempts} as attempt
    `);
    // Both drivers (PGlite, node-postgres) answer a raw query with { rows }.
    const [row] = (result as { rows: JobRun[] }).rows;
    if (row) return row;
    await this.failExhausted(now);
    return undefined;
  }

  /** Jobs whose last lease ran out on the last attempt: failed, not claimable again. */
  private async failExhausted(now: Date): Promise<void> {
    await this.db
      .update(jobs)
      .set({ state: 'failed', lockedUntil: null, finishedAt: now })
      .where(
        and(
          eq(jobs.state, 'running'),
          lt(jobs.lockedUntil, now),
          sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
        ),
      );
  }

  private async execute(run: JobRun): Promise<void> {
    const handler = this.handlers.get(run.name);
    const mine = and(
      eq(jobs.id, run.id),
      eq(jobs.state, 'running'),
      eq(jobs.lockedBy, this.options.workerId),
    );
    try {
      if (!handler) throw new Error(`no handler for job "${run.name}"`);
      await handler(run);
    } catch (error) {
      this.options.onError?.(error, run);
      const message = error instanceof Error ? error.message : String(error);
      const last = run.attempt >= this.maxAttempts;
      const retryAt = new Date(this.now() + this.retryDelayMs * 2 ** (run.attempt - 1));
      await this.db
        .update(jobs)
        .set({
          state: last ? 'failed' : 'pending',
          runAt: last ? undefined : retryAt,
          lockedUntil: null,
          lockedBy: null,
          lastError: message.slice(0, 2000),
          finishedAt: last ? new Date(this.now()) : null,
        })
        .where(mine);
      return;
    }
    await this.db
      .update(jobs)
      .set({ state: 'done', lockedUntil: null, finishedAt: new Date(this.now()), lastError: null })
      .where(mine);
  }
}

const noRun: JobRun = { id: 0, name: '(tick)', key: '', attempt: 0 };

/**
 * Made once: a DateTimeFormat with a time zone costs far more to make than to use, and
 * `app.prices.today()` asks for the day several times per price page (issue 36: ~2 ms a render).
 */
const BERLIN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day of an instant in Germany's time zone, yyyy-mm-dd (the key of a daily job). */
export function berlinDay(instant: Date): string {
  return BERLIN_DAY.format(instant);
}
