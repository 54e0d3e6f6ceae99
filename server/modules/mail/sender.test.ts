import { fork } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, outboxEmails } from '../../db/schema';
import { JobQueue, jobsPlugin } from '../../jobs';
import { openDatabase } from '../../db/client';
import { expectConsole } from '../../../tests/support/setup-console';
import { startTcpProxy } from '../../../tests/support/tcp-proxy';
import { databasePlugin } from '../../plugins/database';
import { openTestDatabase, usesPostgres, type TestDatabase } from '../../../tests/support/test-app';
import {
  EMAIL_JOB,
  EMAIL_MAX_ATTEMPTS,
  EMAIL_RETRY_DELAY_MS,
  EMAIL_URGENT_JOB,
  enqueueEmail,
} from './outbox';
import { fileDeliver, mailSenderPlugin, registerEmailJob, type Deliver } from './sender';

let t: TestDatabase;
let dataDir: string;
const silent = pino({ level: 'silent' });
/** The lane's clock: the real one, moved on by the tests that wait for a back-off. */
const clock = { offset: 0 };

beforeAll(async () => {
  t = await openTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'heizoel-mail-'));
});

beforeEach(async () => {
  // The seed leaves e-mails of its own (demo data); each test counts only its own.
  await t.database.db
    .update(outboxEmails)
    .set({ sentAt: new Date() })
    .where(isNull(outboxEmails.sentAt));
  await t.database.db.delete(jobs).where(inArray(jobs.name, [EMAIL_JOB, EMAIL_URGENT_JOB]));
  clock.offset = 0;
});

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

function lane(workerId: string, deliver: Deliver): JobQueue {
  const queue = new JobQueue(t.database.db, {
    workerId,
    now: () => Date.now() + clock.offset,
    concurrency: 2,
  });
  // Both kinds on one queue here; a server runs them on two lanes.
  registerEmailJob(queue, t.database.db, deliver);
  registerEmailJob(queue, t.database.db, deliver, EMAIL_URGENT_JOB);
  return queue;
}

const mail = (to: string) => ({
  kind: 'password-reset' as const,
  to,
  subject: 'Ihr neues Kennwort',
  text: `Link für ${to}`,
});

const emailJob = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(jobs)
      .where(and(inArray(jobs.name, [EMAIL_JOB, EMAIL_URGENT_JOB]), eq(jobs.key, String(id))))
  )[0];

describe('the outbox', () => {
  it('stores each e-mail with the job that delivers it, in the caller’s transaction or alone', async () => {
    const db = t.database.db;
    const inTx = await db.transaction((tx) => enqueueEmail(tx, mail('a@example.org')));
    const alone = await enqueueEmail(db, mail('b@example.org'));
    for (const { id } of [inTx, alone]) {
      expect(await emailJob(id)).toMatchObject({
        state: 'pending',
        maxAttempts: EMAIL_MAX_ATTEMPTS,
      });
    }
    // A transaction that rolls back leaves neither the e-mail nor its job.
    let rolledBack = 0;
    await db
      .transaction(async (tx) => {
        rolledBack = (await enqueueEmail(tx, mail('c@example.org'))).id;
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await db.select().from(outboxEmails).where(eq(outboxEmails.id, rolledBack))).toEqual([]);
    expect(await emailJob(rolledBack)).toBeUndefined();
  });
});

describe('urgent mail', () => {
  it('puts a reset link on the urgent lane, so it never waits behind a burst of other mail', async () => {
    const reset = await enqueueEmail(t.database.db, mail('wartet@example.org'));
    const orders: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { id } = await enqueueEmail(t.database.db, {
        kind: 'order-confirmation',
        to: `kunde${i}@example.org`,
        subject: 'Ihre Bestellung',
        text: 'Danke.',
      });
      orders.push(id);
    }
    expect((await emailJob(reset.id))?.name).toBe(EMAIL_URGENT_JOB);
    expect((await emailJob(orders[0]!))?.name).toBe(EMAIL_JOB);
    // The urgent lane of a server: it takes the reset link alone, whatever else waits.
    const urgent = new JobQueue(t.database.db, { workerId: 'server-a', concurrency: 2 });
    const delivered: number[] = [];
    registerEmailJob(
      urgent,
      t.database.db,
      async (m) => void delivered.push(m.id),
      EMAIL_URGENT_JOB,
    );
    expect(await urgent.runDue()).toBe(1);
    expect(delivered).toEqual([reset.id]);
  });
});

