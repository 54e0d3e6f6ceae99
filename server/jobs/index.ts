/**
 * The job queue's face (docs/decisions/011, 020, 024): what other modules may use. The queue's
 * table and claim stay inside this folder.
 */
export {
  berlinDay,
  utcHour,
  JobQueue,
  RETRY_ATTEMPTS,
  untilStored,
  type JobKind,
  type JobRun,
  type QueueDb,
} from './queue';
export { JOB_TICK_MS, jobsPlugin, startJobs, type JobLanes } from './plugin';
export { jobRoutes } from './routes';
