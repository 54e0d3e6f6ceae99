import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema';
import { openTestDatabase, type TestDatabase } from '../../../tests/support/test-app';
import { enqueueEmail } from './outbox';
import { databasePlugin } from '../../plugins/database';
import {
  fileDeliver,
  mailSenderPlugin,
  MAX_ATTEMPTS,
  sendPendingEmails,
  type Delivery,
} from './sender';

let t: TestDatabase;
let dataDir: string;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  t = await openTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'heizoel-mail-'));
  // The seed may leave e-mails of its own pending (demo data); these tests count only theirs.
  await t.database.db
    .update(outboxEmails)
    .set({ sentAt: new Date() })
    .where(isNull(outboxEmails.sentAt));
});

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('outbox', () => {
  it('without SMTP writes each e-mail as JSON under DATA_DIR/mail and marks it sent', async () => {
    const db = t.database.db;
    const { id } = await db.transaction((tx) =>
      enqueueEmail(tx, {
        kind: 'password-reset',
        to: 'erika@example.org',
        subject: 'Ihr neues Kennwort',
        text: 'Link: http://localhost/neues-kennwort-setzen/abc',
      }),
    );
    expect(await sendPendingEmails(db, fileDeliver(dataDir, silent), silent)).toMatchObject({
      sent: 1,
      failed: 0,
    });
    const file = join(dataDir, 'mail', `${id}-password-reset.json`);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      to: 'erika@example.org',
      subject: 'Ihr neues Kennwort',
      text: 'Link: http://localhost/neues-kennwort-setzen/abc',
    });
    const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(1);
    // Sent once only.
    expect(await sendPendingEmails(db, fileDeliver(dataDir, silent), silent)).toMatchObject({
      sent: 0,
    });
    expect(await readdir(join(dataDir, 'mail'))).toEqual([`${id}-password-reset.json`]);
  });

  it('keeps a failed e-mail with attempts and the last error, retries it, and gives up after MAX_ATTEMPTS', async () => {
    const db = t.database.db;
    const { id } = await enqueueEmail(db, {
      kind: 'dealer-notification',
      to: 'haendler@example.org',
      subject: 'Neue Bestellung',
      text: 'Hallo',
    });
    let calls = 0;
    const failing = async (mail: Delivery) => {
      if (mail.id === id) {
        calls++;
        throw new Error('SMTP 451 temporary failure');
      }
    };
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) await sendPendingEmails(db, failing, silent);
    expect(calls).toBe(MAX_ATTEMPTS);
    const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    expect(row).toMatchObject({
      sentAt: null,
      attempts: MAX_ATTEMPTS,
      lastError: 'SMTP 451 temporary failure',
    });
  });
});

describe('mail sender plugin', () => {
  it('polls the outbox while the app runs and stops when it closes', async () => {
    const app = Fastify({ logger: false });
    await app.register(databasePlugin, { database: t.database, closeWithApp: false });
    await app.register(mailSenderPlugin, {
      dataDir,
      smtpUrl: undefined,
      mailFrom: 'x@example.org',
      intervalMs: 20,
    });
    await app.ready();
    const { id } = await enqueueEmail(t.database.db, {
      kind: 'rating-invitation',
      to: 'kunde@example.org',
      subject: 'Wie war Ihre Lieferung?',
      text: 'Bitte bewerten Sie uns.',
    });
    const file = join(dataDir, 'mail', `${id}-rating-invitation.json`);
    await mkdir(join(dataDir, 'mail'), { recursive: true });
    const deadline = Date.now() + 5000;
    let written = false;
    while (!written && Date.now() < deadline) {
      written = (await readdir(join(dataDir, 'mail'))).includes(`${id}-rating-invitation.json`);
      if (!written) await new Promise((r) => setTimeout(r, 20));
    }
    expect(written).toBe(true);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ to: 'kunde@example.org' });
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
