/**
 * Telemetry: the daily retention job on the database queue (docs/decisions/011),
 * registered on the job queue (app.jobs, server/jobs), which ticks in server processes only;
 * tests run `app.jobs.runDue()` themselves.
 */
import fp from 'fastify-plugin';
import { berlinDay } from '../../jobs';
import { daysBefore, deleteTelemetryBefore, RETENTION_DAYS } from './repo';

/** Deletes error and vitals reports older than RETENTION_DAYS, once per German calendar day. */
export const TELEMETRY_RETENTION_JOB = 'telemetry-retention';

export const telemetryPlugin = fp(
  async (app) => {
    app.jobs.register(TELEMETRY_RETENTION_JOB, async ({ key }) => {
      const deleted = await deleteTelemetryBefore(app.db, daysBefore(new Date(), RETENTION_DAYS));
      app.log.info({ day: key, ...deleted }, 'old telemetry deleted');
    });
    app.jobs.schedule(TELEMETRY_RETENTION_JOB, berlinDay);
  },
  { name: 'telemetry', dependencies: ['database', 'jobs'] },
);
