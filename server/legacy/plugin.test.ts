import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { legacySessions, outboxEmails, users } from '../db/schema';
import { createTestUser, type TestUser } from '../../tests/support/auth';
import {
  buildTestApp,
  openTestDatabase,
  TEST_SECRET,
  type TestApp,
} from '../../tests/support/test-app';

let t: TestApp;
let erika: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
  erika = await createTestUser(t.database, { email: 'erika.legacy@example.org' });
});

afterAll(() => t.close());

/** GET the login page: the CSRF cookie value, also rendered in the hidden field. */
async function openPage(url = '/konto/anmelden-registrieren') {
  const res = await t.app.inject({ url });
  const csrf = res.cookies.find((c) => c.name === 'ok_csrf')?.value ?? '';
  return { res, csrf };
}

function post(
  url: string,
  csrf: string,
  form: Record<string, string>,
  cookies: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies: { ok_csrf: csrf, ...cookies },
    payload: new URLSearchParams({ __RequestVerificationToken: csrf, ...form }).toString(),
  });
}

function cookie(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

describe('legacy login page', () => {
  it('renders login and registration side by side with the CSRF value in both forms', async () => {
    const { res, csrf } = await openPage('/konto/anmelden-registrieren?ReturnUrl=%2Fbestellungen');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<h2 id="anmelden-titel">Anmelden</h2>');
    expect(res.body).toContain('Neu registrieren');
    expect(res.body.split(`value="${csrf}"`).length - 1).toBe(2);
    expect(res.body).toContain('action="/konto/anmelden-registrieren?ReturnUrl=%2Fbestellungen"');
    // CSP 'self': no inline script or style element.
    expect(res.body).not.toMatch(/<script|<style/);
    const css = await t.app.inject({ url: '/konto/stil.css' });
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('--color-brand-800');
  });

  it('logs in, sets ok_auth (HttpOnly) + ok_login and returns to ReturnUrl', async () => {
    const { csrf } = await openPage();
    const res = await post('/konto/anmelden-registrieren', csrf, {
      Form: 'login',
      Email: 'Erika.Legacy@example.org',
      Password: erika.password,
      ReturnUrl: '/bestellungen?seite=2',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/bestellungen?seite=2');
    expect(cookie(res, 'ok_auth')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie(res, 'ok_auth')?.secure).toBeFalsy();
    expect(cookie(res, 'ok_login')).toMatchObject({ value: '1', sameSite: 'Lax' });
    expect(cookie(res, 'ok_login')?.httpOnly).toBeFalsy();
    // Token cookies of an earlier session are cleared, so the app asks for new ones.
    expect(cookie(res, 'ok_token')?.value).toBe('');
    const stored = await t.database.db
      .select()
      .from(legacySessions)
      .where(eq(legacySessions.userId, erika.id));
    expect(stored).toHaveLength(1);
    // Only the hash is stored.
    expect(stored[0]?.tokenHash).not.toBe(cookie(res, 'ok_auth')?.value);
  });

  it('ignores a ReturnUrl that leads to another site', async () => {
    for (const returnUrl of [
      'https://elsewhere.example/x',
      '//elsewhere.example',
      '/\\elsewhere.example',
    ]) {
      const { csrf } = await openPage();
      const res = await post('/konto/anmelden-registrieren', csrf, {
        Form: 'login',
        Email: erika.email,
        Password: erika.password,
        ReturnUrl: returnUrl,
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
    }
  });

  it('answers a wrong password on the same page, in German, keeping the e-mail', async () => {
    const { csrf } = await openPage();
    const res = await post('/konto/anmelden-registrieren', csrf, {
      Form: 'login',
      Email: erika.email,
      Password: 'falsches-Kennwort',
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('E-Mail-Adresse oder Kennwort ist falsch.');
    expect(res.body).toContain(`value="${erika.email}"`);
    expect(cookie(res, 'ok_auth')).toBeUndefined();
    // Unknown e-mail: the same answer.
    const unknown = await post('/konto/anmelden-registrieren', csrf, {
      Form: 'login',
      Email: 'niemand@example.org',
      Password: 'irgendwas-123',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toContain('E-Mail-Adresse oder Kennwort ist falsch.');
  });

  it('refuses a form without the CSRF value', async () => {
    const { csrf } = await openPage();
    const res = await t.app.inject({
      method: 'POST',
      url: '/konto/anmelden-registrieren',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: { ok_csrf: csrf },
      payload: new URLSearchParams({
        Form: 'login',
        Email: erika.email,
        Password: erika.password,
      }).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Sicherheitsprüfung');
    expect(res.body).toContain(`value="${erika.email}"`);
    expect(cookie(res, 'ok_auth')).toBeUndefined();
  });

  it('registers a customer and signs them in', async () => {
    const { csrf } = await openPage();
    const res = await post('/konto/anmelden-registrieren', csrf, {
      Form: 'register',
      Title1: 'Herr',
      FirstName: 'Jürgen',
      LastName: "O'Neill-Groß",
      Email: 'Juergen@Example.org',
      Password: 'ein-langes-Kennwort',
      PasswordRepeat: 'ein-langes-Kennwort',
      ReturnUrl: '/kunde/startseite',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/kunde/startseite');
    expect(cookie(res, 'ok_auth')?.httpOnly).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'juergen@example.org'));
    expect(row).toMatchObject({
      firstName: 'Jürgen',
      lastName: "O'Neill-Groß",
      title1: 'Herr',
      roles: ['Role_Customer'],
    });
    expect(row?.passwordHash).toMatch(/^scrypt\$/);

    const again = await post('/konto/anmelden-registrieren', csrf, {
      Form: 'register',
      FirstName: 'Jürgen',
      LastName: 'Zwei',
      Email: 'juergen@example.org',
      Password: 'noch-ein-Kennwort',
      PasswordRepeat: 'noch-ein-Kennwort',
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Für diese E-Mail-Adresse gibt es bereits ein Konto.');
  });

  it('validates the registration and keeps the input', async () => {
    const { csrf } = await openPage();
    const res = await post('/konto/anmelden-registrieren', csrf, {
      Form: 'register',
      FirstName: '',
      LastName: '<script>',
      Email: 'keine-adresse',
      Password: 'kurz',
      PasswordRepeat: 'kurz',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Bitte ausfüllen.');
    expect(res.body).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(res.body).toContain('mindestens 10 Zeichen');
    expect(res.body).toContain('value="keine-adresse"');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;');
    const mismatch = await post('/konto/anmelden-registrieren', csrf, {
      Form: 'register',
      FirstName: 'A',
      LastName: 'B',
      Email: 'mismatch@example.org',
      Password: 'ein-langes-Kennwort',
      PasswordRepeat: 'ein-anderes-Kennwort',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('Die beiden Kennwörter stimmen nicht überein.');
    const stored = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'mismatch@example.org'));
    expect(stored).toHaveLength(0);
  });

  it('rate-limits login attempts per IP and e-mail with a German 429 page', async () => {
    const target = await createTestUser(t.database, { email: 'limit@example.org' });
    const { csrf } = await openPage();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post('/konto/anmelden-registrieren', csrf, {
        Form: 'login',
        Email: target.email,
        Password: `falsch-${i}`,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.body).toContain('Zu viele Versuche');
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another address from the same IP is not blocked.
    const other = await post('/konto/anmelden-registrieren', csrf, {
      Form: 'login',
      Email: erika.email,
      Password: erika.password,
    });
    expect(other.statusCode).toBe(302);
  });

  it('shows a signed-in user "Weiter" and "Abmelden"; logout ends the session', async () => {
    const { csrf } = await openPage();
    const login = await post('/konto/anmelden-registrieren', csrf, {
      Form: 'login',
      Email: erika.email,
      Password: erika.password,
    });
    const auth = cookie(login, 'ok_auth')?.value ?? '';
    const page = await t.app.inject({
      url: '/konto/anmelden-registrieren',
      cookies: { ok_auth: auth },
    });
    expect(page.body).toContain(`Sie sind angemeldet als ${erika.email}.`);
    const logout = await post('/konto/abmelden', csrf, { ReturnUrl: '/' }, { ok_auth: auth });
    expect(logout.statusCode).toBe(302);
    expect(cookie(logout, 'ok_auth')?.value).toBe('');
    const after = await t.app.inject({
      url: '/konto/anmelden-registrieren',
      cookies: { ok_auth: auth },
    });
    expect(after.body).not.toContain('Sie sind angemeldet');
  });
});

describe('password forgotten', () => {
  it('answers the same for known and unknown addresses and mails a reset link only to the known one', async () => {
    const before = await t.database.db.select().from(outboxEmails);
    const { csrf } = await openPage('/konto/passwort-vergessen');
    const known = await post('/konto/passwort-vergessen', csrf, { Email: erika.email });
    const unknown = await post('/konto/passwort-vergessen', csrf, {
      Email: 'unbekannt@example.org',
    });
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir eine E-Mail geschickt.',
      );
    }
    const after = await t.database.db.select().from(outboxEmails);
    const added = after.filter((m) => !before.some((b) => b.id === m.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ kind: 'password-reset', toAddress: erika.email });
    expect(added[0]?.textBody).toMatch(
      /http:\/\/localhost(:\d+)?\/neues-kennwort-setzen\/[A-Za-z0-9_-]{43}\n/,
    );
  });
});

describe('cookie flags behind https in production', () => {
  it('marks cookies Secure when the load balancer says https', async () => {
    const db = await openTestDatabase();
    const prod = await buildApp({
      config: { nodeEnv: 'production', distDir: '/nonexistent-dist', secret: TEST_SECRET },
      database: db.database,
      closeDatabase: false,
    });
    try {
      const user = await createTestUser(db.database, { email: 'secure@example.org' });
      const page = await prod.inject({
        url: '/konto/anmelden-registrieren',
        headers: { 'x-forwarded-proto': 'https' },
      });
      const csrf = cookie(page, 'ok_csrf');
      expect(csrf?.secure).toBe(true);
      const res = await prod.inject({
        method: 'POST',
        url: '/konto/anmelden-registrieren',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-proto': 'https',
        },
        cookies: { ok_csrf: csrf?.value ?? '' },
        payload: new URLSearchParams({
          __RequestVerificationToken: csrf?.value ?? '',
          Form: 'login',
          Email: user.email,
          Password: user.password,
        }).toString(),
      });
      expect(res.statusCode).toBe(302);
      expect(cookie(res, 'ok_auth')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
      expect(cookie(res, 'ok_login')).toMatchObject({ secure: true });
    } finally {
      await prod.close();
      await db.close();
    }
  });
});
