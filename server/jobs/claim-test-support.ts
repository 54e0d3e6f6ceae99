/**
 * What queue.test.ts's claim race runs, in the test process and in claimer-process.ts alike
 *: the job names, a handler that records each run, and the backlog of due jobs.
 */
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { utcHour, type JobQueue, type JobRun } from './queue';

/** The job hanging-process.ts dies inside (takeover.test.ts). */
export const TAKEOVER_JOB = 'takeover-test';

/** The hourly price-alarm check (scheduled as in production) and two backlog names. */
export const CLAIM_TEST_NAMES = ['price-alarm', 'mail', 'snapshot'] as const;

export interface ClaimRun extends JobRun {
  /** The claimer's workerId. */
  by: string;
  /** Its clock when the handler ran. */
  at: number;
  /** Jobs in state running while this one ran: at most one per claimer. */
  runningSeen: number;
}

export type ClaimMessage =
  { ran: ClaimRun } | { ticked: number } | { ready: true } | { error: string };

export class ClaimRecorder {
  constructor(
    private readonly db: Db,
    private readonly by: string,
    private readonly now: () => number,
    private readonly onRun: (run: ClaimRun) => void,
  ) {}

  async record(run: JobRun): Promise<void> {
    const [row] = await this.db
      .select({ running: count() })
      .from(jobs)
      .where(eq(jobs.state, 'running'));
    this.onRun({ ...run, by: this.by, at: this.now(), runningSeen: row?.running ?? 0 });
  }

  scheduleOn(queue: JobQueue): void {
    queue.schedule('price-alarm', utcHour);
  }
}

/**
 * 24 jobs of two names with their own keys, due every 4 minutes from `start` on (not on the ticks),
 * queued before the claimers tick.
 */
export async function enqueueBacklog(queue: JobQueue, start: number): Promise<void> {
  for (let i = 0; i < 24; i++) {
    const name = i % 2 === 0 ? 'mail' : 'snapshot';
    await queue.enqueue(name, `k${i}`, new Date(start + (i % 6) * 240_000));
  }
}
