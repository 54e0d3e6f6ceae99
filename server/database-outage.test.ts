/**
 * PostgreSQL away (a restart, a failover, a cut network), seen by one app through a TCP proxy
 * that the test cuts and restores (tests/support/tcp-proxy.ts), so no other test notices:
 * - a request that needs the database waits for it up to the pool's hold (server/db/client.ts)
 *   and is answered as usual when it comes back in time;
 * - after the hold: 503 with Retry-After, the API's German JSON or a German page, never a 500
 *   (server/plugins/unavailable.ts); /api/health/ready says 503 while /api/health stays 200;
 * - once the database is back, the same app answers as before, without a restart.
 * The holds are set per app here (small, or as good as endless), so nothing depends on how fast
 * the machine is: each step waits for an event or a state, not for a time.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type HoldOptions } from './db/client';
import { isDatabaseUnavailable } from './db/unavailable';
import { unavailableTexts, UNAVAILABLE_RETRY_AFTER_SECONDS } from './plugins/unavailable';
import { READINESS_TEXTS } from './modules/health';
import { authHeaders, createTestUser, type TestUser } from '../tests/support/auth';
import {
  buildAppOn,
  openTestDatabase,
  usesPostgres,
  type TestApp,
  type TestDatabase,
} from '../tests/support/test-app';
import { expectConsole } from '../tests/support/setup-console';
import { startTcpProxy, type TcpProxy } from '../tests/support/tcp-proxy';

/** Resolves once `condition` holds; checked again after every turn of the event loop's timers. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe.runIf(usesPostgres())('PostgreSQL away', () => {
  let testDb: TestDatabase;
  let proxy: TcpProxy;
  let customer: TestUser;

  /** An app (a server process) whose pool reaches the database through the proxy. */
  async function appThroughProxy(hold: HoldOptions): Promise<{ t: TestApp; database: Database }> {
    const database = await openDatabase({ kind: 'postgres', url: proxy.url, hold });
    const t = await buildAppOn({ database });
    await t.app.ready();
    return { t, database };
  }

  /** The proxy's cut has reached the app: no connection of its pool is left. */
  const drained = (database: Database) => until(() => database.pool!.totalCount === 0);

  beforeAll(async () => {
    testDb = await openTestDatabase();
    proxy = await startTcpProxy(testDb.url!);
    customer = await createTestUser(testDb.database, { firstName: 'Paula' });
  });

  afterAll(async () => {
    await proxy?.close();
    await testDb?.close();
  });

  beforeEach(() => {
    // The pool reports each idle connection the cut ends (server/db/client.ts).
    expectConsole('error');
  });

  /** Needs the database on every call: the customer's personal data. */
  const apiCall = (t: TestApp) =>
    t.app.inject({ url: '/api/jwt/kunde/persoenliche-daten', headers: authHeaders(customer) });

  describe('longer than the hold', () => {
    let t: TestApp;
    let database: Database;

    beforeAll(async () => {
      ({ t, database } = await appThroughProxy({
        holdMs: 100,
        retryMs: 10,
        connectTimeoutMs: 200,
      }));
    });

    afterAll(async () => {
      await proxy.restore();
      await t?.close();
      await database?.close();
    });

    it('answers 503 with Retry-After (JSON for the API, a German page for a page), then serves again', async () => {
      expect((await apiCall(t)).statusCode).toBe(200);
      // A page that exists by the database's say: an unknown CMS address is its 404.
      expect((await t.app.inject({ url: '/eine-seite-die-es-nicht-gibt' })).statusCode).toBe(404);

      await proxy.cut();
      await drained(database);

      const api = await apiCall(t);
      expect(api.statusCode).toBe(503);
      expect(api.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(api.headers['cache-control']).toMatch(/\bno-store\b/);
      expect(api.headers['content-type']).toMatch(/^application\/json/);
      expect(api.json()).toEqual({ message: unavailableTexts.api });

      // Pages: a CMS address, and a local price page asked for the first time while the
      // database is away (its regions are loaded once per process: a failed load is not kept).
      for (const url of ['/eine-seite-die-es-nicht-gibt', '/heizoelpreise/bayern']) {
        const page = await t.app.inject({ url });
        expect(page.statusCode, url).toBe(503);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        expect(page.headers['cache-control']).toMatch(/\bno-store\b/);
        expect(page.body).toContain('<html lang="de">');
        expect(page.body).toContain(unavailableTexts.title);
        expect(page.body).toContain(`href="${url}"`);
      }
      // The legacy login form (its own error handler) answers with the same page.
      const login = await t.app.inject({
        method: 'POST',
        url: '/konto/anmelden-registrieren',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'Form=login&Email=paula%40example.org&Password=geheim',
      });
      expect(login.statusCode).toBe(503);
      expect(login.body).toContain(unavailableTexts.title);

      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(ready.headers['cache-control']).toMatch(/\bno-store\b/);
      expect(ready.json()).toEqual({ message: READINESS_TEXTS.notReady });
      const live = await t.app.inject({ url: '/api/health' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ status: 'ok' });

      await proxy.restore();

      // The same app, not restarted: the pool makes new connections.
      expect((await apiCall(t)).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/eine-seite-die-es-nicht-gibt' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/heizoelpreise/bayern' })).statusCode).toBe(200);
      const back = await t.app.inject({ url: '/api/health/ready' });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ status: 'ok', database: 'postgres' });
    });

    it('answers 503 when the network swallows the connection attempt, not never', async () => {
      await proxy.stall();
      await drained(database);
      // The attempt hangs until the pool's connect timeout ends it.
      const api = await apiCall(t);
      expect(api.statusCode).toBe(503);
      expect(api.json()).toEqual({ message: unavailableTexts.api });
      await proxy.restore();
      expect((await apiCall(t)).statusCode).toBe(200);
    });
  });

  describe('shorter than the hold', () => {
    let t: TestApp;
    let database: Database;

    beforeAll(async () => {
      // A hold no test waits out: every request below waits until the database is back.
      ({ t, database } = await appThroughProxy({ holdMs: 10 * 60_000, retryMs: 10 }));
      // No background poll that could be the request the test sees waiting.
      t.app.caches.pollEvery(null);
    });

    afterAll(async () => {
      await proxy.restore();
      await t?.close();
      await database?.close();
    });

    it('costs a request a pause, not an error', async () => {
      expect((await apiCall(t)).statusCode).toBe(200);
      await proxy.cut();
      await drained(database);

      const held = new Promise<void>((resolve) => {
        const stop = database.pool!.watch({
          hold: () => {
            stop();
            resolve();
          },
        });
      });
      const api = apiCall(t);
      const ready = t.app.inject({ url: '/api/health/ready' });
      // The request waits (without a hold it was answered at once).
      expect(await Promise.race([held.then(() => 'waits'), api.then(() => 'answered')])).toBe(
        'waits',
      );
      // The readiness check does not wait: it tells the balancer now.
      expect((await ready).statusCode).toBe(503);
      await proxy.restore();
      const answer = await api;
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ FirstName: 'Paula' });
    });

    it('never repeats a statement: a transaction whose connection breaks fails, and the process lives on', async () => {
      // The connection breaks while the transaction holds it between two statements: its client
      // reports the loss as an 'error' event, which nobody but the pool's listener would hear.
      const attempt = database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await proxy.cut();
        await tx.execute(sql`SELECT 2`);
      });
      const failure = await attempt.then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeDefined();
      expect(isDatabaseUnavailable(failure)).toBe(true);
      await proxy.restore();
      expect((await apiCall(t)).statusCode).toBe(200);
    });
  });
});
