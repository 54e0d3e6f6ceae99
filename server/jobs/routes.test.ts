/**
 * /api/support/jobs: the guard, the answer's shape, a failed job with its last error,
 * a running job whose lease ran out flagged as stuck, a pending job overdue as late, lateness per
 * state, the order and the limit, and the counts over the whole table.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  JOB_LIST_LIMIT,
  JobListSchema,
  JobSchema,
  type JobInfo,
  type JobList,
} from '../../src/api/contract/support';
import { authHeaders, createTestUser, staffRole, type TestUser } from '../../tests/support/auth';
import { useTestApp } from '../../tests/support/test-app';
import { auditLog, jobs } from '../db/schema';
import { JobQueue, RETRY_ATTEMPTS } from './queue';
import { jobView } from './routes';

const URL = '/api/support/jobs';
const MINUTE = 60_000;

const t = useTestApp();
let admin: TestUser;

beforeAll(async () => {
  // Counts are over the whole table: start from none.
  await t.database.db.delete(jobs);
  admin = await createTestUser(t.database, { roles: [staffRole('Admin')] });
});

async function list(): Promise<JobList> {
  const res = await t.app.inject({ url: URL, headers: authHeaders(admin) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return JobListSchema.parse(res.json());
}

function job(answer: JobList, name: string): JobInfo {
  const found = answer.Jobs.find((j) => j.Name === name);
  if (!found) throw new Error(`no job ${name}`);
  return found;
}

describe('GET /api/support/jobs: who may', () => {
  it('is for admins only: 401 anonymous, 403 for a customer and for other staff roles', async () => {
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
    for (const roles of [
      ['Role_Customer'],
      [staffRole('CustomerSupport')],
      [staffRole('DealerSupport')],
      [staffRole('Editor')],
      [staffRole('AdManager')],
    ]) {
      const user = await createTestUser(t.database, { roles });
      const res = await t.app.inject({ url: URL, headers: authHeaders(user) });
      expect(res.statusCode, roles.join()).toBe(403);
      expect(res.json()).toHaveProperty('message');
    }
  });
});

describe('GET /api/support/jobs: what', () => {
  const now = Date.now();
  const at = (offsetMs: number) => new Date(now + offsetMs);

  beforeAll(async () => {
    // A real run of the queue for a done and a failed job (lockedBy, lastError, finishedAt as
    // the queue writes them).
    const queue = new JobQueue(t.database.db, {
      workerId: 'test-host:4711:abc',
      maxAttempts: 1,
    });
    queue.register('test-done', async () => {});
    queue.register('test-failed', async () => {
      throw new Error('Preisliste von Händler 17 fehlt');
    });
    await queue.enqueue('test-done', '2026-11-24', at(-10 * MINUTE));
    await queue.enqueue('test-failed', '2026-11-24', at(-5 * MINUTE));
    expect(await queue.runDue()).toBe(2);

    await t.database.db.insert(jobs).values([
      // Claimed by a process that died: the lease ran out a minute ago.
      {
        name: 'test-stuck',
        key: 'k',
        state: 'running',
        attempts: 1,
        runAt: at(-20 * MINUTE),
        lockedUntil: at(-MINUTE),
        lockedBy: 'dead-host:1:xyz',
      },
      // Running within its lease.
      {
        name: 'test-running',
        key: 'k',
        state: 'running',
        attempts: 1,
        runAt: at(-MINUTE),
        lockedUntil: at(9 * MINUTE),
        lockedBy: 'live-host:2:xyz',
      },
      // Due ten minutes ago and nobody took it.
      { name: 'test-late', key: 'k', runAt: at(-10 * MINUTE) },
      // Due half a minute ago: waiting for the next tick, not late yet.
      { name: 'test-due', key: 'k', runAt: at(-30_000) },
      // A retry later today.
      {
        name: 'test-later',
        key: 'k',
        runAt: at(60 * MINUTE),
        attempts: 1,
        lastError: 'Zeitüberschreitung',
      },
    ]);
  });

  it('shows a failed job with its last error and attempts', async () => {
    const failed = job(await list(), 'test-failed');
    expect(failed).toMatchObject({
      Key: '2026-11-24',
      State: 'failed',
      Attempts: 1,
      MaxAttempts: 1,
      LastError: 'Preisliste von Händler 17 fehlt',
      Stuck: false,
      Late: false,
    });
    // The queue clears lockedBy on a failure; finishedAt is set.
    expect(failed.FinishedAt).not.toBeNull();
    expect(failed.LateSeconds).toBeGreaterThanOrEqual(5 * 60 - 1);
  });

  it('shows a done job with the process that ran it and how late it ran', async () => {
    const done = job(await list(), 'test-done');
    expect(done).toMatchObject({
      State: 'done',
      Attempts: 1,
      LastError: null,
      LockedBy: 'test-host:4711:abc',
      LockedUntil: null,
      Stuck: false,
    });
    expect(done.LateSeconds).toBeGreaterThanOrEqual(10 * 60 - 1);
    expect(done.LateSeconds).toBeLessThan(10 * 60 + 60);
  });

  it('flags a running job whose lease ran out as stuck, and not one within its lease', async () => {
    const answer = await list();
    const stuck = job(answer, 'test-stuck');
    expect(stuck).toMatchObject({ State: 'running', Stuck: true, LockedBy: 'dead-host:1:xyz' });
    expect(stuck.LateSeconds).toBeGreaterThanOrEqual(20 * 60 - 1);
    expect(job(answer, 'test-running')).toMatchObject({ State: 'running', Stuck: false });
  });

  it('flags a pending job more than 2 minutes overdue as late, and no other', async () => {
    const answer = await list();
    const late = job(answer, 'test-late');
    expect(late).toMatchObject({ State: 'pending', Late: true, Stuck: false });
    expect(late.LateSeconds).toBeGreaterThanOrEqual(10 * 60 - 1);
    const due = job(answer, 'test-due');
    expect(due).toMatchObject({ State: 'pending', Late: false });
    expect(due.LateSeconds).toBeGreaterThanOrEqual(29);
    expect(job(answer, 'test-later')).toMatchObject({
      State: 'pending',
      Late: false,
      LateSeconds: null,
      LastError: 'Zeitüberschreitung',
    });
  });

  it('counts per state over the table, with stuck and late apart', async () => {
    const answer = await list();
    expect(answer.Counts).toEqual({
      Pending: 3,
      Running: 2,
      Done: 1,
      Failed: 1,
      Stuck: 1,
      Late: 1,
    });
    expect(Math.abs(Date.parse(answer.Now) - Date.now())).toBeLessThan(60_000);
  });

  it('lists newest first by finish or due time, at most JOB_LIST_LIMIT', async () => {
    // Many old runs: they count, but the newest jobs stay in the list.
    await t.database.db.insert(jobs).values(
      Array.from({ length: JOB_LIST_LIMIT }, (_, i) => ({
        name: 'test-old',
        key: `2020-01-${i}`,
        state: 'done' as const,
        attempts: 1,
        runAt: new Date(Date.UTC(2020, 0, 1) + i * MINUTE),
        finishedAt: new Date(Date.UTC(2020, 0, 1) + i * MINUTE + 1000),
      })),
    );
    const answer = await list();
    expect(answer.Jobs).toHaveLength(JOB_LIST_LIMIT);
    expect(answer.Counts.Done).toBe(1 + JOB_LIST_LIMIT);
    expect(answer.Jobs[0]?.Name).toBe('test-later');
    const times = answer.Jobs.map((j) => Date.parse(j.FinishedAt ?? j.RunAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(answer.Jobs.map((j) => j.Name)).toContain('test-failed');
  });
});

describe('jobView', () => {
  const now = Date.UTC(2026, 10, 24, 5, 0, 0);
  const base = {
    id: 1,
    name: 'price-snapshot',
    key: '2026-11-24',
    attempts: 1,
    maxAttempts: 5,
    runAt: new Date(now - 90_000),
    lockedUntil: null,
    lockedBy: null,
    lastError: null,
    createdAt: new Date(now - 90_000),
    startedAt: null,
    finishedAt: null,
  };

  it('measures a finished job from its due time to its end', () => {
    const view = jobView({ ...base, state: 'done', finishedAt: new Date(now - 30_000) }, now);
    expect(view.LateSeconds).toBe(60);
  });

  it('measures a running job and an overdue pending job to now; a job not due has none', () => {
    const lease = new Date(now + 60_000);
    expect(jobView({ ...base, state: 'running', lockedUntil: lease }, now)).toMatchObject({
      LateSeconds: 90,
      Stuck: false,
    });
    expect(jobView({ ...base, state: 'pending' }, now)).toMatchObject({
      LateSeconds: 90,
      Late: false,
    });
    expect(
      jobView({ ...base, state: 'pending', runAt: new Date(now - 121_000) }, now),
    ).toMatchObject({ LateSeconds: 121, Late: true });
    expect(jobView({ ...base, state: 'pending', runAt: new Date(now + 1000) }, now)).toMatchObject({
      LateSeconds: null,
      Late: false,
    });
  });

  it('calls a running job stuck once its lease has run out, or when it has none', () => {
    const stuck = (lockedUntil: Date | null) =>
      jobView({ ...base, state: 'running', lockedUntil }, now).Stuck;
    expect(stuck(new Date(now - 1))).toBe(true);
    expect(stuck(null)).toBe(true);
    expect(stuck(new Date(now + 1))).toBe(false);
  });
});

describe('POST /api/support/jobs/{Id}/retry', () => {
  async function failedJob(name: string): Promise<number> {
    const [row] = await t.database.db
      .insert(jobs)
      .values({
        name,
        key: 'k',
        state: 'failed',
        attempts: 5,
        maxAttempts: 5,
        runAt: new Date(Date.now() - MINUTE),
        finishedAt: new Date(),
        lastError: 'SMTP antwortet nicht',
      })
      .returning({ id: jobs.id });
    return row!.id;
  }

  const retry = (id: number | string, headers: Record<string, string> = authHeaders(admin)) =>
    t.app.inject({ method: 'POST', url: `${URL}/${id}/retry`, headers });

  it('runs a failed job again with more attempts, and writes who asked in the audit log', async () => {
    const id = await failedJob('retry-me');
    const res = await retry(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const after = JobSchema.parse(res.json());
    expect(after).toMatchObject({
      Id: id,
      State: 'pending',
      Attempts: 5,
      MaxAttempts: 5 + RETRY_ATTEMPTS,
      FinishedAt: null,
    });
    const history = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'job'), eq(auditLog.objectId, String(id))));
    expect(history).toEqual([
      expect.objectContaining({ action: 'retry', actorEmail: admin.email }),
    ]);
    // It is pending now: a second click is told so, and nothing changes.
    const again = await retry(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Nur ein fehlgeschlagener Auftrag kann erneut ausgeführt werden.',
    });
  });

  it('answers an unknown job 404, a bad number 400, in German', async () => {
    expect((await retry(2_000_000_000)).statusCode).toBe(404);
    for (const bad of ['x', '+3', '0x3', '03']) {
      const res = await retry(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/ungültig|Nummer/);
    }
  });

  it('is for admins only, and needs the CSRF pair', async () => {
    const id = await failedJob('retry-guarded');
    expect((await retry(id, {})).statusCode).toBe(401);
    const support = await createTestUser(t.database, { roles: [staffRole('CustomerSupport')] });
    expect((await retry(id, authHeaders(support))).statusCode).toBe(403);
    const { authorization } = authHeaders(admin);
    expect((await retry(id, { authorization: authorization! })).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row?.state).toBe('failed');
  });
});
