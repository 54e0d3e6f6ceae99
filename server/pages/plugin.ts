/**
 * Serves the built client (dist/). Hashed assets are immutable for a year; the shell, the
 * service worker and the manifest are revalidated on every load so an update is seen at once.
 * Page paths answer with the app shell: 200 for a known route, 404 for anything else, so the
 * app shows its 404 page and crawlers see the status (SPEC §2 catch-all).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSENT_COOKIE } from '../../src/api/contract/pages';
import {
  errorPageTitle,
  NOT_FOUND_DESCRIPTION,
  PAGE_META,
  pageTitle,
  STAFF_PAGE_META,
  titleWithProduct,
} from '../../src/lib/page-meta';
import { canonicalPagePath } from '../../src/lib/paths';
import { isAnonymousRequest, pageGuardRedirect } from '../modules/account';
import { organizationJsonLd, pageTemplate, renderHead, type PageHead } from './head';
import { scriptsAtLowPriority } from './inline-style';
import { EARLY_TAPS_SCRIPT } from '../../src/lib/inline-scripts';
import {
  loadSsrModule,
  pageAssetsFrom,
  renderRoute,
  requestLocale,
  type RenderedPage,
  type SsrModule,
} from './render';
import {
  etagOf,
  ifNoneMatchHolds,
  pageContent,
  pageAddressKey,
  pageLifetimeSeconds,
  publicCacheControl,
  RENDER_CACHE_NAME,
  RenderCache,
  type CachedPage,
} from './render-cache';
import type { NotFoundFallback } from '../plugins/errors';
import { isStaffRoute, pageRouteOf, type AppRoute } from '../plugins/page-routes';
import { negotiateEncoding } from '../plugins/precompressed';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Pages behind a login: neither a shared cache nor the browser's keeps them. */
const PERSONAL = 'private, no-store';
const EARLY_TAPS_TAG = `<script>${EARLY_TAPS_SCRIPT}</script>`;
/**
 * A rendered page differs by the cookies (a login shows the customer's header, the consent
 * cookie the dialog, the locale cookie the country) and by Accept-Language (the country when no
 * locale cookie is set): shared caches keep one copy per combination (docs/decisions/021).
 */
const SHARED_VARY = 'Cookie, Accept-Language';
/** An unknown address, for anonymous visitors: kept a minute by shared caches. */
const NOT_FOUND_MAX_AGE_S = 60;

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered public pages of this process. */
    renderCache: RenderCache;
  }
}

