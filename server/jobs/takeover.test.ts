/**
 * A server process killed inside a job, on PostgreSQL with real OS processes (docs/decisions/024):
 * another process takes the job over when the dead one's lease has run out (no heartbeat renews
 * it any more), and a process starting on the same host takes it back at once (its predecessor's
 * pid is gone). The job runs to its end once more, in the new process only.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, usesPostgres, type TestDatabase } from '../../tests/support/test-app';
import { jobs } from '../db/schema';
import { TAKEOVER_JOB } from './claim-test-support';
import { JobQueue } from './queue';

let t: TestDatabase;

beforeAll(async () => {
  if (usesPostgres()) t = await openTestDatabase();
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  if (t) await t.database.db.delete(jobs).where(eq(jobs.name, TAKEOVER_JOB));
});

/** A child that claims `key` and hangs in it; resolves once it is inside the job. */
async function dyingInside(key: string, leaseMs: number): Promise<ChildProcess> {
  const child = fork(join(import.meta.dirname, 'hanging-process.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: t.url, LEASE_MS: String(leaseMs) },
  });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: { ready?: boolean; running?: string }) => {
      if (message.ready) child.send({ run: true });
      if (message.running === key) resolve();
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const rowOf = async (key: string) =>
  (
    await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, TAKEOVER_JOB), eq(jobs.key, key)))
  )[0];

describe.runIf(usesPostgres())('a process killed inside a job', () => {
  it('another process takes the job over once the lease has run out', async () => {
    const key = 'after-lease';
    const queue = new JobQueue(t.database.db, { workerId: 'survivor' });
    await queue.enqueue(TAKEOVER_JOB, key);
    const ran: string[] = [];
    queue.register(TAKEOVER_JOB, async (run) => void ran.push(`${run.key}#${run.attempt}`));
    // A short lease, so the test waits seconds, not the production 45 s.
    const child = await dyingInside(key, 1_500);
    await kill(child);
    await expect
      .poll(async () => (await queue.runDue(), ran), { timeout: 30_000, interval: 200 })
      .toEqual([`${key}#2`]);
    expect(await rowOf(key)).toMatchObject({ state: 'done', lockedBy: 'survivor', attempts: 2 });
  }, 60_000);

  it('a process starting on the same host takes its dead predecessor’s claim back at once', async () => {
    const key = 'at-start';
    const restarted = new JobQueue(t.database.db, {
      workerId: `${hostname()}:${process.pid}:restarted`,
    });
    await restarted.enqueue(TAKEOVER_JOB, key);
    // The production lease: without taking the claim back, the job would wait 45 s or more.
    const child = await dyingInside(key, 45_000);
    await kill(child);
    const ran: string[] = [];
    restarted.register(TAKEOVER_JOB, async (run) => void ran.push(`${run.key}#${run.attempt}`));
    expect(await restarted.runDue()).toBe(0); // the dead process's lease still holds
    expect(await restarted.releaseDeadClaims(hostname())).toBe(1);
    expect(await restarted.runDue()).toBe(1);
    expect(ran).toEqual([`${key}#2`]);
    expect(await rowOf(key)).toMatchObject({ state: 'done', attempts: 2 });
  }, 60_000);
});
