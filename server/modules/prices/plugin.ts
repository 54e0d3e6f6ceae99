/**
 * Prices (issue 11): the regions, the daily snapshot job on the database queue and the routes'
 * dependencies. The queue (app.jobs) ticks in server processes only (main.ts, config.dataDir),
 * the first time before the server listens; tests run `app.jobs.runDue()` themselves.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { berlinDay, JobQueue } from '../../jobs/queue';
import { takeSnapshot } from './history';
import { loadRegions, type RegionTree } from './regions';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    prices: PricesDeps;
  }
}

export interface PricesDeps {
  /** Regions from the reference data; loaded once (they change only with a data release). */
  regions(): Promise<RegionTree>;
  /** Today in Germany's calendar (the day of a snapshot). */
  today(): string;
}

/** The daily snapshot job (docs/decisions/011). */
export const PRICE_SNAPSHOT_JOB = 'price-snapshot';
/** How often a server asks the queue whether something is due. */
export const JOB_TICK_MS = 60_000;

export const pricesPlugin = fp<{ runJobs: boolean }>(
  async (app, { runJobs }) => {
    let tree: Promise<RegionTree> | undefined;
    const deps: PricesDeps = {
      regions: () => (tree ??= loadRegions(app.db)),
      today: () => berlinDay(new Date()),
    };
    app.decorate('prices', deps);

    const jobs = new JobQueue(app.db, {
      workerId: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
      onError: (error, run) => app.log.error({ err: error, job: run }, 'job failed'),
    });
    jobs.register(PRICE_SNAPSHOT_JOB, async ({ key }) => {
      const regions = await deps.regions();
      const count = await takeSnapshot(app.db, app.calculation, regions, key);
      app.log.info({ day: key, regions: count }, 'price snapshot stored');
    });
    jobs.schedule(PRICE_SNAPSHOT_JOB, berlinDay);
    app.decorate('jobs', jobs);
    if (runJobs) {
      // The first tick before the server listens: a fresh database has its price history (and
      // each day its snapshot) before the first page asks for it, and no request competes with
      // the backfill (~10 s once). A second process starting meanwhile finds the job claimed.
      app.addHook('onReady', async () => {
        await jobs
          .tick()
          .catch((error: unknown) => app.log.error({ err: error }, 'jobs: first tick failed'));
        jobs.start(JOB_TICK_MS);
      });
      app.addHook('onClose', async () => jobs.stop());
    }
  },
  { name: 'prices', dependencies: ['database', 'calculation'] },
);
