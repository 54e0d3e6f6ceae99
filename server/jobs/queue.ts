/**
 * A job queue on the database (docs/decisions/011, 020, 024): work that must happen once per key
 * however many server processes run on one PostgreSQL, and on PGlite alike. No in-process timer
 * decides alone: every process may try, the database lets one claim the job.
 *
 * - `enqueue(name, key)`: INSERT … ON CONFLICT DO NOTHING on (name, key): the same run is
 *   queued once, whoever asks first.
 * - `runDue()`: claims one due job at a time (a MATERIALIZED CTE SELECT … LIMIT 1 FOR UPDATE SKIP
 *   LOCKED, then UPDATE … FROM it): two processes never claim the same row, a claim never more
 *   than one.
 * - A claim is a short lease (`leaseMs`, 45 s) that a heartbeat renews while the handler runs
 *   (every `leaseMs / 3`): a job may run as long as it needs, and the job of a process that died
 *   is due again within a lease and a tick (decision 024). A heartbeat that finds the claim gone
 *   (taken over after a stall) aborts the run's `signal`.
 * - A handler that throws puts the job back with a backoff (`retryDelayMs × 2^(attempts-1)`) until
 *   its kind's `maxAttempts`; then the kind's `onFailed` reacts (a group closing tells its
 *   households) and the job is failed, visible on the staff screen with its last error, where an
 *   admin can run it again (`retry`). A lease that ran out on the last attempt fails the same way.
 * - `schedule(name, keyOf)`: on every tick, the key of now (e.g. today's date) is enqueued.
 * - Lanes: a queue runs the names registered on it. Mail has a lane of its own (ticking every
 *   2 s), so a slow relay never waits behind a price snapshot and the other way round.
 */
