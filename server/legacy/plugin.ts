/**
 * The legacy login site (SPEC §2 "Login and registration live on a legacy site"; ARCHITECTURE
 * §6), served by this server as plain HTML forms: /konto/anmelden-registrieren (login and
 * registration), /konto/passwort-vergessen, /konto/abmelden. A successful login starts a legacy
 * session (ok_auth + ok_login) and redirects to the safe ReturnUrl; the app then exchanges the
 * session for tokens (POST /api/account/anmelden-cookie, docs/decisions/008).
 */
import { readFileSync } from 'node:fs';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  AUTH_COOKIES,
  LOGIN_PATH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RETURN_URL_PARAM,
} from '../../src/api/contract/account';
import { LEGACY_OFFLINE_PATH } from '../../src/lib/paths';
import { safeReturnUrl } from '../../src/lib/roles';
import {
  checkLogin,
  CSRF_FIELD,
  formCsrfValid,
  legacySessionEmail,
  registerCustomer,
  signInBrowser,
  signOutBrowser,
  startPasswordReset,
} from '../modules/account';
import { isDatabaseUnavailable } from '../db/unavailable';
import { enqueueEmail } from '../modules/mail';
import { RateLimitedError } from '../plugins/db-rate-limit';
import { answerUnavailable, unavailableReason } from '../plugins/unavailable';
import {
  ForgotFormSchema,
  LegacyQuerySchema,
  LoginFormSchema,
  LogoutFormSchema,
  type LegacyForm,
} from './forms';
import { LEGACY_PREFIX, messagePage, STYLESHEET_PATH } from './html';
import { texts } from './texts';
import {
  FORGOT_PATH,
  forgotPage,
  loginPage,
  LOGOUT_PATH,
  notFoundPage,
  offlinePage,
  type LoginPageState,
  type RegisterErrors,
  type RegisterValues,
} from './views';

/**
 * Abuse limits (product choices, counted in the database so they hold across processes):
 * - login: 10 failed logins per address and e-mail in 15 minutes (guessing one account's
 *   password), and 30 failed logins per address in 15 minutes whatever the e-mail (spraying one
 *   password over many accounts). Only failures count, so customers signing in behind one shared
 *   address (an office, a carrier's NAT) never lock each other out; at the limit even the right
 *   password waits, so guessing gains nothing;
 * - password reset: 3 e-mails an hour per e-mail address (each lands in someone's inbox) and 10
 *   an hour per client address, every request counted;
 * - registration: 10 an hour per client address, every attempt counted (each costs a scrypt hash
 *   and may create an account; a family or an office registers a few, a script hundreds).
 */
