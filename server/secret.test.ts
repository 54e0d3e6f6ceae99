/**
 * The signing secret across server processes (server/config.ts settleSecret): processes on one
 * PostgreSQL database without SECRET, each with a data folder of its own, sign with one secret,
 * so a token or CSRF pair one of them issued is good at every other (a load balancer in front
 * sends a browser's requests to any of them). Before, each made its own DATA_DIR/secret and
 * refused the others' (403 "Die Sicherheitsprüfung ist fehlgeschlagen", 401 for a token).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, settleSecret, SIGNING_SECRET_NAME } from './config';
import { appSecrets } from './db/schema';
import { createLegacySession } from './modules/account';
import { createTestUser } from '../tests/support/auth';
import {
  buildAppOn,
  openTestDatabase,
  usesPostgres,
  type TestApp,
  type TestDatabase,
} from '../tests/support/test-app';

let testDb: TestDatabase;
const dataDirs: string[] = [];

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'heizoel-secret-'));
  dataDirs.push(dir);
  return dir;
}

/** A server process's start as main.ts makes it: the environment, then the database's say. */
async function startSecret(env: NodeJS.ProcessEnv) {
  return settleSecret(loadConfig({ DATABASE_URL: testDb.url, ...env }), testDb.database.db);
}

beforeAll(async () => {
  testDb = await openTestDatabase();
});

afterAll(async () => {
  await testDb.close();
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe.runIf(usesPostgres())('the signing secret on PostgreSQL without SECRET', () => {
  beforeEach(async () => {
    await testDb.database.db.delete(appSecrets);
  });

  it('is stored by the first process and read by every other, whatever their data folders', async () => {
    const first = await startSecret({ DATA_DIR: await dataDir() });
    expect(first).toMatchObject({ source: 'database', stored: 'new' });
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    const second = await startSecret({ DATA_DIR: await dataDir() });
    expect(second).toMatchObject({ source: 'database', stored: 'found', secret: first.secret });
    // Nothing written to a data folder: the database keeps it.
    await expect(readFile(join(dataDirs[0]!, 'secret'), 'utf8')).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('takes over the DATA_DIR/secret of a deployment that ran before, so its sessions survive', async () => {
    const dir = await dataDir();
    const before = 'v'.repeat(48);
    await writeFile(join(dir, 'secret'), `${before}\n`);
    expect(await startSecret({ DATA_DIR: dir })).toMatchObject({
      secret: before,
      stored: 'data-dir',
    });
    // Another process with another old file joins the one stored (and says so in the log).
    const other = await dataDir();
    await writeFile(join(other, 'secret'), `${'w'.repeat(48)}\n`);
    expect(await startSecret({ DATA_DIR: other })).toMatchObject({
      secret: before,
      stored: 'found',
      dataDirDiffers: true,
    });
  });

  it('gives way to SECRET, which is neither stored nor read', async () => {
    const secret = 's'.repeat(40);
    expect(await startSecret({ DATA_DIR: await dataDir(), SECRET: secret })).toEqual({
      secret,
      source: 'environment',
    });
    expect(await testDb.database.db.select().from(appSecrets)).toEqual([]);
  });

  it('agrees on one secret when processes start at the same moment', async () => {
    const dirs = await Promise.all([dataDir(), dataDir(), dataDir()]);
    const secrets = await Promise.all(dirs.map((dir) => startSecret({ DATA_DIR: dir })));
    expect(new Set(secrets.map((s) => s.secret)).size).toBe(1);
    expect(secrets.filter((s) => s.stored !== 'found')).toHaveLength(1);
    const rows = await testDb.database.db.select().from(appSecrets);
    expect(rows.map((r) => r.name)).toEqual([SIGNING_SECRET_NAME]);
  });

  describe('two processes behind a load balancer', () => {
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      await testDb.database.db.delete(appSecrets);
      // Each its own data folder and its own pool, as two server processes on two machines.
      const secretA = await startSecret({ DATA_DIR: await dataDir() });
      const secretB = await startSecret({ DATA_DIR: await dataDir() });
      a = await buildAppOn(testDb, { config: { secret: secretA.secret } });
      b = await buildAppOn(testDb, { config: { secret: secretB.secret } });
      await Promise.all([a.app.ready(), b.app.ready()]);
    });

    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    const cookieOf = (response: LightMyRequestResponse, name: string) =>
      response.cookies.find((c) => c.name === name)?.value;

    it('accepts at one the CSRF pair and the token the other issued', async () => {
      // Signed in on the login page; the browser's next request goes to A, which hands it its id
      // and a CSRF value for that session.
      const user = await createTestUser(testDb.database, { firstName: 'Lena' });
      const auth = await createLegacySession(testDb.database.db, user.id, null);
      const page = await a.app.inject({ url: '/session/renew', cookies: { ok_auth: auth } });
      const browser = { ok_sid: cookieOf(page, 'ok_sid')!, ok_csrf: cookieOf(page, 'ok_csrf')! };
      expect(browser.ok_csrf).toBeTruthy();

      // The app's login (a state-changing call, CSRF-checked) lands on B.
      const login = await b.app.inject({
        method: 'POST',
        url: '/api/account/anmelden-cookie',
        cookies: { ...browser, ok_auth: auth },
        headers: { RequestVerificationToken: browser.ok_csrf },
        payload: { Type: 'legacy', AuthCookieValue: '' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const token = cookieOf(login, 'ok_token')!;
      const csrf = cookieOf(login, 'ok_csrf') ?? browser.ok_csrf;

      // B's token and B's CSRF value for the session, at A.
      const read = await a.app.inject({
        url: '/api/jwt/kunde/persoenliche-daten',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(read.statusCode, read.body).toBe(200);
      const change = await a.app.inject({
        method: 'PUT',
        url: '/api/jwt/kunde/persoenliche-daten',
        cookies: { ok_sid: browser.ok_sid, ok_csrf: csrf, ok_token: token },
        headers: { RequestVerificationToken: csrf },
        payload: { Title1: 'Frau', Title2: '', FirstName: 'Lea', LastName: 'Muster', Phone: '' },
      });
      expect(change.statusCode, change.body).toBe(200);
    });
  });
});

describe.skipIf(usesPostgres())('the signing secret on PGlite without SECRET', () => {
  it('stays in DATA_DIR/secret, as before', async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    const settled = await settleSecret(config, testDb.database.db);
    expect(settled).toEqual({ secret: config.secret, source: 'data-dir' });
    expect((await readFile(join(dir, 'secret'), 'utf8')).trim()).toBe(settled.secret);
    expect(await testDb.database.db.select().from(appSecrets)).toEqual([]);
  });
});
