/**
 * The legacy login site (SPEC §2 "Login and registration live on a legacy site"; ARCHITECTURE
 * §6), served by this server as plain HTML forms: /konto/anmelden-registrieren (login and
 * registration), /konto/passwort-vergessen, /konto/abmelden. A successful login starts a legacy
 * session (ok_auth + ok_login) and redirects to the safe ReturnUrl; the app then exchanges the
 * session for tokens (POST /api/account/anmelden-cookie, docs/decisions/008).
 */
import { readFileSync } from 'node:fs';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsync } from 'fastify';
import {
  AUTH_COOKIES,
  LOGIN_PATH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RETURN_URL_PARAM,
} from '../../src/api/contract/account';
import { safeReturnUrl } from '../../src/lib/roles';
import { csrfMatches, CSRF_FIELD } from '../modules/account/csrf';
import { hashPassword, verifyPassword } from '../modules/account/password';
import { findUserByEmail, findUserById, insertUser } from '../modules/account/repo';
import {
  clearAllAuthCookies,
  clearTokenCookies,
  revokeRequestSessions,
  startLegacySession,
} from '../modules/account/service';
import { createResetToken, findLegacySession } from '../modules/account/sessions';
import { enqueueEmail } from '../modules/mail/outbox';
import { STYLESHEET_PATH } from './html';
import { texts } from './texts';
import {
  FORGOT_PATH,
  forgotPage,
  loginPage,
  LOGOUT_PATH,
  messagePage,
  type LoginPageState,
  type RegisterErrors,
  type RegisterValues,
} from './views';

/** Login attempts per IP and e-mail address per minute (brute force; product choice). */
export const LOGIN_ATTEMPTS_PER_MINUTE = 10;
/** Reset e-mails per IP and address per minute: each one lands in someone's inbox. */
const FORGOT_PER_MINUTE = 5;
const FORM_BODY_LIMIT = 16 * 1024;
const EMAIL_PATTERN = /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/;
// Any letters, marks, spaces, apostrophes, dots and hyphens: "Anna-Lena", "O'Neill", "Dr. h.c.".
const NAME_PATTERN = /^[\p{L}\p{M}' .-]+$/u;

/** A scrypt hash of a random password: wrong e-mails cost as much time as wrong passwords. */
let dummyHash: Promise<string> | undefined;

type Form = Record<string, string | undefined>;

function text(form: Form, key: string): string {
  return (form[key] ?? '').trim();
}

function stylesheet(): string {
  const tokens = readFileSync(new URL('../../src/ui/tokens.css', import.meta.url), 'utf8');
  const own = readFileSync(new URL('./legacy.css', import.meta.url), 'utf8');
  return `${tokens}\n${own}`;
}

function html(reply: FastifyReply, body: string, status = 200) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}

function returnUrlOf(request: FastifyRequest, form?: Form): string {
  const query = request.query as Record<string, string | undefined>;
  return safeReturnUrl(form?.[RETURN_URL_PARAM] ?? query[RETURN_URL_PARAM]);
}

function csrfOf(request: FastifyRequest): string {
  // The auth plugin put a fresh value here when the request had none (onRequest).
  return request.cookies[AUTH_COOKIES.csrf] ?? '';
}

function csrfOk(request: FastifyRequest, form: Form): boolean {
  return csrfMatches(
    request.server.authSecret,
    request.cookies[AUTH_COOKIES.csrf],
    form[CSRF_FIELD],
  );
}

function validateRegistration(form: Form): {
  values: RegisterValues;
  errors: RegisterErrors;
  password: string;
} {
  const values: RegisterValues = {
    title1: ['Frau', 'Herr'].includes(text(form, 'Title1')) ? text(form, 'Title1') : '',
    firstName: text(form, 'FirstName'),
    lastName: text(form, 'LastName'),
    email: text(form, 'Email').toLowerCase(),
  };
  const password = form.Password ?? '';
  const errors: RegisterErrors = {};
  for (const key of ['firstName', 'lastName'] as const) {
    if (!values[key]) errors[key] = texts.required;
    else if (values[key].length > 100 || !NAME_PATTERN.test(values[key]))
      errors[key] = texts.nameInvalid;
  }
  if (!values.email) errors.email = texts.required;
  else if (values.email.length > 254 || !EMAIL_PATTERN.test(values.email))
    errors.email = texts.emailInvalid;
  if (password.length < PASSWORD_MIN_LENGTH) errors.password = texts.passwordShort;
  else if (password.length > PASSWORD_MAX_LENGTH) errors.password = texts.passwordLong;
  else if (password !== (form.PasswordRepeat ?? '')) errors.passwordRepeat = texts.passwordMismatch;
  return { values, errors, password };
}