describe('the mail lane', () => {
  it('without SMTP writes each e-mail as JSON under DATA_DIR/mail, once', async () => {
    const db = t.database.db;
    const { id } = await enqueueEmail(db, mail('erika@example.org'));
    const queue = lane('server-a', fileDeliver(dataDir, silent));
    expect(await queue.runDue()).toBe(1);
    const file = join(dataDir, 'mail', `${id}-password-reset.json`);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      to: 'erika@example.org',
      subject: 'Ihr neues Kennwort',
      text: 'Link für erika@example.org',
    });
    const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(await emailJob(id)).toMatchObject({ state: 'done' });
    expect(await queue.runDue()).toBe(0);
    expect((await readdir(join(dataDir, 'mail'))).filter((f) => f.startsWith(`${id}-`))).toEqual([
      `${id}-password-reset.json`,
    ]);
  });

  it('does not deliver again an e-mail marked sent (its job run again after a crash)', async () => {
    const { id } = await enqueueEmail(t.database.db, mail('again@example.org'));
    await t.database.db
      .update(outboxEmails)
      .set({ sentAt: new Date() })
      .where(eq(outboxEmails.id, id));
    const delivered: number[] = [];
    expect(await lane('server-a', async (m) => void delivered.push(m.id)).runDue()).toBe(1);
    expect(delivered).toEqual([]);
    expect(await emailJob(id)).toMatchObject({ state: 'done' });
  });

  it('retries a refused e-mail with back-off, notes the error, and gives up after its attempts', async () => {
    const { id } = await enqueueEmail(t.database.db, mail('haendler@example.org'));
    let calls = 0;
    const queue = lane('server-a', async () => {
      calls += 1;
      throw new Error('SMTP 451 temporary failure');
    });
    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0); // not before the back-off
    clock.offset += EMAIL_RETRY_DELAY_MS;
    expect(await queue.runDue()).toBe(1);
    clock.offset += EMAIL_RETRY_DELAY_MS; // the second wait is twice as long
    expect(await queue.runDue()).toBe(0);
    for (let i = 0; i < 2 * EMAIL_MAX_ATTEMPTS; i++) {
      clock.offset += 3_600_000;
      await queue.runDue();
    }
    expect(calls).toBe(EMAIL_MAX_ATTEMPTS);
    const [row] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    expect(row).toMatchObject({
      sentAt: null,
      attempts: EMAIL_MAX_ATTEMPTS,
      lastError: 'SMTP 451 temporary failure',
    });
    expect(await emailJob(id)).toMatchObject({ state: 'failed', attempts: EMAIL_MAX_ATTEMPTS });
  });

  it('delivers each e-mail once when two processes run the lane beside a slow relay', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await enqueueEmail(t.database.db, mail(`n${i}@example.org`))).id);
    const delivered: string[] = [];
    const slowRelay =
      (by: string): Deliver =>
      async (m) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        delivered.push(`${m.id}:${by}`);
      };
    const a = lane('server-a', slowRelay('a'));
    const b = lane('server-b', slowRelay('b'));
    const ran = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(ran.reduce((x, y) => x + y, 0)).toBe(12);
    const ofIds = delivered.map((d) => Number(d.split(':')[0]));
    expect(ofIds.sort((x, y) => x - y)).toEqual(ids);
    const rows = await t.database.db
      .select()
      .from(outboxEmails)
      .where(inArray(outboxEmails.id, ids));
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it.runIf(usesPostgres())(
    'delivers each e-mail once with two OS processes and a relay that takes its time',
    async () => {
      const url = t.url;
      if (!url) throw new Error('no database URL');
      const log = join(dataDir, 'deliveries.log');
      await writeFile(log, '');
      const ids: number[] = [];
      for (let i = 0; i < 20; i++)
        ids.push((await enqueueEmail(t.database.db, mail(`p${i}@example.org`))).id);
      const children = ['proc-a', 'proc-b'].map((workerId) =>
        fork(join(import.meta.dirname, 'sender-process.ts'), {
          execArgv: ['--import', 'tsx'],
          env: {
            ...process.env,
            DATABASE_URL: url,
            WORKER_ID: workerId,
            DELIVERY_LOG: log,
            RELAY_DELAY_MS: '100',
          },
        }),
      );
      try {
        const ask = <T>(
          child: (typeof children)[number],
          message: object | undefined,
          key: string,
        ) =>
          new Promise<T>((resolve, reject) => {
            const onMessage = (m: Record<string, unknown>) => {
              if ('error' in m) reject(new Error(String(m.error)));
              else if (key in m) {
                child.off('message', onMessage);
                resolve(m[key] as T);
              }
            };
            child.on('message', onMessage);
            child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
            if (message) child.send(message);
          });
        await Promise.all(children.map((c) => ask(c, undefined, 'ready')));
        const ran = await Promise.all(children.map((c) => ask<number>(c, { run: true }, 'ran')));
        expect(ran.reduce((x, y) => x + y, 0)).toBe(20);
        const lines = (await readFile(log, 'utf8')).trim().split('\n');
        const delivered = lines.map((l) => Number(l.split(' ')[0])).sort((x, y) => x - y);
        expect(delivered).toEqual(ids);
      } finally {
        const exits = children
          .filter((c) => c.exitCode === null)
          .map((c) => new Promise((resolve) => c.once('exit', resolve)));
        for (const child of children) if (child.exitCode === null) child.send({ stop: true });
        await Promise.all(exits);
      }
    },
    60_000,
  );
});