import { pid as processId } from 'node:process';
import { and, eq, inArray, like, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { isDatabaseUnavailable } from '../db/unavailable';

export interface JobRun {
  id: number;
  name: string;
  key: string;
  /** 1 on the first try. */
  attempt: number;
  /** Aborted when this process lost the claim (another process took the job over). */
  signal: AbortSignal;
}

export type JobHandler = (run: JobRun) => Promise<void>;

export interface JobKind {
  /** Attempts before the job fails for good (the queue's default otherwise). */
  maxAttempts?: number;
  /** First retry after this long, doubling per attempt (the queue's default otherwise). */
  retryDelayMs?: number;
  /**
   * The job failed for good (its last attempt threw, or its lease ran out on it): what must
   * happen then (tell the people waiting for it). Runs once per final failure; must be
   * idempotent, as a process may die between it and the job's failed mark.
   */
  onFailed?: (run: JobRun, lastError: string) => Promise<void>;
}

/** The database or one of its transactions. */
export type QueueDb = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface JobQueueOptions {
  /** Names this worker in the table (lockedBy): `host:pid:random`, unique per process. */
  workerId: string;
  /** How long a claim holds without a heartbeat. Default 45 s. */
  leaseMs?: number;
  /** How often a running job's lease is renewed (real time). Default a third of the lease. */
  heartbeatMs?: number;
  /** First retry after this long, doubling per attempt. Default 1 minute. */
  retryDelayMs?: number;
  maxAttempts?: number;
  /** Jobs of this queue running at once in this process. Default 1. */
  concurrency?: number;
  now?: () => number;
  /** A handler's failure (the job is retried or failed). */
  onError?: (error: unknown, run: Pick<JobRun, 'id' | 'name' | 'key' | 'attempt'>) => void;
}

/** The lease of a claim: long enough for a stalled event loop, short enough to take over soon. */
export const DEFAULT_LEASE_MS = 45_000;

/** A failed job an admin runs again gets this many more attempts. */
export const RETRY_ATTEMPTS = 3;

interface Claimed {
  id: number;
  name: string;
  key: string;
  attempt: number;
  maxAttempts: number;
}

export class JobQueue {
  private readonly kinds = new Map<string, { handler: JobHandler } & JobKind>();
  private readonly schedules = new Map<string, (now: Date) => string>();
  private timer: ReturnType<typeof setInterval> | undefined;
  /** A timer tick's scheduling under way (the jobs it starts run on beyond it). */
  private ticking: Promise<void> | undefined;
  /** The workers running now, at most `concurrency`. */
  private readonly workers = new Set<Promise<number>>();
  /** Counts runSoon calls: a worker that found nothing due looks once more if it changed. */
  private asked = 0;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly retryDelayMs: number;
  private readonly maxAttempts: number;
  private readonly concurrency: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions,
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.heartbeatMs = options.heartbeatMs ?? Math.max(1, Math.floor(this.leaseMs / 3));
    this.retryDelayMs = options.retryDelayMs ?? 60_000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.now = options.now ?? Date.now;
  }

  get workerId(): string {
    return this.options.workerId;
  }

  register(name: string, handler: JobHandler, kind: JobKind = {}): void {
    if (this.kinds.has(name)) throw new Error(`job "${name}" registered twice`);
    this.kinds.set(name, { handler, ...kind });
  }

  /** On every tick, the run of `keyOf(now)` is queued (once per key, across processes). */
  schedule(name: string, keyOf: (now: Date) => string): void {
    this.schedules.set(name, keyOf);
  }

  private maxAttemptsOf(name: string): number {
    return this.kinds.get(name)?.maxAttempts ?? this.maxAttempts;
  }

  /** Queues (name, key) to run now or at `runAt`; false when it was queued before. */
  async enqueue(name: string, key: string, runAt = new Date(this.now())): Promise<boolean> {
    return this.enqueueIn(this.db, name, key, runAt);
  }

  /**
   * Queues (name, key) in the caller's transaction (`db`), so the job exists exactly when what it
   * is for does (a group order and its closing); false when it was queued before.
   */
  async enqueueIn(db: QueueDb, name: string, key: string, runAt: Date): Promise<boolean> {
    const inserted = await db
      .insert(jobs)
      .values({ name, key, runAt, maxAttempts: this.maxAttemptsOf(name) })
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
   * In a process that ticks, runs what is due now in the lane's free slots; a worker busy or just
   * finding nothing due looks once more, so the job never waits for the next tick. Elsewhere
   * nothing (tests call runDue).
   */
  runSoon(): void {
    if (!this.timer) return;
    this.asked += 1;
    this.startWorkers();
  }

  /**
   * Claims and runs due jobs of the registered names until none is due, in every free slot of
   * `concurrency`; returns how many the workers started here ran.
   */
  async runDue(): Promise<number> {
    const counts = await Promise.all(this.fillSlots());
    return counts.reduce((a, b) => a + b, 0);
  }

  /**
   * A worker in every free slot, each claiming and running jobs until none is due. A slot frees
   * when its worker ends, not when a tick does: one job that runs long (a mail to a relay that
   * hangs for a minute) never keeps the other slots from claiming — before, the lane's tick
   * waited for it, and a dead process's mail was taken over a minute late.
   */
  private fillSlots(): Promise<number>[] {
    const started: Promise<number>[] = [];
    while (this.workers.size < this.concurrency) {
      const worker: Promise<number> = this.work().finally(() => this.workers.delete(worker));
      this.workers.add(worker);
      started.push(worker);
    }
    return started;
  }

  /**
   * fillSlots for the timer and runSoon, not waited for. One report per start, not per worker:
   * with the database away every worker fails alike, and a lane of four would log four times.
   */
  private startWorkers(): void {
    Promise.all(this.fillSlots()).catch((error: unknown) => this.options.onError?.(error, noRun));
  }

  private async work(): Promise<number> {
    let ran = 0;
    for (;;) {
      const asked = this.asked;
      const claimed = await this.claim();
      if (!claimed) {
        if (asked === this.asked) return ran;
        continue; // runSoon was called meanwhile: its job may have been queued after our claim
      }
      await this.execute(claimed);
      ran += 1;
    }
  }

  private async enqueueScheduled(): Promise<void> {
    const now = new Date(this.now());
    for (const [name, keyOf] of this.schedules) await this.enqueue(name, keyOf(now), now);
  }

  /** Queues the scheduled keys of now, then runs what is due (and waits for it). */
  async tick(): Promise<void> {
    await this.enqueueScheduled();
    await this.runDue();
  }

  /**
   * Every `intervalMs` (and once at once): queues the scheduled keys, then fills the free slots.
   * The scheduling never overlaps itself; the jobs run on beyond the tick.
   */
  start(intervalMs: number): void {
    if (this.timer) return;
    const tick = () => {
      this.ticking ??= this.enqueueScheduled()
        .then(() => this.startWorkers())
        .catch((error: unknown) => this.options.onError?.(error, noRun))
        .finally(() => {
          this.ticking = undefined;
        });
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  /** Stops ticking and waits for the running jobs (their leases would otherwise have to run out). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    await Promise.allSettled([...this.workers]);
  }

  /**
   * A failed job runs again (an admin's decision, e.g. after the mail relay was repaired): due
   * now, with RETRY_ATTEMPTS more attempts. False when the job is not failed (any more).
   */
  async retry(id: number): Promise<boolean> {
    const moved = await this.db
      .update(jobs)
      .set({
        state: 'pending',
        runAt: new Date(this.now()),
        maxAttempts: sql`${jobs.attempts} + ${RETRY_ATTEMPTS}`,
        finishedAt: null,
        lockedUntil: null,
      })
      .where(and(eq(jobs.id, id), eq(jobs.state, 'failed')))
      .returning({ id: jobs.id });
    return moved.length > 0;
  }

  /**
   * At a process's start: the claims of this host's processes that no longer run (a restart, a
   * crash) are due at once instead of when their lease runs out. A process is known dead when its
   * pid does not exist, or when it is this process's pid under another worker id (a container's
   * restarted pid 1). Claims of other hosts wait for their lease: their processes cannot be asked.
   */
  async releaseDeadClaims(
    host: string,
    alive: (pid: number) => boolean = pidAlive,
  ): Promise<number> {
    const rows = await this.db
      .select({ id: jobs.id, lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(and(eq(jobs.state, 'running'), like(jobs.lockedBy, `${escapeLike(host)}:%`)));
    let released = 0;
    for (const row of rows) {
      const by = row.lockedBy ?? '';
      if (by === this.options.workerId) continue;
      const pid = Number(by.slice(host.length + 1).split(':')[0]);
      if (!Number.isInteger(pid) || pid <= 0) continue;
      if (pid !== processId && alive(pid)) continue;
      const moved = await this.db
        .update(jobs)
        // Run out already, not at this very millisecond: the claim wants a lease that ended
        // before its now, and a claim right after the release may read the same millisecond.
        .set({ lockedUntil: new Date(this.now() - 1) })
        .where(and(eq(jobs.id, row.id), eq(jobs.state, 'running'), eq(jobs.lockedBy, by)))
        .returning({ id: jobs.id });
      released += moved.length;
    }
    return released;
  }

  private async claim(): Promise<Claimed | undefined> {
    const names = [...this.kinds.keys()];
    if (names.length === 0) return undefined;
    const now = new Date(this.now());
    const due = or(
      and(eq(jobs.state, 'pending'), lte(jobs.runAt, now), lt(jobs.attempts, jobs.maxAttempts)),
      // A claim whose lease ran out: the process that held it died or hung. On its last attempt
      // it is claimed too, to be failed with its kind's onFailed (execute).
      and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, now)),
    );
    const next = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.name, names), due))
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    // The one row is chosen once, in a MATERIALIZED CTE (decision 020). `WHERE id IN (SELECT …
    // LIMIT 1 FOR UPDATE SKIP LOCKED)` is not evaluated once: the planner re-ran the subquery per
    // row and the UPDATE marked every due job as running. The conditions are checked again on
    // the locked row: it may have changed before the lock.
    const result: unknown = await this.db.execute(sql`
      with next as materialized (${next})
      update ${jobs}
      set state = 'running',
          attempts = ${jobs.attempts} + 1,
          locked_until = ${new Date(now.getTime() + this.leaseMs).toISOString()}::timestamptz,
          locked_by = ${this.options.workerId},
          started_at = ${now.toISOString()}::timestamptz
      from next
      where ${jobs.id} = next.id and ${due}
      returning ${jobs.id} as id, ${jobs.name} as name, ${jobs.key} as key,
                ${jobs.attempts} as attempt, ${jobs.maxAttempts} as "maxAttempts"
    `);
    // Both drivers (PGlite, node-postgres) answer a raw query with { rows }.
    const [row] = (result as { rows: Claimed[] }).rows;
    return row;
  }

  /** The conditions under which this process still holds the claim of `id`. */
  private mine(id: number) {
    return and(
      eq(jobs.id, id),
      eq(jobs.state, 'running'),
      eq(jobs.lockedBy, this.options.workerId),
    );
  }

  /**
   * Renews the lease every third of it while `work` runs; when a renewal finds the claim taken
   * (this process stalled longer than the lease), `abort` is called.
   */
  private async withHeartbeat<T>(
    id: number,
    abort: () => void,
    work: () => Promise<T>,
  ): Promise<T> {
    let beating: Promise<void> | undefined;
    const beat = () => {
      beating ??= this.db
        .update(jobs)
        .set({ lockedUntil: new Date(this.now() + this.leaseMs) })
        .where(this.mine(id))
        .returning({ id: jobs.id })
        .then((rows) => {
          if (rows.length === 0) abort();
        })
        // A renewal that fails (the database away for a moment) is tried again on the next beat.
        .catch((error: unknown) => this.options.onError?.(error, { ...noRun, id }))
        .finally(() => {
          beating = undefined;
        });
    };
    const timer = setInterval(beat, this.heartbeatMs);
    timer.unref();
    try {
      return await work();
    } finally {
      clearInterval(timer);
      await beating;
    }
  }

  private async execute(claimed: Claimed): Promise<void> {
    const kind = this.kinds.get(claimed.name);
    const controller = new AbortController();
    const run: JobRun = {
      id: claimed.id,
      name: claimed.name,
      key: claimed.key,
      attempt: claimed.attempt,
      signal: controller.signal,
    };
    if (claimed.attempt > claimed.maxAttempts) {
      // Claimed after its lease ran out on the last attempt: nobody will run it again.
      await this.withHeartbeat(
        claimed.id,
        () => controller.abort(),
        () =>
          this.failForGood(
            run,
            kind,
            'Die Frist des letzten Versuchs lief ab: der Prozess, der ihn ausführte, hat sich nicht mehr gemeldet.',
          ),
      );
      return;
    }
    // The heartbeat lives until the job's end is stored, not only while the handler runs: a
    // database away at that moment must not let the lease run out under a finished job.
    await this.withHeartbeat(
      claimed.id,
      () => controller.abort(),
      async () => {
        let failure: unknown;
        let failed = false;
        try {
          if (!kind) throw new Error(`no handler for job "${claimed.name}"`);
          await kind.handler(run);
        } catch (error) {
          failed = true;
          failure = error;
        }
        if (!failed) {
          await untilStored(() =>
            this.db
              .update(jobs)
              .set({
                state: 'done',
                lockedUntil: null,
                finishedAt: new Date(this.now()),
                lastError: null,
              })
              .where(this.mine(claimed.id)),
          );
          return;
        }
        this.options.onError?.(failure, run);
        const message = failure instanceof Error ? failure.message : String(failure);
        if (claimed.attempt >= claimed.maxAttempts) {
          await this.failForGood(run, kind, message);
          return;
        }
        const retryDelay = kind?.retryDelayMs ?? this.retryDelayMs;
        await untilStored(() =>
          this.db
            .update(jobs)
            .set({
              state: 'pending',
              runAt: new Date(this.now() + retryDelay * 2 ** (claimed.attempt - 1)),
              lockedUntil: null,
              lockedBy: null,
              lastError: message.slice(0, 2000),
            })
            .where(this.mine(claimed.id)),
        );
      },
    );
  }

  /** The kind's reaction first (idempotent), then the failed mark: a crash between repeats it. */
  private async failForGood(
    run: JobRun,
    kind: JobKind | undefined,
    message: string,
  ): Promise<void> {
    let lastError = message;
    if (kind?.onFailed) {
      try {
        await kind.onFailed(run, message);
      } catch (error) {
        this.options.onError?.(error, run);
        const why = error instanceof Error ? error.message : String(error);
        lastError = `${message} (Reaktion auf das Scheitern fehlgeschlagen: ${why})`;
      }
    }
    await untilStored(() =>
      this.db
        .update(jobs)
        .set({
          state: 'failed',
          lockedUntil: null,
          lastError: lastError.slice(0, 2000),
          finishedAt: new Date(this.now()),
        })
        .where(this.mine(run.id)),
    );
  }
}

const noRun = { id: 0, name: '(tick)', key: '', attempt: 0 };

/** How long a result that must not be lost is tried again while the database is away. */
export const STORE_PATIENCE_MS = 10 * 60_000;

/**
 * Runs `store` again while the database is unreachable, backing off from 250 ms to 5 s, for at
 * most `patienceMs`: a job's end and a mail's "sent" are facts this process alone knows; lost to
 * an outage of a few seconds, the work would be done a second time (a mail sent twice). Any other
 * error is thrown at once.
 */
export async function untilStored<T>(
  store: () => Promise<T>,
  patienceMs = STORE_PATIENCE_MS,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  const giveUpAt = Date.now() + patienceMs;
  for (let wait = 250; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      return await store();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + wait > giveUpAt) throw error;
      await sleep(wait);
    }
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Made once: a DateTimeFormat with a time zone costs far more to make than to use, and
 * `app.prices.today()` asks for the day several times per price page (~2 ms a render).
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

/**
 * The hour of an instant, yyyy-mm-ddThhZ (the key of an hourly job): UTC, so a clock change
 * neither skips nor repeats a slot.
 */
export function utcHour(instant: Date): string {
  return `${instant.toISOString().slice(0, 13)}Z`;
}
