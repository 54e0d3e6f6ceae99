/**
 * Route checks of identity (docs/decisions/008, SPEC §6/§7):
 * - `requireGuard(guard)`: hook for APIs with the SPEC §6 guard table (src/lib/roles.ts):
 *   anonymous → 401 JSON, role check failed → 403 JSON. The guard is recorded in the route config
 *   (`config.guard`) and in `app.guardedRoutes`, so a test can call every guarded route.
 * - `requireCsrf`: hook for state-changing calls; the RequestVerificationToken header must
 *   equal the `ok_csrf` cookie and carry a valid HMAC for the browser id and the login session
 *   its cookies carry (csrf.ts), otherwise 403.
 * - Both may be listed in preHandler (or onRequest, preValidation); the auth plugin
 *   (server/plugins/auth.ts) moves them to onRequest with `hoistChecks`, so they run before body
 *   validation. `guardAllRoutes(app, guard)` guards a whole plugin.
 */
import type {
  FastifyInstance,
  FastifyReply,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { ApiError } from '../../../src/api/contract/common';
import { AUTH_COOKIES, CSRF_RENEWED_HEADER } from '../../../src/api/contract/account';
import { evaluateGuard, type GuardName } from '../../../src/lib/roles';
import {
  CSRF_HEADER,
  csrfBindingOf,
  csrfMatches,
  hasValidBrowserCookies,
  issueBrowserCookies,
  sessionIdOf,
} from './csrf';
import { bearerToken } from './identity';

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
export function hoistChecks(route: RouteOptions): { guard?: GuardName; csrf: boolean } {
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