/** Shown when the client has not been built (e.g. server tests without `vite build`). */
const FALLBACK_SHELL = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Ölkompass</title></head>
<body><p>Die Oberfläche ist noch nicht gebaut. Bitte <code>npm run build</code> ausführen.</p></body></html>`;

export interface ClientPluginOptions {
  distDir: string;
  /**
   * Serve the build's source maps (development). Production keeps them to itself:
   * they hand out the whole client source.
   */
  serveSourceMaps: boolean;
  /**
   * The shell to fill, when the app prepared it (server/pages/inline-style.ts: the stylesheet
   * written in, allowed by the CSP); by default dist/index.html as built.
   */
  shell?: string;
  /**
   * The server render (docs/decisions/009): by default the SSR build next to the client build
   * (`<distDir>-ssr`); tests hand in src/app/entry-server.tsx. null: the shell only.
   */
  ssr?: SsrModule | null;
  /** Bytes of rendered public pages kept (RENDER_CACHE_BYTES); 0 or unset: none. */
  renderCacheBytes?: number;
}

/** Where `vite build --ssr` puts the server render of a client build in `distDir`. */
export function ssrDirOf(distDir: string): string {
  return `${distDir.replace(/[\\/]+$/, '')}-ssr`;
}

export const clientPlugin = fp<ClientPluginOptions>(
  async (app, { distDir, serveSourceMaps, shell, ssr: givenSsr, renderCacheBytes }) => {
    const indexFile = join(distDir, 'index.html');
    const built = existsSync(indexFile);
    const shellHtml = built ? (shell ?? readFileSync(indexFile, 'utf8')) : FALLBACK_SHELL;
    const template = pageTemplate(shellHtml);
    // A server-rendered page is complete without its scripts: they load behind its content.
    const renderedTemplate = pageTemplate(scriptsAtLowPriority(shellHtml));
    if (!built) app.log.warn({ distDir }, 'client build missing: serving a placeholder shell');
    const ssr = givenSsr === undefined ? await loadSsrModule(ssrDirOf(distDir)) : givenSsr;
    if (built && !ssr) app.log.warn({ distDir }, 'server render missing: pages get the shell');
    const assetsOf = pageAssetsFrom(distDir);

    if (built) {
      await app.register(fastifyStatic, {
        root: distDir,
        index: false,
        // A route per file of the build, found at start (a build is never changed while its
        // server runs; a new release starts new processes): page paths then go straight to the
        // page fallback, without a file lookup each (a stat per page, 5 % of a cached page's
        // cost).
        wildcard: false,
        // A refused path falls through to the not-found handler: the app's 404.
        allowedPath: (pathName) => serveSourceMaps || !pathName.endsWith('.map'),
        // Missing files fall through to the not-found handler (shell or JSON 404).
        // @fastify/static 10 hands over the FastifyReply here, not the raw ServerResponse.
        setHeaders(reply, filePath) {
          const rel = filePath.slice(distDir.length).replaceAll('\\', '/');
          if (rel.startsWith('/assets/')) reply.header('cache-control', IMMUTABLE);
          else if (rel === '/index.html' || rel === '/sw.js' || rel.endsWith('.webmanifest'))
            reply.header('cache-control', REVALIDATE);
          else reply.header('cache-control', 'public, max-age=86400');
        },
      });
    }

    // Decision 021: rendered public pages, shared by every anonymous visitor.
    const renderCache = new RenderCache(renderCacheBytes ?? 0);
    app.caches.register({
      name: RENDER_CACHE_NAME,
      label: 'Seiten (HTML; Preise 120 s, sonst 1 h)',
      entries: () => renderCache.stats().entries,
      oldestAt: () => renderCache.stats().oldestAt,
      bytes: () => renderCache.stats().bytes,
      lookups: () => {
        const { hits, misses } = renderCache.stats();
        return { hits, misses };
      },
      clear: () => renderCache.clear(),
    });
    app.decorate('renderCache', renderCache);

    const sendShell: NotFoundFallback = async (request, reply) => {
      const queryAt = request.url.indexOf('?');
      const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
      const anonymous = isAnonymousRequest(request);
      // The same page for every anonymous visitor of this locale and consent state: first from
      // the render cache. It holds only what was answered 200 to this address before: a
      // canonical path of a public route without a guard, rendered whole. Its data
      // version is the cache's: a change anywhere clears it (server/pages/render-cache.ts).
      // (No cookies parsed: a URL the router refused before any hook ran; never a shared page.)
      const sharedKey =
        anonymous && request.cookies
          ? `${requestLocale(request)}|${request.cookies[CONSENT_COOKIE] ? 'c' : 'q'}|${pageAddressKey(request.url)}`
          : undefined;
      const cached = sharedKey === undefined ? undefined : renderCache.get(sharedKey);
      if (cached) return sendShared(request, reply, cached);
      // One form of every page path before routes and guards see it (src/lib/paths.ts).
      const canonical = canonicalPagePath(pathname);
      if (canonical === null) {
        if (!app.pageLimits.chargeUnknownPath(request, reply)) return reply;
        return sendPage(request, reply, 404, headOf(undefined, pathname), undefined, {
          anonymous,
          behindLogin: false,
        });
      }
      if (canonical !== pathname) {
        const query = queryAt === -1 ? '' : request.url.slice(queryAt);
        return reply.header('cache-control', 'no-store').redirect(canonical + query, 301);
      }
      const matched = pageRouteOf(pathname);
      const route = matched?.route;
      // SPEC §6 page guards, on the server too (docs/decisions/008).
      if (route && 'guard' in route) {
        const target = await pageGuardRedirect(app, request, route.guard);
        if (target) return reply.header('cache-control', 'no-store').redirect(target, 302);
      }
      // The app's own routes (not the staff area's): resolvers, server rendering.
      const appRoute = route && !isStaffRoute(route) ? route : undefined;
      const renders = Boolean(
        ssr &&
        built &&
        (route
          ? appRoute && ssr.isServerRendered(appRoute.name)
          : // The staff area's addresses are the staff chunk's to answer, 404 included.
            !pathname.startsWith('/support/')),
      );
      // Kept for the next anonymous visitor: a rendered public page without a guard.
      const keepAs = renders && appRoute && !('guard' in appRoute) ? sharedKey : undefined;
      // A page that exists by the database's say (server/plugins/page-resolvers.ts).
      const resolver = appRoute && app.pageResolvers.of(appRoute.name);
      const resolution = resolver && matched ? await resolver(matched.params) : undefined;
      if (resolution?.kind === 'redirect') {
        const query = queryAt === -1 ? '' : request.url.slice(queryAt);
        return reply.header('cache-control', 'no-store').redirect(resolution.location + query, 301);
      }
      // An unknown place: the 404 status and head, rendered by the route's own page (it shows the
      // error page for missing data), so the browser hydrates the same tree it would render.
      const notFound = resolution?.kind === 'not-found';
      // An unknown page and each render are counted per address (app.pageLimits).
      if ((!route || notFound) && !app.pageLimits.chargeUnknownPath(request, reply)) return reply;
      // Public pages and the 404 page are rendered; the rest is the shell the app fills.
      // Only a render the cache could not answer is counted (a 404 page counts as unknown path).
      const unknown = !route || notFound;
      if (renders && !unknown && !app.pageLimits.chargeRender(request, reply)) return reply;
      const rendered =
        ssr && renders
          ? await renderRoute(
              app,
              ssr,
              assetsOf,
              request,
              reply,
              appRoute && matched && { name: appRoute.name, params: matched.params },
              // Without campaign parameters: the page kept for them all is rendered from none.
              pageAddressKey(request.url),
            )
          : undefined;
      const head = headOf(notFound ? undefined : route, pathname);
      if (resolution?.kind === 'page') {
        head.title = titleWithProduct(resolution.title);
        head.description = resolution.description;
        head.jsonLd = resolution.jsonLd;
      }
      // A page missing data it failed to load is answered as it is, kept by no cache.
      if (keepAs !== undefined && rendered?.complete && !notFound) {
        const body = documentOf(head, rendered);
        const page: CachedPage = {
          status: 200,
          content: pageContent(body, negotiateEncoding(request.headers['accept-encoding'])),
          etag: etagOf(body),
          maxAgeSeconds: pageLifetimeSeconds(rendered.dataKinds),
          storedAt: Date.now(),
        };
        renderCache.set(keepAs, page);
        return sendShared(request, reply, page);
      }
      return sendPage(request, reply, route && !notFound ? 200 : 404, head, rendered, {
        anonymous,
        behindLogin: route !== undefined && 'guard' in route,
      });
    };
    const imageUrl = app.absoluteUrl('/icons/icon-512.png');
    /** Title, description, canonical URL and structured data of the page. */
    const headOf = (route: AppRoute | undefined, pathname: string): PageHead => {
      if (!route) {
        return {
          title: errorPageTitle(404),
          description: NOT_FOUND_DESCRIPTION,
          indexable: false,
          imageUrl,
        };
      }
      if (isStaffRoute(route)) {
        // A staff screen: not for search engines; the screen names itself in the browser.
        return {
          title: titleWithProduct(STAFF_PAGE_META.title),
          description: STAFF_PAGE_META.description,
          indexable: false,
          imageUrl,
        };
      }
      const appName = route.name;
      return {
        title: pageTitle(appName),
        description: PAGE_META[appName].description,
        indexable: PAGE_META[appName].indexable,
        canonicalUrl: app.absoluteUrl(pathname),
        imageUrl,
        jsonLd:
          appName === 'index' ? organizationJsonLd((path) => app.absoluteUrl(path)) : undefined,
      };
    };
    const documentOf = (head: PageHead, rendered?: RenderedPage): string =>
      (rendered ? renderedTemplate : template)({
        // A rendered page collects taps until the app has taken it over (src/ui/early-taps.ts).
        head: rendered
          ? [renderHead(head), EARLY_TAPS_TAG, rendered.assets].filter(Boolean).join('\n    ')
          : renderHead(head),
        root: rendered?.html,
        afterRoot: rendered?.dataScript,
        bodyClass: rendered?.bodyClass,
        lang: rendered?.lang,
      });
    /** A page every anonymous visitor gets alike: public, with its validator; 304 when unchanged. */
    const sendShared = (request: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
      reply
        .header('cache-control', publicCacheControl(page.maxAgeSeconds))
        .header('vary', `${SHARED_VARY}, Accept-Encoding`)
        .header('etag', page.etag);
      if (ifNoneMatchHolds(request.headers['if-none-match'], page.etag)) {
        return reply.code(304).send();
      }
      // Compressed when it was stored; @fastify/compress leaves an encoded answer alone.
      const { encoding, body } = page.content.body(
        negotiateEncoding(request.headers['accept-encoding']),
      );
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.code(page.status).type('text/html; charset=utf-8').send(body);
    };
    const sendPage = (
      _request: FastifyRequest,
      reply: FastifyReply,
      status: 200 | 404,
      head: PageHead,
      rendered: RenderedPage | undefined,
      { anonymous, behindLogin }: { anonymous: boolean; behindLogin: boolean },
    ) =>
      reply
        .code(status)
        .header(
          'cache-control',
          // A page behind a login (its guard let this visitor in) is kept by no cache at all,
          // the browser's included: what it shows is the visitor's. A page rendered
          // for a session may show who is logged in: never kept by a shared cache. An
          // anonymous 404 is the same for everyone, for a minute.
          behindLogin
            ? PERSONAL
            : rendered && !anonymous
              ? `private, ${REVALIDATE}`
              : rendered && status === 404
                ? publicCacheControl(NOT_FOUND_MAX_AGE_S)
                : REVALIDATE,
        )
        .header('vary', SHARED_VARY)
        .type('text/html; charset=utf-8')
        .send(documentOf(head, rendered));
    app.pageFallback = sendShell;
    // The home page has its own route (the not-found handler would answer it too, but a route
    // is found without the handler's detour).
    if (built) app.get('/', sendShell);
  },
  { name: 'client', dependencies: ['errors', 'public-url', 'caches', 'page-limits'] },
);
