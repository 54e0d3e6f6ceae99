import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../tests/support/test-app';
import { jobs } from '../db/schema';
import { berlinDay, JobQueue, type JobQueueOptions } from './queue';

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
