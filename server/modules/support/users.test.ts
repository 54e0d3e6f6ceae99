/**
 * A user's detail and edit from the support area. Support edits customers' names and
 * e-mail, locks and unlocks, sends the set-new-password mail; roles and staff accounts need an
 * admin; every change is audited (without secrets); impersonation is audited too.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuditHistorySchema } from '../../../src/api/contract/audit';
import { SupportUserDetailSchema } from '../../../src/api/contract/support';
import { auditLog, outboxEmails, users } from '../../db/schema';
import {
  authHeaders,
  browserCookiesWith,
  browserCookiesOf,
  createTestUser,
  staffRole,
  type TestUser,
} from '../../../tests/support/auth';
import { TEST_PUBLIC_URL, useTestApp } from '../../../tests/support/test-app';
import { createLegacySession } from '../account';

const t = useTestApp();
let admin: TestUser;
let supporter: TestUser;
let dealerSupporter: TestUser;
let editor: TestUser;

beforeAll(async () => {
  admin = await createTestUser(t.database, { roles: [staffRole('Admin')] });
  supporter = await createTestUser(t.database, { roles: [staffRole('CustomerSupport')] });
  dealerSupporter = await createTestUser(t.database, { roles: [staffRole('DealerSupport')] });
  editor = await createTestUser(t.database, { roles: [staffRole('Editor')] });
});

const customer = (opts: Parameters<typeof createTestUser>[1] = {}) =>
  createTestUser(t.database, { roles: ['Role_Customer'], ...opts });

function call(
  as: TestUser | null,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: as ? authHeaders(as) : {},
    ...(payload ? { payload } : {}),
  });
}

const detail = (res: LightMyRequestResponse) => SupportUserDetailSchema.parse(res.json());

async function history(id: number) {
  const res = await call(supporter, 'GET', `/api/support/users/${id}/history`);
  expect(res.statusCode).toBe(200);
  return AuditHistorySchema.parse(res.json());
}

async function stored(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

const edit = (u: TestUser, changes: Record<string, string> = {}) => ({
  Title1: u.title1,
  FirstName: u.firstName,
  LastName: u.lastName,
  Email: u.email,
  ...changes,
});

describe('GET /api/support/users/{id}', () => {
  it('shows the account to support, with what the caller may do', async () => {
    const erika = await customer({ hasMexEnabled: true, title1: 'Frau' });
    const res = await call(supporter, 'GET', `/api/support/users/${erika.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = detail(res);
    expect(body).toMatchObject({
      Id: erika.id,
      Email: erika.email,
      Title1: 'Frau',
      FirstName: 'Erika',
      LastName: 'Musterfrau',
      Roles: ['Role_Customer'],
      Active: true,
      HasMexEnabled: true,
      CanImpersonate: true,
      CanEdit: true,
    });
    expect(Date.parse(body.CreatedAt)).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain('scrypt');
  });

  it('a staff account: no impersonation, editable by an admin only', async () => {
    const asSupport = detail(await call(supporter, 'GET', `/api/support/users/${admin.id}`));
    expect(asSupport).toMatchObject({ CanImpersonate: false, CanEdit: false });
    const asAdmin = detail(await call(admin, 'GET', `/api/support/users/${supporter.id}`));
    expect(asAdmin).toMatchObject({ CanImpersonate: false, CanEdit: true });
  });

  it('401 anonymous, 403 for other staff, 404 for an unknown id', async () => {
    expect((await call(null, 'GET', `/api/support/users/${admin.id}`)).statusCode).toBe(401);
    expect((await call(editor, 'GET', `/api/support/users/${admin.id}`)).statusCode).toBe(403);
    const unknown = await call(supporter, 'GET', '/api/support/users/999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Diesen Benutzer gibt es nicht.' });
  });
});

describe('PUT /api/support/users/{id}', () => {
  it('support changes a customer’s name and e-mail; audited before and after', async () => {
    const u = await customer();
    const res = await call(
      supporter,
      'PUT',
      `/api/support/users/${u.id}`,
      edit(u, { Title1: 'Herr', LastName: 'Neumann', Email: ` Neu.${u.email.toUpperCase()} ` }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(detail(res)).toMatchObject({
      Title1: 'Herr',
      LastName: 'Neumann',
      Email: `neu.${u.email}`,
    });
    expect(await stored(u.id)).toMatchObject({ lastName: 'Neumann', email: `neu.${u.email}` });
    const [entry] = await history(u.id);
    expect(entry).toMatchObject({
      ActorEmail: supporter.email,
      Action: 'update',
      Before: { Title1: 'Frau', LastName: 'Musterfrau', Email: u.email },
      After: { Title1: 'Herr', LastName: 'Neumann', Email: `neu.${u.email}` },
    });
    expect(JSON.stringify(entry)).not.toMatch(/scrypt|passwordHash/i);
  });

  it('writes no audit entry when nothing changed', async () => {
    const u = await customer();
    const res = await call(supporter, 'PUT', `/api/support/users/${u.id}`, edit(u));
    expect(res.statusCode).toBe(200);
    expect(await history(u.id)).toEqual([]);
  });

  it('409 with a German message for an e-mail of another account; nothing stored', async () => {
    const u = await customer();
    const other = await customer();
    const res = await call(
      supporter,
      'PUT',
      `/api/support/users/${u.id}`,
      edit(u, { LastName: 'Anders', Email: other.email }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Diese E-Mail-Adresse gehört bereits zu einem anderen Konto.',
    });
    expect(await stored(u.id)).toMatchObject({ lastName: 'Musterfrau', email: u.email });
    expect(await history(u.id)).toEqual([]);
  });

  it.each([
    [{ Email: 'keine-adresse' }, 'Die E-Mail-Adresse ist ungültig.'],
    [{ Email: '' }, 'Bitte geben Sie eine E-Mail-Adresse an.'],
    [{ LastName: '<script>' }, 'Der Nachname darf nur Buchstaben'],
    [{ FirstName: 'x'.repeat(101) }, 'Der Vorname ist zu lang'],
    [{ Title1: 'Dr.' }, 'Die Anrede muss leer'],
  ])('400 in German for %o', async (change, message) => {
    const u = await customer();
    const res = await call(supporter, 'PUT', `/api/support/users/${u.id}`, edit(u, change));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(await stored(u.id)).toMatchObject({ email: u.email, lastName: 'Musterfrau' });
  });

  it('a staff account: 403 for support, fine for an admin', async () => {
    const colleague = await createTestUser(t.database, { roles: [staffRole('Editor')] });
    const body = edit(colleague, { LastName: 'Redakteurin' });
    const refused = await call(supporter, 'PUT', `/api/support/users/${colleague.id}`, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Mitarbeiterkonten kann nur ein Administrator ändern.',
    });
    const done = await call(admin, 'PUT', `/api/support/users/${colleague.id}`, body);
    expect(done.statusCode).toBe(200);
    expect(detail(done).LastName).toBe('Redakteurin');
  });

  it('needs the CSRF header', async () => {
    const u = await customer();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/support/users/${u.id}`,
      headers: { authorization: authHeaders(supporter).authorization! },
      payload: edit(u, { LastName: 'Ohne' }),
    });
    expect(res.statusCode).toBe(403);
    expect((await stored(u.id)).lastName).toBe('Musterfrau');
  });
});

describe('PUT /api/support/users/{id}/roles (admin)', () => {
  it('403 for support, even for a customer account', async () => {
    const u = await customer();
    for (const who of [supporter, dealerSupporter]) {
      const res = await call(who, 'PUT', `/api/support/users/${u.id}/roles`, {
        Roles: ['Role_Customer', 'Editor'],
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await stored(u.id)).roles).toEqual(['Role_Customer']);
  });

  it('an admin sets roles: staff roles stored with the configured prefix, audited', async () => {
    const u = await customer();
    const res = await call(admin, 'PUT', `/api/support/users/${u.id}/roles`, {
      Roles: ['Role_Customer', 'Editor', 'AdManager'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(detail(res).Roles).toEqual([
      'Role_Customer',
      'Oelkompass.Editor',
      'Oelkompass.AdManager',
    ]);
    const [entry] = await history(u.id);
    expect(entry).toMatchObject({
      Action: 'roles',
      Before: { Roles: ['Role_Customer'] },
      After: { Roles: ['Role_Customer', 'Oelkompass.Editor', 'Oelkompass.AdManager'] },
    });
  });

  it('keeps stored roles this app does not know', async () => {
    const u = await customer({ roles: ['Role_Customer', 'Legacy_Special'] });
    const res = await call(admin, 'PUT', `/api/support/users/${u.id}/roles`, {
      Roles: ['Role_Press'],
    });
    expect(detail(res).Roles).toEqual(['Role_Press', 'Legacy_Special']);
  });

  it('taking a role away ends the user’s sessions', async () => {
    const u = await createTestUser(t.database, { roles: [staffRole('Editor')] });
    const session = await createLegacySession(t.database.db, u.id);
    await call(admin, 'PUT', `/api/support/users/${u.id}/roles`, { Roles: ['Role_Customer'] });
    expect(await cookieLogin(session)).toBe(false);
  });

  it('409 when an admin would remove their own Admin role', async () => {
    const me = await createTestUser(t.database, { roles: [staffRole('Admin')] });
    const res = await call(me, 'PUT', `/api/support/users/${me.id}/roles`, {
      Roles: ['Editor'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Sie können sich die Administrator-Rolle nicht selbst entziehen.',
    });
    expect((await stored(me.id)).roles).toEqual([staffRole('Admin')]);
  });

  it('400 for an unknown role or an empty list', async () => {
    const u = await customer();
    for (const Roles of [['Superuser'], [], 'Admin']) {
      const res = await call(admin, 'PUT', `/api/support/users/${u.id}/roles`, { Roles });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
  });
});

/** The app's cookie login with a legacy session value: true when it signs in. */
async function cookieLogin(auth: string): Promise<boolean> {
  const browser = await browserCookiesWith({ ok_auth: auth });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account/anmelden-cookie',
    headers: { RequestVerificationToken: browser.ok_csrf },
    cookies: { ...browser, ok_auth: auth },
    payload: { Type: 'legacy', AuthCookieValue: '' },
  });
  return res.json<{ success: boolean }>().success;
}

