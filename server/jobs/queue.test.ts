import { fork } from 'node:child_process';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, usesPostgres, type TestDatabase } from '../../tests/support/test-app';
import { jobs } from '../db/schema';
import {
  CLAIM_TEST_NAMES,
  ClaimRecorder,
  enqueueBacklog,
  type ClaimMessage,
  type ClaimRun,
} from './claim-test-support';
import { DatabaseUnavailableError } from '../db/unavailable';
import { berlinDay, JobQueue, RETRY_ATTEMPTS, untilStored, type JobQueueOptions } from './queue';

let t: TestDatabase;
const clock = { now: Date.UTC(2026, 10, 24, 5, 0, 0) };

beforeAll(async () => {
  t = await openTestDatabase();
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await t.database.db.delete(jobs);
  clock.now = Date.UTC(2026, 10, 24, 5, 0, 0);
});

function queue(workerId: string, options: Partial<JobQueueOptions> = {}): JobQueue {
  return new JobQueue(t.database.db, {
    workerId,
    leaseMs: 60_000,
    retryDelayMs: 1_000,
    maxAttempts: 3,
    now: () => clock.now,
    ...options,
  });
}

const rowOf = async (name: string) =>
  (await t.database.db.select().from(jobs).where(eq(jobs.name, name)))[0];

