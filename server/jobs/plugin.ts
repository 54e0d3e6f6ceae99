/**
 * The job queue of a server process (docs/decisions/011, 024): `app.jobs`, the lane every module
 * registers its jobs on, and `app.jobLanes.add(…)` for a lane of its own that must not wait behind
 * the others (mail). The lanes tick in server processes only (`runJobs`, main.ts passes DATA_DIR):
 * tests run `app.jobs.runDue()` themselves.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/unavailable';
import { JobQueue, type JobQueueOptions } from './queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The main lane: price snapshots, alarms, group closings, retention. */
    jobs: JobQueue;
    jobLanes: JobLanes;
    /** Server processes: takes back dead predecessors' claims, ticks once, starts every lane. */
    startJobLanes: () => Promise<void>;
  }
}

/**
 * How often the main lane asks whether something is due: with a 45 s lease, a job of a process
 * that died is taken over within about a minute (lease + tick).
 */
export const JOB_TICK_MS = 10_000;

export interface LaneOptions {
  tickMs: number;
  concurrency?: number;
}

export interface JobLanes {
  /** A queue of its own in this process, ticking every `tickMs` in server processes. */
  add(name: string, options: LaneOptions): JobQueue;
  /** Every lane of this process (the staff screen's retry finds the job's queue by name). */
  all(): readonly JobQueue[];
}

export interface JobsPluginOptions {
  runJobs: boolean;
  /** Lease and retry settings other than the defaults (tests). */
  queue?: Partial<Omit<JobQueueOptions, 'workerId' | 'onError'>>;
}

export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, opts) => {
    const host = hostname();
    // Unique per process, and readable: the staff screen shows which process runs a job, and a
    // restarted process finds its dead predecessors' claims by host and pid (releaseDeadClaims).
    const workerId = `${host}:${process.pid}:${randomBytes(3).toString('hex')}`;
    const lanes: { queue: JobQueue; options: LaneOptions }[] = [];
    const make = (lane: string, options: LaneOptions) => {
      const queue = new JobQueue(app.db, {
        ...opts.queue,
        concurrency: options.concurrency,
        workerId,
        onError: (error, run) => {
          // The database away: every tick of every lane would log the same stack; the pool
          // reports the outage itself, and the next tick tries again.
          if (isDatabaseUnavailable(error)) {
            app.log.warn({ job: run, lane }, 'jobs: database unreachable, trying again');
          } else {
            app.log.error({ err: error, job: run, lane }, 'job failed');
          }
        },
      });
      lanes.push({ queue, options });
      return queue;
    };
    app.decorate('jobs', make('main', { tickMs: JOB_TICK_MS }));
    app.decorate<JobLanes>('jobLanes', {
      add: make,
      all: () => lanes.map((l) => l.queue),
    });
    app.decorate('startJobLanes', async () => {
      if (!opts.runJobs) return;
      const released = await app.jobs.releaseDeadClaims(host);
      if (released > 0) app.log.warn({ released }, 'jobs of a stopped process taken back');
      // The main lane's first tick is awaited (startJobs): a fresh database has its price
      // history before the first page asks for it.
      await app.jobs
        .tick()
        .catch((error: unknown) => app.log.error({ err: error }, 'jobs: first tick failed'));
      for (const { queue, options } of lanes) queue.start(options.tickMs);
    });
    if (opts.runJobs) {
      // Waits for running jobs: a job cut off would wait for its lease in another process.
      app.addHook('preClose', async () => {
        await Promise.all(lanes.map((l) => l.queue.stop()));
      });
    }
  },
  { name: 'jobs', dependencies: ['database'] },
);

/**
 * Starts the queue in a server process (main.ts), after the app is ready and before it listens:
 * the first tick is awaited, so a fresh database has its price history (and each day its
 * snapshot) before the first page asks for it and no request competes with the backfill. Outside
 * Fastify's hooks on purpose: their 10 s timeout is too short for the backfill on a busy machine.
 * A second process starting meanwhile finds the job claimed.
 */
export async function startJobs(app: FastifyInstance): Promise<void> {
  await app.startJobLanes();
}
