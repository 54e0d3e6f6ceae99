/**
 * Registers the price-alarm check (alarm-job.ts) on the app’s job queue (`app.jobs`, decorated by
 * the jobs plugin) and schedules it once per hour; server processes tick the queue (main.ts),
 * tests call `app.jobs.enqueue(PRICE_ALARM_JOB, key)` and `app.jobs.runDue()` themselves.
 */
import fp from 'fastify-plugin';
import { alarmSlot, checkPriceAlarms, PRICE_ALARM_JOB } from './alarm-job';

export const priceAlarmPlugin = fp(
  async (app) => {
    app.jobs.register(PRICE_ALARM_JOB, async ({ key }) => {
      const result = await checkPriceAlarms({
        db: app.db,
        calculation: app.calculation,
        absoluteUrl: (path) => app.absoluteUrl(path),
      });
      app.log.info({ slot: key, ...result }, 'price alarms checked');
    });
    app.jobs.schedule(PRICE_ALARM_JOB, alarmSlot);
  },
  { name: 'price-alarms', dependencies: ['database', 'jobs', 'calculation', 'public-url'] },
);
