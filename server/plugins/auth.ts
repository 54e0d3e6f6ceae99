/**
 * The auth plugin (docs/decisions/008, SPEC §6/§7): it sets `request.auth` on every request from
 * the token (the account module's identity.ts), lets a token of an ended session count as none
 * where that matters, moves the account module's route checks (requireGuard, requireCsrf) to
 * onRequest and lists every guarded route in `app.guardedRoutes`.
 * Every page or /session response to a request without a valid `ok_csrf` cookie sets one,
 * except the app's pages for anonymous visitors (shared by all of them, docs/decisions/021).
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { LEGACY_SITE_PREFIX } from '../../src/api/contract/account';
import {
  authFromToken,
  bearerToken,
  csrfBindingOf,
  hoistChecks,
  isAnonymousRequest,
  isSessionLive,
  rebindCsrf,
  type AuthOptions,
  type GuardedRoute,
} from '../modules/account';
import { isApiPath } from './errors';

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
 * Where a token of an ended session (logout, ended impersonation, password reset) must not count
 *: state-changing calls (CSRF), guarded and personal routes, and pages. Elsewhere (a
 * calculation) the token only decorates the answer, and the check would cost a query per call.
 */
function needsLiveSession(request: FastifyRequest): boolean {
  const config = request.routeOptions.config;
  return Boolean(config.guard || config.csrf || config.personal) || wantsCsrfCookie(request);
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