describe.runIf(usesPostgres())('the database away just after the relay took a mail', () => {
  it('marks the mail sent once the database is back, and never sends it again', async () => {
    expectConsole('error'); // the pool reports the connections the cut ends
    const proxy = await startTcpProxy(t.url!);
    // This process reaches the database through the proxy, with a short hold: the mark fails.
    const viaProxy = await openDatabase({
      kind: 'postgres',
      url: proxy.url,
      hold: { holdMs: 20, retryMs: 10 },
    });
    try {
      let outages = 0;
      viaProxy.pool!.watch({ unavailable: () => (outages += 1) });
      const { id } = await enqueueEmail(t.database.db, mail('outage@example.org'));
      const delivered: number[] = [];
      const queue = new JobQueue(viaProxy.db, { workerId: 'through-proxy', concurrency: 1 });
      registerEmailJob(
        queue,
        viaProxy.db,
        async (m) => {
          delivered.push(m.id);
          await proxy.cut(); // the relay accepted; now PostgreSQL is away
        },
        EMAIL_URGENT_JOB, // a reset link
      );
      const running = queue.runDue();
      while (outages === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await proxy.restore();
      expect(await running).toBe(1);
      expect(delivered).toEqual([id]);
      const [row] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(await emailJob(id)).toMatchObject({ state: 'done', attempts: 1 });
      // Another process finds nothing to send.
      const other: number[] = [];
      expect(await lane('server-b', async (m) => void other.push(m.id)).runDue()).toBe(0);
      expect(other).toEqual([]);
    } finally {
      await viaProxy.close();
      await proxy.close();
    }
  });
});

describe('mail sender plugin', () => {
  it('runs the mail lane while the app runs and stops when it closes', async () => {
    const app = Fastify({ logger: false });
    await app.register(databasePlugin, { database: t.database, closeWithApp: false });
    await app.register(jobsPlugin, { runJobs: true });
    await app.register(mailSenderPlugin, {
      dataDir,
      smtpUrl: undefined,
      mailFrom: 'x@example.org',
      intervalMs: 20,
    });
    await app.ready();
    await app.startJobLanes();
    const { id } = await enqueueEmail(t.database.db, {
      kind: 'rating-invitation',
      to: 'kunde@example.org',
      subject: 'Wie war Ihre Lieferung?',
      text: 'Bitte bewerten Sie uns.',
    });
    await expect
      .poll(
        async () => (await readdir(join(dataDir, 'mail'))).includes(`${id}-rating-invitation.json`),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    await app.close();
    // Closed: nothing is sent any more.
    const later = await enqueueEmail(t.database.db, {
      kind: 'rating-invitation',
      to: 'b@example.org',
      subject: 's',
      text: 't',
    });
    await new Promise((r) => setTimeout(r, 100));
    const [row] = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.id, later.id));
    expect(row?.sentAt).toBeNull();
  });
});
