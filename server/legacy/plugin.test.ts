import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacySessions, outboxEmails, users } from '../db/schema';
import { LIMITS, type LegacyLimits } from './plugin';
import { browserCookiesOf, createTestUser, type TestUser } from '../../tests/support/auth';
import {
  buildAppOn,
  buildTestApp,
  TEST_PRODUCTION_MODE,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../tests/support/test-app';

let t: TestApp;
let erika: TestUser;

/**
 * Each failed login costs a scrypt verification (~0.3 s): the login limits are counted here with
 * small numbers; the production numbers are checked on their own below.
 */
const TEST_LOGIN_LIMITS = {
  loginPerAddressAndEmail: { max: 3, windowSeconds: 15 * 60 },
  loginPerAddress: { max: 5, windowSeconds: 15 * 60 },
  registerPerAddress: { max: 2, windowSeconds: 60 * 60 },
} satisfies Partial<LegacyLimits>;

beforeAll(async () => {
  t = await buildTestApp({ legacyLimits: TEST_LOGIN_LIMITS });
  await t.app.ready();
  erika = await createTestUser(t.database, { email: 'erika.legacy@example.org' });
});

afterAll(() => t.close());

/**
 * GET the login page as a new browser: the CSRF value (also rendered in the hidden field) and
 * the cookies the browser keeps (its id and the CSRF cookie).
 */
async function openPage(url = '/konto/anmelden-registrieren') {
  const res = await t.app.inject({ url });
  const csrf = res.cookies.find((c) => c.name === 'ok_csrf')?.value ?? '';
  return { res, csrf, cookies: browserCookiesOf(res) };
}

/** Each test's requests come from an address of their own: the login limits count by address. */
let nextAddress = 1;
function freshAddress(): string {
  nextAddress += 1;
  return `10.9.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`;
}

const LOGIN_PAGE = '/konto/anmelden-registrieren';

type Page = { csrf: string; cookies: Record<string, string> };

function post(
  url: string,
  page: Page,
  form: Record<string, string>,
  opts: { cookies?: Record<string, string>; remoteAddress?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: opts.remoteAddress ?? freshAddress(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies: { ...page.cookies, ...opts.cookies },
    payload: new URLSearchParams({ __RequestVerificationToken: page.csrf, ...form }).toString(),
  });
}

/** The login or the registration form of the login page, sent from the page. */
const sendLogin = (page: Page, fields: Record<string, string>) =>
  post(LOGIN_PAGE, page, { Form: 'login', ...fields });
const sendRegistration = (page: Page, fields: Record<string, string>) =>
  post(LOGIN_PAGE, page, { Form: 'register', ...fields });

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
    const page = await openPage();
    const res = await sendLogin(page, {
      Email: 'Erika.Legacy@example.org',
      Password: erika.password,
      ReturnUrl: '/bestellungen?seite=2',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/bestellungen?seite=2');
    expect(cookie(res, 'ok_auth')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Secure exactly when the site is served over https (production mode of the test app).
    expect(Boolean(cookie(res, 'ok_auth')?.secure)).toBe(TEST_PRODUCTION_MODE);
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
      const page = await openPage();
      const res = await sendLogin(page, {
        Email: erika.email,
        Password: erika.password,
        ReturnUrl: returnUrl,
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
    }
  });

  it('answers a wrong password on the same page, in German, keeping the e-mail', async () => {
    const page = await openPage();
    const res = await sendLogin(page, {
      Email: erika.email,
      Password: 'falsches-Kennwort',
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('E-Mail-Adresse oder Kennwort ist falsch.');
    expect(res.body).toContain(`value="${erika.email}"`);
    expect(cookie(res, 'ok_auth')).toBeUndefined();
    // Unknown e-mail: the same answer.
    const unknown = await sendLogin(page, {
      Email: 'niemand@example.org',
      Password: 'irgendwas-123',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toContain('E-Mail-Adresse oder Kennwort ist falsch.');
  });

  it('tells a locked account so, but only with the right password', async () => {
    const locked = await createTestUser(t.database, { email: 'gesperrt.legacy@example.org' });
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, locked.id));
    const page = await openPage();
    const right = await sendLogin(page, {
      Email: locked.email,
      Password: locked.password,
    });
    expect(right.statusCode).toBe(403);
    expect(right.body).toContain('Ihr Kundenkonto ist gesperrt.');
    expect(right.body).not.toContain('Kennwort ist falsch');
    expect(cookie(right, 'ok_auth')).toBeUndefined();
    // A wrong password says nothing about the account.
    const wrong = await sendLogin(page, {
      Email: locked.email,
      Password: 'falsches-Kennwort',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('E-Mail-Adresse oder Kennwort ist falsch.');
    expect(wrong.body).not.toContain('Ihr Kundenkonto ist gesperrt');
  });

  it('refuses a form without the CSRF value', async () => {
    const page = await openPage();
    const res = await t.app.inject({
      method: 'POST',
      url: '/konto/anmelden-registrieren',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: page.cookies,
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
    const page = await openPage();
    const res = await sendRegistration(page, {
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

    const again = await sendRegistration(page, {
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
    const page = await openPage();
    const res = await sendRegistration(page, {
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
    const mismatch = await sendRegistration(page, {
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

  it('counts 10 failed logins per address and e-mail and 30 per address in 15 minutes in production', () => {
    expect(LIMITS.loginPerAddressAndEmail).toEqual({ max: 10, windowSeconds: 900 });
    expect(LIMITS.loginPerAddress).toEqual({ max: 30, windowSeconds: 900 });
  });

  it('limits failed logins per IP and e-mail with a German 429 page', async () => {
    const target = await createTestUser(t.database, { email: 'limit@example.org' });
    const page = await openPage();
    const remoteAddress = freshAddress();
    const statuses: number[] = [];
    const max = TEST_LOGIN_LIMITS.loginPerAddressAndEmail.max;
    for (let i = 0; i < max + 1; i++) {
      const res = await post(
        '/konto/anmelden-registrieren',
        page,
        { Form: 'login', Email: target.email, Password: `falsch-${i}` },
        { remoteAddress },
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.body).toContain('Zu viele Versuche');
      }
    }
    expect(statuses.slice(0, max).every((s) => s === 401)).toBe(true);
    expect(statuses[max]).toBe(429);
    // Another address from the same IP is not blocked.
    const other = await post(
      '/konto/anmelden-registrieren',
      page,
      { Form: 'login', Email: erika.email, Password: erika.password },
      { remoteAddress },
    );
    expect(other.statusCode).toBe(302);
  });

  it('shows a signed-in user "Weiter" and "Abmelden"; logout ends the session', async () => {
    const page = await openPage();
    const login = await sendLogin(page, {
      Email: erika.email,
      Password: erika.password,
    });
    const auth = cookie(login, 'ok_auth')?.value ?? '';
    const signedIn = await t.app.inject({
      url: '/konto/anmelden-registrieren',
      cookies: { ok_auth: auth, ...browserCookiesOf(login) },
    });
    expect(signedIn.body).toContain(`Sie sind angemeldet als ${erika.email}.`);
    // The login gave the browser a new id and CSRF value (no session fixation).
    const afterLogin = {
      csrf: browserCookiesOf(login).ok_csrf ?? '',
      cookies: browserCookiesOf(login),
    };
    expect(afterLogin.csrf).not.toBe(page.csrf);
    expect(signedIn.body).toContain(`value="${afterLogin.csrf}"`);
    const logout = await post(
      '/konto/abmelden',
      afterLogin,
      { ReturnUrl: '/' },
      { cookies: { ok_auth: auth } },
    );
    expect(logout.statusCode).toBe(302);
    expect(cookie(logout, 'ok_auth')?.value).toBe('');
    const after = await t.app.inject({
      url: '/konto/anmelden-registrieren',
      cookies: { ok_auth: auth },
    });
    expect(after.body).not.toContain('Sie sind angemeldet');
  });
});

describe('unknown pages of the legacy layer (SPEC §2/§8)', () => {
  it('answer 404 with "This page could not be found" and the ways back, in German', async () => {
    for (const url of ['/konto/gibt-es-nicht', '/konto/anmelden-registrieren/mehr', '/konto/a/b']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('This page could not be found');
      expect(res.body).toContain('<title>Seite nicht gefunden');
      expect(res.body).toContain('href="/konto/anmelden-registrieren"');
    }
    // The legacy pages themselves are still there.
    expect((await t.app.inject({ url: '/konto/passwort-vergessen' })).statusCode).toBe(200);
  });
});

describe('the offline page the service worker precaches', () => {
  it('is the same for everyone: no session, no form, no one’s name; not indexed', async () => {
    const res = await t.app.inject({
      url: '/konto/offline',
      headers: { cookie: 'ok_auth=irgendwas; ok_login=1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect((await t.app.inject({ url: '/konto/offline' })).body).toBe(res.body);
    expect(res.body).toContain('<title>Keine Verbindung');
    expect(res.body).toContain('href="/konto/stil.css"');
    expect(res.body).not.toContain('<form');
    expect(res.body).not.toContain('Sie sind angemeldet');
  });
});

describe('links and redirects', () => {
  const escapes = [
    '/..//evil.example',
    '/.//evil.example',
    '/%2e%2e//evil.example',
    '/a/..//evil.example',
  ];

  it('never redirects to another host after login, whatever ReturnUrl says', async () => {
    for (const returnUrl of escapes) {
      const page = await openPage();
      const res = await sendLogin(page, {
        Email: erika.email,
        Password: erika.password,
        ReturnUrl: returnUrl,
      });
      expect(res.statusCode, returnUrl).toBe(302);
      expect(res.headers.location, returnUrl).toBe('/');
    }
  });

  it('never redirects to another host after logout (no login needed)', async () => {
    for (const returnUrl of escapes) {
      const page = await openPage();
      const res = await post('/konto/abmelden', page, { ReturnUrl: returnUrl });
      expect(res.statusCode, returnUrl).toBe(302);
      expect(res.headers.location, returnUrl).toBe('/');
      const viaQuery = await post(
        `/konto/abmelden?ReturnUrl=${encodeURIComponent(returnUrl)}`,
        page,
        {},
      );
      expect(viaQuery.headers.location, returnUrl).toBe('/');
    }
  });

  it('never links "Weiter" to another host', async () => {
    const page = await openPage();
    const login = await sendLogin(page, {
      Email: erika.email,
      Password: erika.password,
    });
    const auth = cookie(login, 'ok_auth')?.value ?? '';
    for (const returnUrl of escapes) {
      const res = await t.app.inject({
        url: `/konto/anmelden-registrieren?ReturnUrl=${encodeURIComponent(returnUrl)}`,
        cookies: { ok_auth: auth },
      });
      expect(res.body).toContain('Sie sind angemeldet');
      expect(res.body).toContain('<a class="button primary" href="/">');
      expect(res.body).not.toContain('evil.example');
    }
  });
});

describe('input the forms do not expect', () => {
  it('answers a repeated ReturnUrl with a German 400 page, not a 500 or JSON', async () => {
    for (const url of [
      '/konto/anmelden-registrieren?ReturnUrl=/a&ReturnUrl=/b',
      '/konto/passwort-vergessen?ReturnUrl=/a&ReturnUrl=/b',
      '/konto/anmelden-registrieren?ReturnUrl=%00',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body).toContain('Anfrage nicht verstanden');
    }
  });

  it('refuses a JSON body, numbers and NUL characters with an HTML page and stores nothing', async () => {
    const page = await openPage();
    const before = await t.database.db.select().from(users);
    const json = await t.app.inject({
      method: 'POST',
      url: '/konto/anmelden-registrieren',
      remoteAddress: freshAddress(),
      cookies: page.cookies,
      payload: { Email: 1, Form: 'register', __RequestVerificationToken: page.csrf },
    });
    expect(json.statusCode).toBe(415);
    expect(json.headers['content-type']).toMatch(/text\/html/);
    const nul = await sendRegistration(page, {
      FirstName: 'Ni\u0000l',
      LastName: 'Nul',
      Email: 'nul@example.org',
      Password: 'Ein-langes-Kennwort',
      PasswordRepeat: 'Ein-langes-Kennwort',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.headers['content-type']).toMatch(/text\/html/);
    const forgot = await post('/konto/passwort-vergessen', page, { Email: 'a\u0000@example.org' });
    expect(forgot.statusCode).toBe(400);
    expect(await t.database.db.select().from(users)).toHaveLength(before.length);
  });
});

/**
 * One more failed login than the per-address-and-e-mail limit allows, from one socket address;
 * request i goes to apps[i % apps.length] (several server processes) with the X-Forwarded-For
 * header forwardedFor(i) when given. Returns the statuses.
 */
async function failedLogins(
  apps: readonly TestApp['app'][],
  remoteAddress: string,
  forwardedFor?: (i: number) => string,
): Promise<number[]> {
  const page = await openPage();
  const statuses: number[] = [];
  for (let i = 0; i < TEST_LOGIN_LIMITS.loginPerAddressAndEmail.max + 1; i++) {
    const app = apps[i % apps.length] ?? t.app;
    const res = await app.inject({
      method: 'POST',
      url: '/konto/anmelden-registrieren',
      remoteAddress,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor(i) } : {}),
      },
      cookies: page.cookies,
      payload: new URLSearchParams({
        __RequestVerificationToken: page.csrf,
        Form: 'login',
        Email: erika.email,
        Password: `falsch-${i}`,
      }).toString(),
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('abuse limits', () => {
  it('limits failed logins per address across e-mails (spraying) with a German 429 page', async () => {
    const page = await openPage();
    const remoteAddress = freshAddress();
    const max = TEST_LOGIN_LIMITS.loginPerAddress.max;
    // Successful sign-ins and registrations from the address do not count: only failures.
    for (let i = 0; i < 3; i++) {
      const ok = await post(
        '/konto/anmelden-registrieren',
        page,
        { Form: 'login', Email: erika.email, Password: erika.password },
        { remoteAddress },
      );
      expect(ok.statusCode).toBe(302);
    }
    const failures = await Promise.all(
      Array.from({ length: max }, (_, i) =>
        post(
          '/konto/anmelden-registrieren',
          page,
          { Form: 'login', Email: `spray-${i}@example.org`, Password: 'Sommer2026!' },
          { remoteAddress },
        ),
      ),
    );
    expect(failures.map((r) => r.statusCode)).toEqual(failures.map(() => 401));
    // Used up: now even the right password waits.
    const limited = await post(
      '/konto/anmelden-registrieren',
      page,
      { Form: 'login', Email: erika.email, Password: erika.password },
      { remoteAddress },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/text\/html/);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.body).toContain('Zu viele Versuche');
    expect(limited.body).toContain('Minuten');
    expect(cookie(limited, 'ok_auth')).toBeUndefined();
    // Another address may still sign in.
    const other = await sendLogin(page, {
      Email: erika.email,
      Password: erika.password,
    });
    expect(other.statusCode).toBe(302);
  }, 60_000);

  it('limits reset e-mails per e-mail address (from any address) and per client address', async () => {
    const target = await createTestUser(t.database, { email: 'reset.limit@example.org' });
    const page = await openPage('/konto/passwort-vergessen');
    const perEmail: number[] = [];
    for (let i = 0; i < LIMITS.resetPerEmail.max + 1; i++) {
      const res = await post('/konto/passwort-vergessen', page, { Email: target.email });
      perEmail.push(res.statusCode);
    }
    expect(perEmail.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(perEmail.at(-1)).toBe(429);
    const mails = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, target.email));
    expect(mails).toHaveLength(LIMITS.resetPerEmail.max);

    const remoteAddress = freshAddress();
    const perAddress: number[] = [];
    for (let i = 0; i < LIMITS.resetPerAddress.max + 1; i++) {
      const res = await post(
        '/konto/passwort-vergessen',
        page,
        { Email: `unbekannt-${i}@example.org` },
        { remoteAddress },
      );
      perAddress.push(res.statusCode);
    }
    expect(perAddress.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(perAddress.at(-1)).toBe(429);
  });

  it('limits registrations per address, counted across processes', async () => {
    const page = await openPage();
    const remoteAddress = freshAddress();
    const register = (app: typeof t.app, i: number) =>
      app.inject({
        method: 'POST',
        url: '/konto/anmelden-registrieren',
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        cookies: page.cookies,
        payload: new URLSearchParams({
          __RequestVerificationToken: page.csrf,
          Form: 'register',
          FirstName: 'Rita',
          LastName: 'Reihe',
          Email: `reihe-${i}-${remoteAddress}@example.org`,
          Password: 'ein-langes-Kennwort',
          PasswordRepeat: 'ein-langes-Kennwort',
        }).toString(),
      });
    const second = await buildAppOn(t, { legacyLimits: TEST_LOGIN_LIMITS });
    try {
      const max = TEST_LOGIN_LIMITS.registerPerAddress.max;
      const statuses: number[] = [];
      for (let i = 0; i <= max; i++)
        statuses.push((await register(i % 2 ? second.app : t.app, i)).statusCode);
      expect(statuses).toEqual([...Array.from({ length: max }, () => 302), 429]);
      // Another address still registers.
      expect(
        (
          await sendRegistration(page, {
            FirstName: 'Rita',
            LastName: 'Anders',
            Email: `anders-${remoteAddress}@example.org`,
            Password: 'ein-langes-Kennwort',
            PasswordRepeat: 'ein-langes-Kennwort',
          })
        ).statusCode,
      ).toBe(302);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('counts in the database, so a second server process continues the count', async () => {
    const second = await buildAppOn(t, { legacyLimits: TEST_LOGIN_LIMITS });
    try {
      const statuses = await failedLogins([t.app, second.app], freshAddress());
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('the client address the limits count by', () => {
  /** A second server process on the same database, as production runs it. */
  function productionApp(trustProxy: number) {
    return buildAppOn(t, {
      config: { nodeEnv: 'production', trustProxy },
      legacyLimits: TEST_LOGIN_LIMITS,
    });
  }

  it('ignores X-Forwarded-For when no proxy is trusted: a new value per request gains nothing', async () => {
    const direct = await productionApp(0);
    try {
      const statuses = await failedLogins(
        [direct.app],
        freshAddress(),
        (i) => `203.0.113.${i + 1}`,
      );
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await direct.close();
    }
  });

  it('counts by the address a trusted proxy reports (TRUST_PROXY=1)', async () => {
    const behindProxy = await productionApp(1);
    try {
      // One proxy, many clients: each client has its own count...
      const proxy = freshAddress();
      const perClient = await failedLogins([behindProxy.app], proxy, (i) => `198.51.100.${i + 1}`);
      expect(perClient).not.toContain(429);
      // ...and a client that forges a hop in front of the proxy's is still counted as itself.
      const forged = await failedLogins(
        [behindProxy.app],
        proxy,
        (i) => `10.0.0.${i + 1}, 192.0.2.7`,
      );
      expect(forged.at(-1)).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('CSRF is bound to the browser', () => {
  it('refuses a real CSRF value that was issued to another browser', async () => {
    const mine = await openPage();
    const theirs = await openPage();
    const res = await t.app.inject({
      method: 'POST',
      url: '/konto/anmelden-registrieren',
      remoteAddress: freshAddress(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      // My browser id, their (valid, signed) CSRF value in cookie and form.
      cookies: { ...mine.cookies, ok_csrf: theirs.csrf },
      payload: new URLSearchParams({
        __RequestVerificationToken: theirs.csrf,
        Form: 'login',
        Email: erika.email,
        Password: erika.password,
      }).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(cookie(res, 'ok_auth')).toBeUndefined();
  });
});

describe('password forgotten', () => {
  it('answers the same for known and unknown addresses and mails a reset link only to the known one', async () => {
    const before = await t.database.db.select().from(outboxEmails);
    const page = await openPage('/konto/passwort-vergessen');
    const known = await post('/konto/passwort-vergessen', page, { Email: erika.email });
    const unknown = await post('/konto/passwort-vergessen', page, {
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
      new RegExp(`${TEST_PUBLIC_URL}/neues-kennwort-setzen/[A-Za-z0-9_-]{43}\\n`),
    );
  });

  it('takes the link from PUBLIC_URL, never from Host or X-Forwarded-Host', async () => {
    // Production behind one trusted proxy: X-Forwarded-* are believed for the client address,
    // but no header may choose the host of a link that hands out an account.
    const prod = await buildTestApp({ config: { nodeEnv: 'production', trustProxy: 1 } });
    try {
      const user = await createTestUser(prod.database, { email: 'host.forged@example.org' });
      const forged = [
        { host: 'evil.example' },
        { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
        { host: 'evil.example', 'x-forwarded-host': 'evil.example:8443' },
      ];
      for (const headers of forged) {
        const page = await prod.app.inject({ url: '/konto/passwort-vergessen', headers });
        const csrf = cookie(page, 'ok_csrf')?.value ?? '';
        const res = await prod.app.inject({
          method: 'POST',
          url: '/konto/passwort-vergessen',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          cookies: browserCookiesOf(page),
          payload: new URLSearchParams({
            __RequestVerificationToken: csrf,
            Email: user.email,
          }).toString(),
        });
        expect(res.statusCode).toBe(200);
      }
      const mails = await prod.database.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.toAddress, user.email));
      expect(mails).toHaveLength(forged.length);
      for (const mail of mails) {
        expect(mail.textBody).toContain(`${TEST_PUBLIC_URL}/neues-kennwort-setzen/`);
        expect(mail.textBody).not.toContain('evil.example');
      }
    } finally {
      await prod.close();
    }
  });
});

describe('cookie flags behind https in production', () => {
  it('marks cookies Secure when the site is served over https (PUBLIC_URL)', async () => {
    const prod = await buildTestApp({
      config: { nodeEnv: 'production', publicUrl: 'https://www.oelkompass.test', trustProxy: 0 },
    });
    try {
      const user = await createTestUser(prod.database, { email: 'secure@example.org' });
      // The TLS-terminating proxy talks plain http to the server; no X-Forwarded-Proto needed.
      const page = await prod.app.inject({ url: '/konto/anmelden-registrieren' });
      const csrf = cookie(page, 'ok_csrf');
      expect(csrf?.secure).toBe(true);
      // Over https the browser id is a __Host- cookie: no other host can set it.
      expect(cookie(page, '__Host-ok_sid')).toMatchObject({
        secure: true,
        httpOnly: true,
        path: '/',
      });
      const res = await prod.app.inject({
        method: 'POST',
        url: '/konto/anmelden-registrieren',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        cookies: {
          ok_csrf: csrf?.value ?? '',
          '__Host-ok_sid': cookie(page, '__Host-ok_sid')?.value ?? '',
        },
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
    }
  });
});