describe('job queue on the database', () => {
  it('enqueueNow runs the job at once in a ticking process, and only queues it otherwise', async () => {
    const runs: string[] = [];
    const idle = queue('server-idle');
    idle.register('alarm', async ({ key }) => void runs.push(`idle:${key}`));
    await idle.enqueueNow('alarm', 'one');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toEqual([]); // not started: the next runDue (or tick) runs it
    await t.database.db.delete(jobs);

    const ticking = queue('server-ticking');
    ticking.register('alarm', async ({ key }) => void runs.push(`ticking:${key}`));
    ticking.start(3_600_000); // the hourly tick will not come during this test
    try {
      await new Promise((resolve) => setTimeout(resolve, 50)); // the first tick: nothing due
      await ticking.enqueueNow('alarm', 'two');
      await expect.poll(() => runs).toEqual(['ticking:two']);
    } finally {
      await ticking.stop();
    }
  });

  it('a job that runs long keeps only its own slot: the lane claims the next one meanwhile', async () => {
    // A mail to a relay that hangs, on the mail lane (two slots): the dead process's mail (or any
    // new one) must not wait until the hanging send ends.
    let release = () => {};
    const hanging = new Promise<void>((resolve) => (release = resolve));
    const runs: string[] = [];
    const lane = queue('server-lane', { concurrency: 2 });
    lane.register('mail', async ({ key }) => {
      runs.push(key);
      if (key === 'slow') await hanging;
    });
    await lane.enqueue('mail', 'slow');
    lane.start(20);
    try {
      await expect.poll(() => runs, { timeout: 10_000 }).toEqual(['slow']);
      await lane.enqueue('mail', 'next');
      await expect.poll(() => runs, { timeout: 10_000 }).toEqual(['slow', 'next']);
      // 'slow' still in its send while 'next' is done.
      await expect
        .poll(async () =>
          (await t.database.db.select().from(jobs).where(eq(jobs.name, 'mail')))
            .map((row) => `${row.key}:${row.state}`)
            .sort(),
        )
        .toEqual(['next:done', 'slow:running']);
    } finally {
      release();
      await lane.stop();
    }
  });

  it('runs a job once when two servers queue and run it at the same moment', async () => {
    const runs: string[] = [];
    const a = queue('server-a');
    const b = queue('server-b');
    for (const [q, id] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      q.register('snapshot', async ({ key }) => {
        runs.push(`${id}:${key}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
    const queued = await Promise.all([
      a.enqueue('snapshot', '2026-11-24'),
      b.enqueue('snapshot', '2026-11-24'),
    ]);
    expect(queued.filter(Boolean)).toHaveLength(1);
    const ran = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(ran.reduce((x, y) => x + y, 0)).toBe(1);
    expect(runs).toHaveLength(1);
    expect((await rowOf('snapshot'))?.state).toBe('done');
  });

  it('takes a job over when the server that claimed it died (its lease ran out)', async () => {
    let releaseA: () => void = () => {};
    const a = queue('server-a');
    const b = queue('server-b');
    const runs: string[] = [];
    a.register('snapshot', async () => {
      runs.push('a');
      await new Promise<void>((resolve) => {
        releaseA = resolve;
      });
    });
    b.register('snapshot', async () => {
      runs.push('b');
    });
    await a.enqueue('snapshot', 'k');
    const hanging = a.runDue(); // server A hangs inside the job
    await expect.poll(() => runs).toEqual(['a']);
    expect(await b.runDue()).toBe(0); // the lease still holds
    clock.now += 60_001;
    expect(await b.runDue()).toBe(1);
    expect(runs).toEqual(['a', 'b']);
    releaseA(); // A comes back: its claim is gone, it must not touch B's result
    await hanging;
    const row = await rowOf('snapshot');
    expect(row).toMatchObject({ state: 'done', lockedBy: 'server-b', attempts: 2 });
  });

  it('retries a failing job later, then marks it failed with the error', async () => {
    const q = queue('server-a');
    let calls = 0;
    q.register('mail', async () => {
      calls += 1;
      throw new Error(`SMTP antwortet nicht (${calls})`);
    });
    await q.enqueue('mail', 'order-1');
    expect(await q.runDue()).toBe(1);
    expect(await rowOf('mail')).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await q.runDue()).toBe(0); // not before the backoff
    clock.now += 1_000;
    expect(await q.runDue()).toBe(1);
    clock.now += 1_999;
    expect(await q.runDue()).toBe(0); // the second wait is twice as long
    clock.now += 1;
    expect(await q.runDue()).toBe(1);
    clock.now += 60_000;
    expect(await q.runDue()).toBe(0);
    expect(calls).toBe(3);
    expect(await rowOf('mail')).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'SMTP antwortet nicht (3)',
    });
  });

  it('keeps a long job’s claim alive with a heartbeat, past many leases', async () => {
    const a = queue('server-a', { heartbeatMs: 5 });
    const b = queue('server-b');
    const runs: string[] = [];
    let release: () => void = () => {};
    a.register('snapshot', async () => {
      runs.push('a');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    b.register('snapshot', async () => void runs.push('b'));
    await a.enqueue('snapshot', 'long');
    const running = a.runDue();
    await expect.poll(() => runs).toEqual(['a']);
    // Three leases pass; after each, A's heartbeat has renewed the claim from the new now.
    for (let lease = 0; lease < 3; lease++) {
      clock.now += 50_000;
      await expect
        .poll(async () => (await rowOf('snapshot'))?.lockedUntil?.getTime())
        .toBe(clock.now + 60_000);
      expect(await b.runDue()).toBe(0);
    }
    release();
    await running;
    expect(runs).toEqual(['a']);
    expect(await rowOf('snapshot')).toMatchObject({
      state: 'done',
      lockedBy: 'server-a',
      attempts: 1,
    });
  });

  it('aborts the run of a process whose claim was taken over while it stalled', async () => {
    const a = queue('server-a', { heartbeatMs: 5 });
    let signal: AbortSignal | undefined;
    let release: () => void = () => {};
    a.register('snapshot', async (run) => {
      signal = run.signal;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await a.enqueue('snapshot', 'stalled');
    const running = a.runDue();
    await expect.poll(() => signal).toBeDefined();
    // What a takeover after a stall looks like from A: the row is another process's now.
    await t.database.db
      .update(jobs)
      .set({ lockedBy: 'server-b', attempts: 2 })
      .where(eq(jobs.name, 'snapshot'));
    await expect.poll(() => signal?.aborted).toBe(true);
    release();
    await running;
    // A's end touches nothing of B's claim.
    expect(await rowOf('snapshot')).toMatchObject({ state: 'running', lockedBy: 'server-b' });
  });

  it('on the final failure runs the kind’s reaction once, then marks the job failed', async () => {
    const q = queue('server-a');
    const reactions: string[] = [];
    q.register(
      'close',
      async () => {
        throw new Error('Händler unbekannt');
      },
      {
        maxAttempts: 2,
        onFailed: async (run, error) => void reactions.push(`${run.key}: ${error}`),
      },
    );
    await q.enqueue('close', 'group-7');
    expect(await q.runDue()).toBe(1);
    expect(reactions).toEqual([]); // a retry is still to come
    clock.now += 1_000;
    expect(await q.runDue()).toBe(1);
    expect(reactions).toEqual(['group-7: Händler unbekannt']);
    expect(await rowOf('close')).toMatchObject({ state: 'failed', attempts: 2, maxAttempts: 2 });
    clock.now += 3_600_000;
    expect(await q.runDue()).toBe(0);
    expect(reactions).toHaveLength(1);
  });

  it('fails a job whose process died on its last attempt, with the reaction, in the next claimer', async () => {
    const dead = queue('server-dead');
    const next = queue('server-next');
    const reactions: string[] = [];
    const kind = {
      maxAttempts: 1,
      onFailed: async (run: { key: string }, error: string) =>
        void reactions.push(`${run.key}: ${error}`),
    };
    dead.register('close', () => new Promise<void>(() => {}), kind); // dies inside the job
    next.register('close', async () => {}, kind);
    await dead.enqueue('close', 'group-8');
    void dead.runDue();
    await expect.poll(async () => (await rowOf('close'))?.state).toBe('running');
    expect(await next.runDue()).toBe(0);
    clock.now += 60_001;
    expect(await next.runDue()).toBe(1);
    expect(reactions).toEqual([expect.stringMatching(/^group-8: Die Frist des letzten Versuchs/)]);
    expect(await rowOf('close')).toMatchObject({ state: 'failed', lockedBy: 'server-next' });
  });

  it('runs a failed job again when an admin asks, with RETRY_ATTEMPTS more attempts', async () => {
    const q = queue('server-a', { maxAttempts: 1 });
    let fail = true;
    const runs: string[] = [];
    q.register('mail', async () => {
      runs.push('run');
      if (fail) throw new Error('Relais aus');
    });
    await q.enqueue('mail', 'm1');
    await q.runDue();
    const failed = await rowOf('mail');
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(await q.retry(failed!.id)).toBe(true);
    expect(await q.retry(failed!.id)).toBe(false); // pending now, not failed
    expect(await rowOf('mail')).toMatchObject({
      state: 'pending',
      maxAttempts: 1 + RETRY_ATTEMPTS,
      finishedAt: null,
    });
    fail = false;
    expect(await q.runDue()).toBe(1);
    expect(runs).toHaveLength(2);
    expect(await rowOf('mail')).toMatchObject({ state: 'done', attempts: 2, lastError: null });
  });

  it('takes back at start the claims of this host’s processes that no longer run', async () => {
    const q = queue(`host-a:${process.pid}:new`);
    const until = new Date(clock.now + 60_000);
    const claims = {
      dead: `host-a:999999:old`, // no such process
      alive: `host-a:4242:x`, // the test says it runs
      predecessor: `host-a:${process.pid}:old`, // this pid, another worker: a restarted container
      elsewhere: `host-b:999999:z`, // another host: cannot be asked, waits for its lease
    };
    for (const [key, by] of Object.entries(claims)) {
      await t.database.db.insert(jobs).values({
        name: 'snapshot',
        key,
        runAt: new Date(clock.now),
        state: 'running',
        lockedBy: by,
        lockedUntil: until,
        attempts: 1,
      });
    }
    expect(await q.releaseDeadClaims('host-a', (pid) => pid === 4242)).toBe(2);
    const rows = await t.database.db.select().from(jobs);
    const expired = rows
      .filter((r) => (r.lockedUntil?.getTime() ?? 0) <= clock.now)
      .map((r) => r.key);
    expect(expired.sort()).toEqual(['dead', 'predecessor']);
    const ran: string[] = [];
    q.register('snapshot', async ({ key }) => void ran.push(key));
    // At once, in the same millisecond as the release.
    await q.runDue();
    expect(ran.sort()).toEqual(['dead', 'predecessor']);
  });

  it('queues a scheduled job once per day, whichever server ticks', async () => {
    const days: string[] = [];
    const a = queue('server-a');
    const b = queue('server-b');
    for (const q of [a, b]) {
      q.register('daily', async ({ key }) => {
        days.push(key);
      });
      q.schedule('daily', berlinDay);
    }
    await a.tick();
    await b.tick();
    clock.now += 3 * 3600_000;
    await a.tick();
    clock.now += 24 * 3600_000;
    await b.tick();
    await a.tick();
    expect(days).toEqual(['2026-11-24', '2026-11-25']);
  });
});

describe('berlinDay', () => {
  it('is the German calendar day, also just after midnight in Berlin', () => {
    expect(berlinDay(new Date('2026-11-24T22:59:00Z'))).toBe('2026-11-24');
    expect(berlinDay(new Date('2026-11-24T23:00:00Z'))).toBe('2026-11-25'); // 00:00 CET
    expect(berlinDay(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02'); // 00:00 CEST
  });
});

/**
 * The claim took every due job (UPDATE … WHERE id IN (SELECT … LIMIT 1 FOR UPDATE SKIP
 * LOCKED) marked them all running) and ran only the first; the others ran a lease later with an
 * attempt used up. Two claimers tick together for three hours over a backlog of 24
 * due jobs and the hourly price-alarm check, as two server processes would.
 */
describe('many due jobs and two claimers at once', () => {
  const start = Date.UTC(2026, 10, 24, 19, 59, 30);
  const end = start + 3 * 3_600_000;
  // Servers tick every minute; five here keeps the three hours at 37 ticks. Nothing in the queue
  // depends on the length of a tick.
  const TICK_MS = 5 * 60_000;

  interface Claimer {
    tick(now: number): Promise<void>;
    close(): Promise<void>;
  }

  function inProcess(workerId: string, runs: ClaimRun[]): Claimer {
    const own = { now: start };
    const q = new JobQueue(t.database.db, { workerId, now: () => own.now });
    const recorder = new ClaimRecorder(
      t.database.db,
      workerId,
      () => own.now,
      (r) => runs.push(r),
    );
    for (const name of CLAIM_TEST_NAMES) q.register(name, (run) => recorder.record(run));
    recorder.scheduleOn(q);
    return {
      tick: (now) => {
        own.now = now;
        return q.tick();
      },
      close: async () => {},
    };
  }

  async function inChildProcess(workerId: string, url: string, runs: ClaimRun[]): Promise<Claimer> {
    const child = fork(join(import.meta.dirname, 'claimer-process.ts'), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, DATABASE_URL: url, WORKER_ID: workerId, LOG_LEVEL: 'silent' },
    });
    const waiting = new Map<number, () => void>();
    let failed: string | undefined;
    child.on('message', (message: ClaimMessage) => {
      if ('ran' in message) runs.push(message.ran);
      if ('ticked' in message) waiting.get(message.ticked)?.();
      if ('error' in message) failed = message.error;
    });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`claimer exited with ${code}`)));
    });
    return {
      tick: (now) =>
        new Promise<void>((resolve, reject) => {
          if (failed) reject(new Error(failed));
          waiting.set(now, () => {
            waiting.delete(now);
            if (failed) reject(new Error(failed));
            else resolve();
          });
          child.send({ tick: now });
        }),
      close: () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.send({ stop: true });
        }),
    };
  }

  async function race(claimers: Claimer[], runs: ClaimRun[]) {
    await enqueueBacklog(queue('setup'), start);
    try {
      for (let now = start; now <= end; now += TICK_MS) {
        await Promise.all(claimers.map((c) => c.tick(now)));
      }
    } finally {
      await Promise.all(claimers.map((c) => c.close()));
    }

    const rows = await t.database.db.select().from(jobs);
    // The backlog and one alarm check per hour begun: 19:59:30 … 22:59:30 is 19, 20, 21, 22 h.
    expect(rows).toHaveLength(24 + 4);
    const ranOnce = new Map<string, number>();
    for (const run of runs)
      ranOnce.set(`${run.name}:${run.key}`, (ranOnce.get(`${run.name}:${run.key}`) ?? 0) + 1);
    for (const row of rows) {
      // Exactly once, none left running, no attempt counted without a run.
      expect(ranOnce.get(`${row.name}:${row.key}`), `${row.name}:${row.key}`).toBe(1);
      expect(row).toMatchObject({ state: 'done', attempts: 1, lockedUntil: null });
      // Within one tick of being due.
      const run = runs.find((r) => r.name === row.name && r.key === row.key)!;
      expect(run.at - row.runAt.getTime(), `${row.name}:${row.key}`).toBeGreaterThanOrEqual(0);
      expect(run.at - row.runAt.getTime(), `${row.name}:${row.key}`).toBeLessThan(TICK_MS);
    }
    expect(runs).toHaveLength(rows.length);
    // The alarm check of each hour ran in that hour's first minute (the first hour's at the start).
    for (const run of runs.filter((r) => r.name === 'price-alarm')) {
      const hourBegun = Math.max(start, Date.parse(`${run.key.slice(0, 13)}:00:00Z`));
      expect(run.at - hourBegun, run.key).toBeGreaterThanOrEqual(0);
      expect(run.at - hourBegun, run.key).toBeLessThan(TICK_MS);
    }
    // A claim takes one job: never more running than claimers.
    expect(Math.max(...runs.map((r) => r.runningSeen))).toBeLessThanOrEqual(claimers.length);
    // Both claimed some: the race was real.
    expect(new Set(runs.map((r) => r.by)).size).toBe(claimers.length);
  }

  it('two queues in one process: every job once, none left running, each within a tick', async () => {
    const runs: ClaimRun[] = [];
    await race([inProcess('server-a', runs), inProcess('server-b', runs)], runs);
  }, 60_000);

  it.runIf(usesPostgres())(
    'two OS processes on PostgreSQL: every job once, none left running, each within a tick',
    async () => {
      const runs: ClaimRun[] = [];
      const url = t.url!;
      const claimers = await Promise.all([
        inChildProcess('process-a', url, runs),
        inChildProcess('process-b', url, runs),
      ]);
      await race(claimers, runs);
    },
    60_000,
  );
});

describe('untilStored', () => {
  const noSleep = async () => undefined;

  it('tries again while the database is unreachable, and answers what the store answered', async () => {
    let calls = 0;
    const stored = await untilStored(
      async () => {
        calls += 1;
        if (calls < 3) throw new DatabaseUnavailableError();
        return 'gespeichert';
      },
      60_000,
      noSleep,
    );
    expect(stored).toBe('gespeichert');
    expect(calls).toBe(3);
  });

  it('throws any other error at once', async () => {
    let calls = 0;
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      untilStored(
        async () => {
          calls += 1;
          throw unique;
        },
        60_000,
        noSleep,
      ),
    ).rejects.toBe(unique);
    expect(calls).toBe(1);
  });

  it('gives up when the database stays away beyond its patience', async () => {
    const waits: number[] = [];
    await expect(
      untilStored(
        async () => {
          throw new DatabaseUnavailableError();
        },
        0,
        async (ms) => void waits.push(ms),
      ),
    ).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(waits).toEqual([]);
  });
});