async function passwordLogin(u: TestUser): Promise<number> {
  const page = await t.app.inject({ url: '/konto/anmelden-registrieren' });
  const cookies = browserCookiesOf(page);
  const res = await t.app.inject({
    method: 'POST',
    url: '/konto/anmelden-registrieren',
    remoteAddress: `10.13.0.${u.id % 250}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies,
    payload: new URLSearchParams({
      __RequestVerificationToken: cookies.ok_csrf ?? '',
      Form: 'login',
      Email: u.email,
      Password: u.password,
    }).toString(),
  });
  return res.statusCode;
}

describe('POST /api/support/users/{id}/lock and /unlock', () => {
  it('support locks a customer: sessions end, no login, no refresh; unlock lets them in', async () => {
    const u = await customer();
    const session = await createLegacySession(t.database.db, u.id);
    // A refresh token from a sign-in before the lock.
    const auth = await createLegacySession(t.database.db, u.id);
    const browser = await browserCookiesWith({ ok_auth: auth });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/account/anmelden-cookie',
      headers: { RequestVerificationToken: browser.ok_csrf },
      cookies: { ...browser, ok_auth: auth },
      payload: { Type: 'legacy', AuthCookieValue: '' },
    });
    const refresh = signIn.cookies.find((c) => c.name === 'ok_refresh')?.value ?? '';
    const token = signIn.cookies.find((c) => c.name === 'ok_token')?.value ?? '';
    expect(refresh).not.toBe('');

    const res = await call(supporter, 'POST', `/api/support/users/${u.id}/lock`);
    expect(res.statusCode, res.body).toBe(200);
    expect(detail(res)).toMatchObject({ Active: false, CanImpersonate: false });
    expect(await cookieLogin(session)).toBe(false);
    // The right password on a locked account: refused, and told it is locked.
    expect(await passwordLogin(u)).toBe(403);
    // The browser as the sign-in left it: its session's token and the CSRF value made for it.
    const csrf = signIn.cookies.find((c) => c.name === 'ok_csrf')?.value ?? browser.ok_csrf;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/account/v2/get/token',
      headers: { RequestVerificationToken: csrf },
      cookies: { ...browser, ok_csrf: csrf, ok_token: token, ok_refresh: refresh },
      payload: { CurrentToken: token },
    });
    expect(refreshed.statusCode).toBe(401);
    // The access token of the ended session no longer counts on guarded routes.
    const withToken = await t.app.inject({
      url: '/api/jwt/kunde/hat-bestellungen',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.statusCode).toBe(401);
    expect((await history(u.id))[0]).toMatchObject({
      Action: 'lock',
      Before: { Active: true },
      After: { Active: false },
    });

    const unlocked = await call(supporter, 'POST', `/api/support/users/${u.id}/unlock`);
    expect(detail(unlocked).Active).toBe(true);
    expect(await passwordLogin(u)).toBe(302);
    expect((await history(u.id))[0]).toMatchObject({ Action: 'unlock' });
  });

  it('nobody locks themselves (409); support locks no staff account (403), an admin does', async () => {
    const self = await call(supporter, 'POST', `/api/support/users/${supporter.id}/lock`);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ message: 'Sie können Ihr eigenes Konto nicht sperren.' });
    const adminSelf = await call(admin, 'POST', `/api/support/users/${admin.id}/lock`);
    expect(adminSelf.statusCode).toBe(409);
    const onAdmin = await call(supporter, 'POST', `/api/support/users/${admin.id}/lock`);
    expect(onAdmin.statusCode).toBe(403);
    expect((await stored(admin.id)).active).toBe(true);
    const colleague = await createTestUser(t.database, { roles: [staffRole('Marketing')] });
    expect(
      (await call(dealerSupporter, 'POST', `/api/support/users/${colleague.id}/lock`)).statusCode,
    ).toBe(403);
    const byAdmin = await call(admin, 'POST', `/api/support/users/${colleague.id}/lock`);
    expect(detail(byAdmin).Active).toBe(false);
  });

  it('404 for an unknown id', async () => {
    const res = await call(supporter, 'POST', '/api/support/users/999999999/lock');
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/support/users/{id}/reset-password', () => {
  it('puts the set-new-password mail into the outbox and audits it without the token', async () => {
    const u = await customer({ title1: 'Frau', lastName: 'Kennwort' });
    const res = await call(supporter, 'POST', `/api/support/users/${u.id}/reset-password`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Success: true });
    const [mail] = await t.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, u.email), eq(outboxEmails.kind, 'password-reset')))
      .orderBy(desc(outboxEmails.id));
    expect(mail?.textBody).toContain('Guten Tag Frau Kennwort');
    const link = /https?:\/\/\S+\/neues-kennwort-setzen\/(\S+)/.exec(mail?.textBody ?? '');
    expect(link?.[0].startsWith(TEST_PUBLIC_URL)).toBe(true);
    // The link opens the set-new-password page (a valid token).
    const page = await t.app.inject({ url: `/neues-kennwort-setzen/${link?.[1]}` });
    expect(page.statusCode).toBe(200);
    const [entry] = await history(u.id);
    expect(entry).toMatchObject({ Action: 'reset-password', After: { Email: u.email } });
    expect(JSON.stringify(entry)).not.toContain(link?.[1]);
  });

  it('409 for a locked account, nothing queued', async () => {
    const u = await customer();
    await call(supporter, 'POST', `/api/support/users/${u.id}/lock`);
    const res = await call(supporter, 'POST', `/api/support/users/${u.id}/reset-password`);
    expect(res.statusCode).toBe(409);
    const mails = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, u.email));
    expect(mails).toEqual([]);
  });
});

describe('impersonation is audited', () => {
  it('writes an impersonate entry on the customer', async () => {
    const u = await customer();
    const res = await call(supporter, 'POST', `/api/support/users/${u.id}/impersonate`);
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'user'), eq(auditLog.objectId, String(u.id))));
    expect(rows).toMatchObject([{ action: 'impersonate', actorEmail: supporter.email }]);
  });
});
