/**
 * Identity on the server (docs/decisions/008, SPEC §6/§7):
 * - `request.auth` from `Authorization: Bearer <jwt>` or else the `ok_token` cookie; a missing,
 *   bad or expired token is anonymous (null), and guarded APIs answer 401 for it.
 * - `requireGuard(guard)`: hook for APIs with the SPEC §6 guard table (src/lib/roles.ts):
 *   anonymous → 401 JSON, role check failed → 403 JSON. The guard is recorded in the route config
 *   (`config.guard`) and in `app.guardedRoutes`, so a test can call every guarded route.
 * - `requireCsrf`: hook for state-changing calls; the RequestVerificationToken header must
 *   equal the `ok_csrf` cookie and carry a valid HMAC for the browser id and the login session
 *   its cookies carry (account/csrf.ts), otherwise 403.
 * - Both may be listed in preHandler (or onRequest, preValidation); they are moved to onRequest so
 *   they run before body validation. `guardAllRoutes(app, guard)` guards a whole plugin.
 * - Every page or /session response to a request without a valid `ok_csrf` cookie sets one,
 *   except the app's pages for anonymous visitors (shared by all of them, docs/decisions/021).
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { ApiError } from '../../src/api/contract/common';
import {
  AUTH_COOKIES,
  CSRF_RENEWED_HEADER,
  LEGACY_SITE_PREFIX,
} from '../../src/api/contract/account';
import { evaluateGuard, type GuardName } from '../../src/lib/roles';
import {
  CSRF_HEADER,
  csrfBindingOf,
  csrfMatches,
  hasValidBrowserCookies,
  issueBrowserCookies,
  rebindCsrf,
  sessionIdOf,
} from '../modules/account/csrf';
import { verifyAccessToken } from '../modules/account/jwt';
import { isSessionLive } from '../modules/account/sessions';
import { isApiPath } from './errors';

export interface AuthUser {
  id: number;
  email: string;
  roles: string[];
  isImpersonated: boolean;
  impersonatorId: number | null;
  hasMexEnabled: boolean;
  isAdManager: boolean;
  allowSupportInfo: boolean;
  firstName: string;
  lastName: string;
  title1: string;
  title2: string;
  /** The session (refresh family) of the token; null for tokens made before sessions had one. */
  sessionId: string | null;
}

export interface GuardedRoute {
  method: string;
  url: string;
  guard: GuardName;
  csrf: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
  interface FastifyInstance {
    /** Every route registered with requireGuard (filled by the onRoute hook). */
    guardedRoutes: GuardedRoute[];
    /** The secret behind tokens and CSRF values (HMAC-derived keys only). */
    authSecret: string;
    authConfig: AuthOptions;
  }
  interface FastifyContextConfig {
    /** SPEC §6 guard of the route, set from requireGuard. */
    guard?: GuardName;
    /** The route requires the CSRF header (requireCsrf). */
    csrf?: boolean;
    /**
     * The route shows personal data to the token's user without a guard (e.g. one order by
     * number): a token of a session that has ended counts as no token here.
     */
    personal?: boolean;
  }
}

const GUARD = Symbol('guard');
const CSRF = Symbol('csrf');

type MarkedHandler = preHandlerAsyncHookHandler & { [GUARD]?: GuardName; [CSRF]?: true };

function deny(reply: FastifyReply, status: 401 | 403, message: string) {
  return reply.code(status).send({ message } satisfies ApiError);
}

/** SPEC §6 guard for an API route: anonymous → 401, failed role check → 403. */
export function requireGuard(guard: GuardName): preHandlerAsyncHookHandler {
  const handler: MarkedHandler = async function (request, reply) {
    const outcome = evaluateGuard(guard, request.auth);
    if (outcome === 'login') return deny(reply, 401, 'Bitte melden Sie sich an.');
    if (outcome === 'root') return deny(reply, 403, 'Dafür fehlt die Berechtigung.');
  };
  handler[GUARD] = guard;
  return handler;
}

/**
 * For a route open to guests and customers alike whose outcome depends on who asks (placing an
 * order): a bearer token that no longer verifies (expired, revoked, another secret) is refused
 * with 401, so the client renews it and asks again. Taken for a guest, a customer's order was
 * stored as a guest order and missing from their account.
 */
