/**
 * A second OS process that delivers e-mails, for sender.test.ts on PostgreSQL: the parent forks
 * two of these on one database with a relay that takes its time, and counts who delivered what.
 *
 * Messages in: `{ run: true }` (deliver what is due), `{ stop: true }`. Out: `{ ready: true }`,
 * `{ ran: n }` after each run, `{ error }`.
 */
import { appendFile } from 'node:fs/promises';
import { openDatabase } from '../../db/client';
import { JobQueue } from '../../jobs';
import { EMAIL_URGENT_JOB } from './outbox';
import { registerEmailJob, type Deliver } from './sender';

const url = process.env.DATABASE_URL;
const workerId = process.env.WORKER_ID;
const log = process.env.DELIVERY_LOG;
const delayMs = Number(process.env.RELAY_DELAY_MS ?? '50');
if (!url || !workerId || !log || !process.send) {
  throw new Error('fork me with DATABASE_URL, WORKER_ID and DELIVERY_LOG');
}
const send = (message: object) => process.send?.(message);

const database = await openDatabase({ kind: 'postgres', url });
const lane = new JobQueue(database.db, { workerId, concurrency: 2 });
const deliver: Deliver = async (mail) => {
  // The relay takes its time, as a real one does: the other process polls meanwhile.
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  await appendFile(log, `${mail.id} ${workerId}\n`);
};
// Both kinds on one queue here; a server runs them on two lanes.
registerEmailJob(lane, database.db, deliver);
registerEmailJob(lane, database.db, deliver, EMAIL_URGENT_JOB);

process.on('message', (message: { run?: boolean; stop?: boolean }) => {
  if (message.stop) {
    void database.close().then(() => process.exit(0));
    return;
  }
  if (!message.run) return;
  lane.runDue().then(
    (ran) => send({ ran }),
    (error: unknown) => send({ error: String(error) }),
  );
});
send({ ready: true });