export const LIMITS = {
  loginPerAddressAndEmail: { max: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { max: 30, windowSeconds: 15 * 60 },
  resetPerEmail: { max: 3, windowSeconds: 60 * 60 },
  resetPerAddress: { max: 10, windowSeconds: 60 * 60 },
  // Scripted sign-ups, not a household or an office behind one address: 30 an hour,
  // every attempt counted, in the database (all processes).
  registerPerAddress: { max: 30, windowSeconds: 60 * 60 },
} as const;
export type LegacyLimits = { [K in keyof typeof LIMITS]: { max: number; windowSeconds: number } };

export interface LegacyPluginOptions {
  /** Other limits than LIMITS (tests count to 3 instead of 30 scrypt-priced failures). */
  limits?: Partial<LegacyLimits>;
}
const FORM_BODY_LIMIT = 16 * 1024;
const EMAIL_PATTERN = /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/;
// Any letters, marks, spaces, apostrophes, dots and hyphens: "Anna-Lena", "O'Neill", "Dr. h.c.".
const NAME_PATTERN = /^[\p{L}\p{M}' .-]+$/u;

type Form = LegacyForm;

function text(form: Form, key: string): string {
  return (form[key] ?? '').trim();
}

/** The e-mail address a limit counts by: as typed, trimmed and lower-cased. */
function emailOf(request: FastifyRequest): string {
  const form: Form = request.body ?? {};
  return text(form, 'Email').toLowerCase();
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

/** The safe ReturnUrl of the form, else of the query (never throws: the error page uses it). */
function returnUrlOf(request: FastifyRequest, form?: Form): string {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return safeReturnUrl(form?.[RETURN_URL_PARAM] ?? query[RETURN_URL_PARAM]);
}

function csrfOf(request: FastifyRequest): string {
  // The auth plugin put a fresh value here when the request had none (onRequest).
  return request.cookies[AUTH_COOKIES.csrf] ?? '';
}

function csrfOk(request: FastifyRequest, form: Form): Promise<boolean> {
  return formCsrfValid(request, form[CSRF_FIELD]);
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

export const legacyPlugin: FastifyPluginAsync<LegacyPluginOptions> = async (app, opts) => {
  const limits: LegacyLimits = { ...LIMITS, ...opts.limits };
  const css = stylesheet();

  // HTML forms post urlencoded bodies; these pages accept nothing else (a JSON body is a 415
  // page, not a half-read form).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      // A repeated field counts once (the first), as a browser never sends one twice.
      const form: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(body as string)) form[key] ??= value;
      done(null, form);
    },
  );

  // These are pages: every problem is answered as a page too, in German, and this handler never
  // throws (a failing error page would fall back to Fastify's JSON).
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The database could not be reached (after the pool's hold): the site's 503 page, not a 500.
    if (isDatabaseUnavailable(error)) {
      request.log.warn(unavailableReason(error), 'database unavailable');
      return answerUnavailable(request, reply, true);
    }
    const status = statusOf(error);
    if (status >= 500) request.log.error({ err: error }, 'legacy page failed');
    else request.log.info({ err: error }, 'legacy page refused the request');
    let body: string;
    try {
      const back = withReturn(pathOf(request.url), returnUrlOf(request));
      body =
        status === 429
          ? messagePage(texts.titleLimited, texts.limited(minutesOf(error)), back)
          : status < 500
            ? messagePage(texts.titleBadRequest, texts.badRequest, back)
            : messagePage(texts.titleError, texts.genericError, back);
    } catch (renderError) {
      request.log.error({ err: renderError }, 'legacy error page failed');
      body = FALLBACK_ERROR_PAGE;
    }
    return html(reply, body, status);
  });

  function withReturn(path: string, returnUrl: string) {
    return returnUrl === '/'
      ? path
      : `${path}?${RETURN_URL_PARAM}=${encodeURIComponent(returnUrl)}`;
  }

  const limit = (name: keyof typeof LIMITS, key: (request: FastifyRequest) => string | null) =>
    app.dbRateLimit({ name, ...limits[name], key });
  const perAddress = (request: FastifyRequest) => request.ip;
  const perAddressAndEmail = (request: FastifyRequest) => `${request.ip}|${emailOf(request)}`;
  const perEmail = (request: FastifyRequest) => emailOf(request) || null;
  const loginLimits = {
    perAddressAndEmail: limit('loginPerAddressAndEmail', perAddressAndEmail),
    perAddress: limit('loginPerAddress', perAddress),
  };
  const registerLimit = limit('registerPerAddress', perAddress);

  // SPEC §2/§8: any other page under the legacy layer is its 404 (the app's routes never start
  // with /konto/, so nothing of the app is hidden by this).
  app.get(`${LEGACY_PREFIX}*`, async (_request, reply) => html(reply, notFoundPage(), 404));

  // Fetched once by the service worker when it installs (precache), never shown online.
  app.get(LEGACY_OFFLINE_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(offlinePage()),
  );

  app.get(STYLESHEET_PATH, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(css),
  );

  app.get(LOGIN_PATH, { schema: { querystring: LegacyQuerySchema } }, async (request, reply) => {
    const returnUrl = returnUrlOf(request);
    const signedInAs = await legacySessionEmail(app.db, request);
    return html(reply, loginPage({ csrf: csrfOf(request), returnUrl, signedInAs }));
  });

  app.post<{ Body: Form }>(
    LOGIN_PATH,
    {
      schema: { querystring: LegacyQuerySchema, body: LoginFormSchema },
      preHandler: [loginLimits.perAddressAndEmail.check, loginLimits.perAddress.check],
    },
    async (request, reply) => {
      const form = request.body ?? {};
      const returnUrl = returnUrlOf(request, form);
      const state: LoginPageState = { csrf: csrfOf(request), returnUrl };
      const isRegistration = form.Form === 'register';
      // Throws the 429 (this plugin's error handler answers with its page).
      if (isRegistration) await registerLimit.consume.call(app, request, reply);

      if (!(await csrfOk(request, form))) {
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
        const created = await registerCustomer(
          app.db,
          {
            email: values.email,
            title1: values.title1,
            firstName: values.firstName,
            lastName: values.lastName,
          },
          password,
        );
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
      const user = await checkLogin(app.db, email, password);
      if (!user || 'locked' in user) {
        await loginLimits.perAddressAndEmail.hit(request);
        await loginLimits.perAddress.hit(request);
        state.login = {
          email: text(form, 'Email'),
          error: user ? texts.accountLocked : texts.wrongLogin,
        };
        return html(reply, loginPage(state), user ? 403 : 401);
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
    await signInBrowser(app, request, reply, userId);
    return reply.header('cache-control', 'no-store').redirect(returnUrl, 302);
  }

  app.post<{ Body: Form }>(
    LOGOUT_PATH,
    { schema: { querystring: LegacyQuerySchema, body: LogoutFormSchema } },
    async (request, reply) => {
      const form = request.body ?? {};
      const returnUrl = returnUrlOf(request, form);
      if (!(await csrfOk(request, form))) {
        return html(
          reply,
          loginPage({ csrf: csrfOf(request), returnUrl, pageError: texts.csrfFailed }),
          403,
        );
      }
      await signOutBrowser(app, request, reply);
      return reply.redirect(returnUrl, 302);
    },
  );

  app.get(FORGOT_PATH, { schema: { querystring: LegacyQuerySchema } }, async (request, reply) =>
    html(reply, forgotPage({ csrf: csrfOf(request), returnUrl: returnUrlOf(request), email: '' })),
  );

  app.post<{ Body: Form }>(
    FORGOT_PATH,
    {
      schema: { querystring: LegacyQuerySchema, body: ForgotFormSchema },
      preHandler: [
        limit('resetPerEmail', perEmail).consume,
        limit('resetPerAddress', perAddress).consume,
      ],
    },
    async (request, reply) => {
      const form = request.body ?? {};
      const returnUrl = returnUrlOf(request, form);
      const email = text(form, 'Email').toLowerCase();
      const state = { csrf: csrfOf(request), returnUrl, email: text(form, 'Email') };
      if (!(await csrfOk(request, form))) {
        return html(reply, forgotPage({ ...state, pageError: texts.csrfFailed }), 403);
      }
      if (!email || email.length > 254 || !EMAIL_PATTERN.test(email)) {
        return html(
          reply,
          forgotPage({ ...state, error: email ? texts.emailInvalid : texts.required }),
          400,
        );
      }
      const reset = await startPasswordReset(app.db, email);
      if (reset) {
        const link = app.absoluteUrl(`/neues-kennwort-setzen/${reset.token}`);
        await enqueueEmail(app.db, {
          kind: 'password-reset',
          to: reset.to,
          subject: texts.resetMailSubject,
          text: texts.resetMailText(reset.salutation, link),
        });
      }
      // The same answer whether or not the account exists: no account enumeration.
      return html(reply, forgotPage({ ...state, sent: true }));
    },
  );
};

/** The status of an error on these pages: 4xx as given, a limit 429, anything else 500. */
function statusOf(error: FastifyError): number {
  if (hasZodFastifySchemaValidationErrors(error)) return 400;
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 600 ? status : 500;
}

function minutesOf(error: FastifyError): number {
  const seconds = error instanceof RateLimitedError ? error.retryAfterSeconds : 60;
  return Math.max(1, Math.ceil(seconds / 60));
}

function pathOf(url: string): string {
  const path = url.split('?')[0] ?? LOGIN_PATH;
  return path.startsWith('/konto/') ? path : LOGIN_PATH;
}

/** Shown only when the error page itself can not be rendered. */
const FALLBACK_ERROR_PAGE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Fehler</title></head><body><h1>Etwas ist schiefgelaufen</h1><p>Bitte versuchen Sie es in einem Moment noch einmal.</p><p><a href="${LOGIN_PATH}">Zur Anmeldung</a></p></body></html>`;