export const refuseLapsedIdentity: preHandlerAsyncHookHandler = async function (request, reply) {
  if (request.auth || !bearerToken(request) || !request.headers.authorization) return;
  return deny(
    reply,
    401,
    'Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an – Ihre Eingaben bleiben erhalten.',
  );
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const csrfHandler: MarkedHandler = async function (request, reply) {
  if (SAFE_METHODS.has(request.method)) return;
  const header = request.headers[CSRF_HEADER];
  const submitted = Array.isArray(header) ? header[0] : header;
  const cookie = request.cookies[AUTH_COOKIES.csrf];
  const binding = await csrfBindingOf(request);
  if (!csrfMatches(request.server.authSecret, cookie, submitted, sessionIdOf(request), binding)) {
    // The browser's own pair no longer fits (an old value, another id or session): give it a new
    // one. A cross-site page can neither read it nor set the header, so this helps only our app.
    if (!hasValidBrowserCookies(request, binding)) {
      issueBrowserCookies(request, reply, { binding });
      reply.header(CSRF_RENEWED_HEADER, '1');
    }
    return deny(
      reply,
      403,
      'Die Sicherheitsprüfung ist fehlgeschlagen. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.',
    );
  }
};
csrfHandler[CSRF] = true;

/** docs/decisions/008 CSRF: state-changing calls must echo the ok_csrf cookie in the header. */
export const requireCsrf: preHandlerAsyncHookHandler = csrfHandler;

type HookOption = RouteOptions['onRequest'];

function asList(hook: unknown): MarkedHandler[] {
  if (!hook) return [];
  return (Array.isArray(hook) ? hook : [hook]) as MarkedHandler[];
}

/**
 * Wherever a route lists requireGuard / requireCsrf (onRequest, preValidation, preHandler), they
 * run in onRequest, guard first: before the body is parsed and validated, so an anonymous or
 * forged request gets 401/403 and never a 400 that describes the schema.
 */
function hoistChecks(route: RouteOptions): { guard?: GuardName; csrf: boolean } {
  const marked: MarkedHandler[] = [];
  const keys = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;
  for (const key of keys) {
    const list = asList(route[key]);
    if (!list.some((h) => h[GUARD] || h[CSRF])) continue;
    marked.push(...list.filter((h) => h[GUARD] || h[CSRF]));
    const rest = list.filter((h) => !h[GUARD] && !h[CSRF]);
    (route as unknown as Record<string, unknown>)[key] = rest.length > 0 ? rest : undefined;
  }
  const guardHandler = marked.find((h) => h[GUARD]);
  const csrf = marked.some((h) => h[CSRF]);
  if (!guardHandler && !csrf) return { csrf: false };
  const first: MarkedHandler[] = [];
  if (guardHandler) first.push(guardHandler);
  if (csrf) first.push(csrfHandler);
  route.onRequest = [...first, ...asList(route.onRequest)] as HookOption;
  return { guard: guardHandler?.[GUARD], csrf };
}

/**
 * For a plugin whose every route has the same guard (CONVENTIONS: staff routes get one guard at
 * plugin scope): `guardAllRoutes(app, 'support')` inside the plugin, before its routes.
 */
export function guardAllRoutes(app: FastifyInstance, guard: GuardName): void {
  app.addHook('onRoute', (route) => {
    if (asList(route.onRequest).some((h) => h[GUARD])) return;
    route.onRequest = [requireGuard(guard), ...asList(route.onRequest)] as HookOption;
    route.config = { ...route.config, guard };
  });
}

/**
 * The legacy forms, the app's pages for a browser with a session, and /session get a CSRF cookie;
 * the app fetches /session/renew before its first state-changing call when it has none. API
 * answers do not set one: signing a value and a Set-Cookie on every anonymous API call cost about
 * a third of the server's throughput (bench/), and static files never need one. Nor do the app's
 * pages for anonymous visitors: each is the same for all of them and kept by shared caches
 * (docs/decisions/021), and a Set-Cookie would make it one visitor's.
 */
function wantsCsrfCookie(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  if (path.startsWith('/session')) return true;
  if (isApiPath(path) || path.startsWith('/assets/')) return false;
  // Files (sw.js, robots.txt, icons) have an extension; page paths do not.
  if (/\.[a-z0-9]{1,12}$/i.test(path)) return false;
  return path.startsWith(LEGACY_SITE_PREFIX) || !isAnonymousRequest(request);
}

/**
 * A request without any login cookie or token: what it is answered with is what every anonymous
 * visitor gets. An expired token or a stale login marker still counts as a session (the page is
 * rendered for it and may clear or renew cookies).
 */
export function isAnonymousRequest(request: FastifyRequest): boolean {
  // Undefined for a URL the router refused before any hook ran (errors.ts answerFrameworkError).
  const cookies = request.cookies ?? {};
  return (
    !request.headers.authorization &&
    !cookies[AUTH_COOKIES.token] &&
    !cookies[AUTH_COOKIES.legacy] &&
    !cookies[AUTH_COOKIES.legacyMarker]
  );
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header && /^bearer\s+/i.test(header)) return header.replace(/^bearer\s+/i, '').trim();
  return request.cookies[AUTH_COOKIES.token];
}