export const legacyPlugin: FastifyPluginAsync = async (app) => {
  const css = stylesheet();

  // HTML forms post urlencoded bodies; only these pages accept them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const form: Form = {};
      for (const [key, value] of new URLSearchParams(body as string)) form[key] ??= value;
      done(null, form);
    },
  );

  // These are pages: problems are answered as pages too, in German.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const back = withReturn(request.url.split('?')[0] ?? LOGIN_PATH, returnUrlOf(request));
    if (error.statusCode === 429) {
      return html(reply, messagePage(texts.titleLimited, texts.limited, back), 429);
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status === 500) request.log.error({ err: error }, 'legacy page failed');
    return html(reply, messagePage(texts.titleError, texts.genericError, back), status);
  });

  function withReturn(path: string, returnUrl: string) {
    return returnUrl === '/'
      ? path
      : `${path}?${RETURN_URL_PARAM}=${encodeURIComponent(returnUrl)}`;
  }

  const formLimit = (max: number) => ({
    rateLimit: {
      max,
      timeWindow: '1 minute',
      // After the body is parsed, so the key can carry the e-mail address.
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => {
        const form = (request.body ?? {}) as Form;
        return `${request.ip}|${text(form, 'Email').toLowerCase()}`;
      },
    },
  });

  app.get(STYLESHEET_PATH, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(css),
  );

  app.get(LOGIN_PATH, async (request, reply) => {
    const returnUrl = returnUrlOf(request);
    const session = await findLegacySession(app.db, request.cookies[AUTH_COOKIES.legacy]);
    const user = session && (await findUserById(app.db, session.userId));
    return html(reply, loginPage({ csrf: csrfOf(request), returnUrl, signedInAs: user?.email }));
  });

  app.post<{ Body: Form }>(
    LOGIN_PATH,
    { config: formLimit(LOGIN_ATTEMPTS_PER_MINUTE) },
    async (request, reply) => {
      const form = request.body ?? {};
      const returnUrl = returnUrlOf(request, form);
      const state: LoginPageState = { csrf: csrfOf(request), returnUrl };
      const isRegistration = form.Form === 'register';

      if (!csrfOk(request, form)) {
        // Keep what can be kept (never the password) and ask to send again with the new value.
        if (isRegistration) state.register = { ...validateRegistration(form), errors: {} };
        else state.login = { email: text(form, 'Email') };
        state.pageError = texts.csrfFailed;
        return html(reply, loginPage(state), 403);
      }

      if (isRegistration) {
        const { values, errors, password } = validateRegistration(form);
        if (Object.keys(errors).length > 0) {
          state.register = { values, errors, formError: texts.fixErrors };
          return html(reply, loginPage(state), 400);
        }
        const created = await insertUser(app.db, {
          email: values.email,
          passwordHash: await hashPassword(password),
          title1: values.title1,
          firstName: values.firstName,
          lastName: values.lastName,
          roles: ['Role_Customer'],
        });
        if (!created) {
          state.register = {
            values,
            errors: { email: texts.emailTaken },
            formError: texts.fixErrors,
          };
          return html(reply, loginPage(state), 409);
        }
        request.log.info({ userId: created.id }, 'registered');
        return signIn(request, reply, created.id, returnUrl);
      }

      const email = text(form, 'Email').toLowerCase();
      const password = form.Password ?? '';
      const user = email && password ? await findUserByEmail(app.db, email) : undefined;
      dummyHash ??= hashPassword(crypto.randomUUID());
      const valid = user?.active
        ? await verifyPassword(password, user.passwordHash)
        : (await verifyPassword(password, await dummyHash), false);
      if (!user || !valid) {
        state.login = { email: text(form, 'Email'), error: texts.wrongLogin };
        return html(reply, loginPage(state), 401);
      }
      return signIn(request, reply, user.id, returnUrl);
    },
  );

  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    returnUrl: string,
  ) {
    // A previous session in this browser (another user, or impersonation) ends here, and token
    // cookies of it must not make the app believe it is still signed in (decision 008).
    await revokeRequestSessions(app, request);
    clearTokenCookies(request, reply);
    await startLegacySession(app, request, reply, { userId, impersonatorId: null });
    return reply.header('cache-control', 'no-store').redirect(returnUrl, 302);
  }

  app.post<{ Body: Form }>(LOGOUT_PATH, async (request, reply) => {
    const form = request.body ?? {};
    const returnUrl = returnUrlOf(request, form);
    if (!csrfOk(request, form)) {
      return html(
        reply,
        loginPage({ csrf: csrfOf(request), returnUrl, pageError: texts.csrfFailed }),
        403,
      );
    }
    await revokeRequestSessions(app, request);
    clearAllAuthCookies(request, reply);
    return reply.redirect(returnUrl, 302);
  });

  app.get(FORGOT_PATH, async (request, reply) =>
    html(reply, forgotPage({ csrf: csrfOf(request), returnUrl: returnUrlOf(request), email: '' })),
  );

  app.post<{ Body: Form }>(
    FORGOT_PATH,
    { config: formLimit(FORGOT_PER_MINUTE) },
    async (request, reply) => {
      const form = request.body ?? {};
      const returnUrl = returnUrlOf(request, form);
      const email = text(form, 'Email').toLowerCase();
      const state = { csrf: csrfOf(request), returnUrl, email: text(form, 'Email') };
      if (!csrfOk(request, form)) {
        return html(reply, forgotPage({ ...state, pageError: texts.csrfFailed }), 403);
      }
      if (!email || email.length > 254 || !EMAIL_PATTERN.test(email)) {
        return html(
          reply,
          forgotPage({ ...state, error: email ? texts.emailInvalid : texts.required }),
          400,
        );
      }
      const user = await findUserByEmail(app.db, email);
      if (user?.active) {
        const token = await createResetToken(app.db, user.id);
        const link = `${app.authConfig.publicUrl ?? `${request.protocol}://${request.host}`}/neues-kennwort-setzen/${token}`;
        await enqueueEmail(app.db, {
          kind: 'password-reset',
          to: user.email,
          subject: texts.resetMailSubject,
          text: texts.resetMailText(
            [user.title1, user.lastName || user.firstName].filter(Boolean).join(' ') || user.email,
            link,
          ),
        });
      }
      // The same answer whether or not the account exists: no account enumeration.
      return html(reply, forgotPage({ ...state, sent: true }));
    },
  );
};
