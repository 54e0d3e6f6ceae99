/**
 * /api/support/jobs (the screen /support/jobs; admin guard): the newest jobs of the database
 * queue (queue.ts) with state, attempts, last error and lateness, and the count per state over
 * the whole table, so a stuck or failed job is seen without SQL. An admin may run a failed job
 * again (audit-logged); nothing here claims or deletes a job.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  JOB_LATE_AFTER_SECONDS,
  JOB_LIST_LIMIT,
  JobListSchema,
  JobParamsSchema,
  JobSchema,
  type JobInfo,
  type JobList,
} from '../../src/api/contract/support';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { actorOf, recordAudit } from '../modules/audit';
import { guardAllRoutes, requireCsrf } from '../modules/account';
import { errorResponses } from '../plugins/errors';

const errors = errorResponses(401, 403);
const retryErrors = errorResponses(400, 401, 403, 404, 409);

type JobRow = typeof jobs.$inferSelect;

const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

/** One row as the screen shows it, with lateness and the stuck/late marks as of `now`. */
export function jobView(row: JobRow, now: number): JobInfo {
  const runAt = row.runAt.getTime();
  // A running job whose lease ran out is taken again by the next tick of any process; one
  // without a lease would never be (the claim compares locked_until), so it counts as stuck too.
  const stuck = row.state === 'running' && (row.lockedUntil?.getTime() ?? -Infinity) < now;
  let lateSeconds: number | null = null;
  if (row.state === 'done' || row.state === 'failed') {
    // No start time is stored: the run's own duration is in this figure.
    lateSeconds = row.finishedAt ? seconds(row.finishedAt.getTime() - runAt) : null;
  } else if (row.state === 'running' || runAt <= now) {
    lateSeconds = seconds(now - runAt);
  }
  return {
    Id: row.id,
    Name: row.name,
    Key: row.key,
    State: row.state,
    Attempts: row.attempts,
    MaxAttempts: row.maxAttempts,
    RunAt: row.runAt.toISOString(),
    LockedUntil: row.lockedUntil?.toISOString() ?? null,
    LockedBy: row.lockedBy,
    LastError: row.lastError,
    CreatedAt: row.createdAt.toISOString(),
    FinishedAt: row.finishedAt?.toISOString() ?? null,
    LateSeconds: lateSeconds,
    Stuck: stuck,
    Late: row.state === 'pending' && now - runAt > JOB_LATE_AFTER_SECONDS * 1000,
  };
}

/** The newest JOB_LIST_LIMIT jobs and the counts over all of them. */
export async function jobList(db: Db, now: number = Date.now()): Promise<JobList> {
  const at = sql`${new Date(now).toISOString()}::timestamptz`;
  const lateBefore = sql`${new Date(now - JOB_LATE_AFTER_SECONDS * 1000).toISOString()}::timestamptz`;
  const count = (condition: ReturnType<typeof sql>) =>
    sql<number>`count(*) filter (where ${condition})::int`.mapWith(Number);
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .orderBy(desc(sql`coalesce(${jobs.finishedAt}, ${jobs.runAt})`), desc(jobs.id))
      .limit(JOB_LIST_LIMIT),
    db
      .select({
        Pending: count(sql`${jobs.state} = 'pending'`),
        Running: count(sql`${jobs.state} = 'running'`),
        Done: count(sql`${jobs.state} = 'done'`),
        Failed: count(sql`${jobs.state} = 'failed'`),
        // The same rules as jobView.
        Stuck: count(
          sql`${jobs.state} = 'running' and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} < ${at})`,
        ),
        Late: count(sql`${jobs.state} = 'pending' and ${jobs.runAt} < ${lateBefore}`),
      })
      .from(jobs),
  ]);
  return {
    Jobs: rows.map((row) => jobView(row, now)),
    Counts: counts ?? { Pending: 0, Running: 0, Done: 0, Failed: 0, Stuck: 0, Late: 0 },
    Now: new Date(now).toISOString(),
  };
}

export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAllRoutes(app, 'admin');

  app.get(
    '/',
    { schema: { response: { 200: JobListSchema, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return jobList(app.db);
    },
  );

  app.post(
    '/:id/retry',
    {
      preHandler: requireCsrf,
      schema: { params: JobParamsSchema, response: { 200: JobSchema, ...retryErrors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { id } = request.params;
      const [before] = await app.db.select().from(jobs).where(eq(jobs.id, id));
      if (!before) return reply.code(404).send({ message: `Den Auftrag ${id} gibt es nicht.` });
      if (!(await app.jobs.retry(id))) {
        return reply.code(409).send({
          message: 'Nur ein fehlgeschlagener Auftrag kann erneut ausgeführt werden.',
        });
      }
      const [after] = await app.db.select().from(jobs).where(eq(jobs.id, id));
      if (!after) return reply.code(404).send({ message: `Den Auftrag ${id} gibt es nicht.` });
      await recordAudit(app.db, actorOf(request), {
        objectType: 'job',
        objectId: id,
        action: 'retry',
        before: { state: before.state, attempts: before.attempts, lastError: before.lastError },
        after: { state: after.state, maxAttempts: after.maxAttempts },
      });
      // In a ticking process the job runs at once, not at the next tick.
      for (const lane of app.jobLanes.all()) lane.runSoon();
      return jobView(after, Date.now());
    },
  );
};