/** The user behind a token (bearer header or ok_token cookie), or null. */
export async function authFromToken(
  secret: string,
  token: string | undefined,
): Promise<AuthUser | null> {
  if (!token) return null;
  const verified = await verifyAccessToken(secret, token);
  if (!verified) return null;
  const u = verified.user;
  return {
    id: u.id,
    email: u.email,
    roles: [...u.roles],
    isImpersonated: u.isImpersonated,
    impersonatorId: u.impersonatorId,
    hasMexEnabled: u.hasMexEnabled,
    isAdManager: u.isAdManager,
    allowSupportInfo: u.allowSupportInfo,
    firstName: u.firstName,
    lastName: u.lastName,
    title1: u.title1,
    title2: u.title2,
    sessionId: u.sessionId ?? null,
  };
}

/**
 * Where a token of an ended session (logout, ended impersonation, password reset) must not count
 *: state-changing calls (CSRF), guarded and personal routes, and pages. Elsewhere (a
 * calculation) the token only decorates the answer, and the check would cost a query per call.
 */
function needsLiveSession(request: FastifyRequest): boolean {
  const config = request.routeOptions.config;
  return Boolean(config.guard || config.csrf || config.personal) || wantsCsrfCookie(request);
}

export interface AuthOptions {
  secret: string;
  /** SPEC §6 company prefix of staff roles (config ROLE_PREFIX). */
  rolePrefix: string;
  accessTokenTtlSeconds: number;
}

export const authPlugin = fp<AuthOptions>(
  async (app, options) => {
    const { secret } = options;
    app.decorate('authSecret', secret);
    app.decorate('authConfig', { ...options });
    app.decorateRequest('auth', null);

    // Read lazily: a plugin-scope guardAllRoutes runs its onRoute hook after this root one.
    app.decorate('guardedRoutes', {
      getter(): GuardedRoute[] {
        const out: GuardedRoute[] = [];
        for (const route of app.routeTable) {
          const guard = route.config?.guard;
          if (!guard) continue;
          const methods = Array.isArray(route.method) ? route.method : [route.method];
          for (const method of methods) {
            // Fastify adds HEAD for every GET itself; the GET entry covers it.
            if (method === 'HEAD') continue;
            out.push({ method, url: route.url, guard, csrf: route.config?.csrf === true });
          }
        }
        return out;
      },
    });
    app.addHook('onRoute', (route) => {
      const { guard, csrf } = hoistChecks(route);
      if (guard || csrf) {
        route.config = { ...route.config, ...(guard ? { guard } : {}), ...(csrf ? { csrf } : {}) };
      }
    });

    app.addHook('onRequest', async (request, reply) => {
      request.auth = await authFromToken(secret, bearerToken(request));
      const sessionId = request.auth?.sessionId;
      if (sessionId && needsLiveSession(request) && !(await isSessionLive(app.db, sessionId))) {
        request.auth = null;
      }
      // The cheap path test first: an API call never pays for the HMAC check here.
      if (wantsCsrfCookie(request)) rebindCsrf(request, reply, await csrfBindingOf(request));
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie', 'route-table', 'database'] },
);
