/**
 * A second OS process that claims jobs, for queue.test.ts on PostgreSQL: the parent
 * forks two of these on one database and moves their clock over IPC, so both claim at the same
 * moments without sleeping.
 *
 * Messages in: `{ tick: epochMs }` (set the clock, queue the scheduled keys, run what is due),
 * `{ stop: true }`. Messages out: `{ ran }` per job run, `{ ticked: epochMs }` per tick.
 */
import { openDatabase } from '../db/client';
import { CLAIM_TEST_NAMES, ClaimRecorder, type ClaimMessage } from './claim-test-support';
import { JobQueue } from './queue';

const url = process.env.DATABASE_URL;
const workerId = process.env.WORKER_ID;
if (!url || !workerId || !process.send) throw new Error('fork me with DATABASE_URL and WORKER_ID');
const send = (message: ClaimMessage) => process.send?.(message);

const database = await openDatabase({ kind: 'postgres', url });
const clock = { now: 0 };
const queue = new JobQueue(database.db, { workerId, now: () => clock.now });
const recorder = new ClaimRecorder(
  database.db,
  workerId,
  () => clock.now,
  (ran) => send({ ran }),
);
for (const name of CLAIM_TEST_NAMES) queue.register(name, (run) => recorder.record(run));
recorder.scheduleOn(queue);

process.on('message', (message: { tick?: number; stop?: boolean }) => {
  if (message.stop) {
    void database.close().then(() => process.exit(0));
    return;
  }
  if (message.tick === undefined) return;
  clock.now = message.tick;
  queue.tick().then(
    () => send({ ticked: clock.now }),
    (error: unknown) => send({ error: String(error) }),
  );
});
send({ ready: true });
