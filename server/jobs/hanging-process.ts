/**
 * A server process that dies inside a job, for takeover.test.ts on PostgreSQL: it claims the job
 * `TAKEOVER_JOB`, says so, and hangs in the handler until the parent kills it (SIGKILL: no
 * graceful stop, its claim stays in the table as a dead process leaves it).
 *
 * Messages in: `{ run: true }`. Out: `{ ready: true }`, `{ running: key }` once inside the job.
 */
import { hostname } from 'node:os';
import { openDatabase } from '../db/client';
import { TAKEOVER_JOB } from './claim-test-support';
import { JobQueue } from './queue';

const url = process.env.DATABASE_URL;
const leaseMs = Number(process.env.LEASE_MS ?? '60000');
if (!url || !process.send) throw new Error('fork me with DATABASE_URL');
const send = (message: object) => process.send?.(message);

const database = await openDatabase({ kind: 'postgres', url });
// The worker id of a real server process: host and pid (server/jobs/plugin.ts).
const queue = new JobQueue(database.db, {
  workerId: `${hostname()}:${process.pid}:child`,
  leaseMs,
});
queue.register(TAKEOVER_JOB, async ({ key }) => {
  send({ running: key });
  await new Promise(() => {});
});

process.on('message', (message: { run?: boolean }) => {
  if (message.run) void queue.runDue();
});
send({ ready: true });
