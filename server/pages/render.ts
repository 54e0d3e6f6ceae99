/**
 * Server rendering of the public pages (docs/decisions/009). The render itself is the client's
 * SSR build (dist-ssr/entry-server.js, or src/app/entry-server.tsx in tests); here the server
 * decides the session and locale from the request, loads the data the route declares through
 * its own services (no HTTP to itself), renders, and writes the markup, the page's CSS and
 * module preloads, and the embedded data into the built shell.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIES } from '../../src/api/contract/account-constants';
import {
  CONSENT_COOKIE,
  isMarkupNeed,
  type DataKind,
  MARKUP_IN_HTML,
  PAGE_DATA_ELEMENT_ID,
  type EmbeddedPage,
  type SsrModule,
} from '../../src/api/contract/pages';
import { LOCALE_COOKIE, LOCALES, resolveLocale, type LocaleCode } from '../../src/lib/locale';
import { bodyClassFromRouteName, type AppRouteName } from '../../src/lib/paths';

export type { SsrModule };
import { cookieOptions, findLegacySession, issueTokens } from '../modules/account';
import { escapeHtml } from '../html/escape';
import { jsonForScript } from './head';
import { inlinableStylesheets, inlineStyleTag } from './inline-style';
import { loadNeed } from './route-data';

/** Loads the SSR build next to the client build; null when it has not been built. */
export async function loadSsrModule(ssrDir: string): Promise<SsrModule | null> {
  const entry = join(ssrDir, 'entry-server.js');
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as SsrModule;
  await module.preloadServerPages();
  return module;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface Stylesheet {
  /** The file in the build, "assets/<name>.css". */
  href: string;
  /** Its text, when it can be written into the page (server/pages/inline-style.ts). */
  text?: string;
}

export interface PageAssets {
  css: readonly Stylesheet[];
  js: readonly string[];
}

/**
 * The stylesheets and scripts a page's lazy chunk needs beyond what index.html loads already:
 * its stylesheets written into the head, so the rendered page is styled at first paint (no jump
 * when its CSS would arrive with the chunk, no request to wait for), and its code preloaded in
 * parallel with the entry.
 */
export function pageAssetsFrom(
  distDir: string,
  styleTexts: ReadonlyMap<string, string> = inlinableStylesheets(distDir),
): (module: string) => PageAssets {
  const file = join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest)
    : {};
  const inEntry = new Set<string>();
  const collect = (key: string, css: Set<string>, js: Set<string>, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) collect(i, css, js, seen);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    const css = new Set<string>();
    const js = new Set<string>();
    collect(key, css, js, new Set());
    for (const f of [...css, ...js]) inEntry.add(f);
  }
  // A lazy page's module is usually a manifest key of its own. When the bundler merged it into a
  // shared chunk (the offers page shares its chunk with the checkout), the chunk is keyed
  // "_<name>-<hash>.js" without the source path: found by the name rolldown gives it (the
  // folder of an index file, else the file's name).
  const keyOf = (module: string): string | undefined => {
    if (manifest[module]) return module;
    const name =
      /([^/]+)\/index\.[jt]sx?$/.exec(module)?.[1] ?? /([^/]+)\.[jt]sx?$/.exec(module)?.[1];
    const matches = Object.keys(manifest).filter(
      (key) => key.startsWith(`_${name}-`) && key.endsWith('.js'),
    );
    return matches.length === 1 ? matches[0] : undefined;
  };
  const cache = new Map<string, PageAssets>();
  return (module) => {
    let assets = cache.get(module);
    if (!assets) {
      const css = new Set<string>();
      const js = new Set<string>();
      const key = keyOf(module);
      if (key) collect(key, css, js, new Set());
      assets = {
        css: [...css]
          .filter((f) => !inEntry.has(f))
          .map((href) => ({ href, text: styleTexts.get(href) })),
        js: [...js].filter((f) => !inEntry.has(f)),
      };
      cache.set(module, assets);
    }
    return assets;
  };
}

/** The consent dialog's body in the client manifest (src/features/consent). */
const CONSENT_FORM_MODULE = 'src/features/consent/components/consent-form.tsx';

function mergeAssets(list: readonly (PageAssets | undefined)[]): PageAssets {
  const css = new Map<string, Stylesheet>();
  const js = new Set<string>();
  for (const assets of list) {
    for (const sheet of assets?.css ?? []) css.set(sheet.href, sheet);
    for (const f of assets?.js ?? []) js.add(f);
  }
  return { css: [...css.values()], js: [...js] };
}

export function assetTags({ css, js }: PageAssets): string {
  return [
    ...css.map(({ href, text }) =>
      text === undefined
        ? `<link rel="stylesheet" href="/${escapeHtml(href)}" />`
        : inlineStyleTag(escapeHtml(href), text),
    ),
    // Behind the page's content, like the entry (server/pages/inline-style.ts).
    ...js.map(
      (f) =>
        `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${escapeHtml(f)}" />`,
    ),
  ].join('\n    ');
}

/** Accept-Language as the browser's navigator.languages would list it: by weight. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag !== '' && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

export function requestLocale(request: FastifyRequest): LocaleCode {
  return resolveLocale(
    request.cookies[LOCALE_COOKIE],
    acceptedLanguages(request.headers['accept-language']),
  );
}

/**
 * SPEC §4 "On server render, cookie values decide": the access token the page renders with.
 * A valid token: logged in. None (or expired) but a live legacy session: renewed here, the new
 * cookies go out with the page, so the first paint shows the customer's header. A login
 * marker without a session behind it is stale and cleared. An expired token with no legacy
 * session is left to the browser, which alone sees the refresh cookie (Path=/api/account).
 */
export async function sessionTokenForRender(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | null> {
  const cookieToken = request.cookies[AUTH_COOKIES.token];
  if (request.auth && cookieToken) return cookieToken;
  const legacyValue = request.cookies[AUTH_COOKIES.legacy];
  const marker = request.cookies[AUTH_COOKIES.legacyMarker];
  if (!legacyValue && !marker) return null;
  const session = await findLegacySession(app.db, legacyValue);
  if (session) return issueTokens(app, request, reply, session);
  reply.clearCookie(AUTH_COOKIES.legacy, cookieOptions(request));
  reply.clearCookie(AUTH_COOKIES.legacyMarker, cookieOptions(request));
  return null;
}

export interface RenderedPage {
  /** Markup of #root. */
  html: string;
  /** The script element with the embedded data (after #root). */
  dataScript: string;
  assets: string;
  bodyClass: string;
  lang: string;
  /** The kinds of data the page shows (how long it may be kept: render-cache.ts). */
  dataKinds: DataKind[];
  /** Every need was loaded (a page with a need left out is not kept by the render cache). */
  complete: boolean;
}

/** A page's data, loaded (server/pages/route-data.ts). */
export interface LoadedPageData {
  /** By data key, for the render. */
  data: Record<string, unknown>;
  /** The same, but markup the HTML already holds is not repeated: what the page embeds. */
  embeddedData: Record<string, unknown>;
  /** Every need was loaded. */
  complete: boolean;
}

/**
 * Loads a route's needs at once, and writes them in the route's order, not in the order they
 * arrived: the embedded JSON, and with it the page's ETag, is then the same bytes for the same
 * data in every render and every process. (In the order of arrival, two renders of unchanged
 * data differed whenever two loaders finished the other way round: a CDN or browser
 * revalidating against another process got the whole page again, and the render cache's
 * "same page for every anonymous visitor" held only by chance.) A need that fails is left out
 * and reported; the component loads it in the browser.
 */
export async function loadPageData<Need extends { kind: DataKind }>(
  needs: readonly Need[],
  keyOf: (need: Need) => string,
  load: (need: Need) => Promise<unknown>,
  onError: (need: Need, error: unknown) => void,
): Promise<LoadedPageData> {
  const settled = await Promise.allSettled(needs.map(async (need) => load(need)));
  const loaded: LoadedPageData = { data: {}, embeddedData: {}, complete: true };
  settled.forEach((result, index) => {
    const need = needs[index]!;
    if (result.status === 'rejected') {
      loaded.complete = false;
      onError(need, result.reason);
      return;
    }
    const key = keyOf(need);
    const value = result.value;
    loaded.data[key] = value;
    loaded.embeddedData[key] = isMarkupNeed(need.kind) && value !== null ? MARKUP_IN_HTML : value;
  });
  return loaded;
}

/**
 * Loads the route's data and renders it. A need whose loading fails is left out (logged): the
 * component then loads it in the browser, as on a client navigation.
 */
export async function renderRoute(
  app: FastifyInstance,
  ssr: SsrModule,
  assetsOf: (module: string) => PageAssets,
  request: FastifyRequest,
  reply: FastifyReply,
  route: { name: AppRouteName; params?: Readonly<Record<string, string | undefined>> } | undefined,
  url: string,
): Promise<RenderedPage> {
  const locale = requestLocale(request);
  const token = await sessionTokenForRender(app, request, reply);
  let data: Record<string, unknown> = {};
  // What the page embeds: the same, but markup the HTML already holds is not repeated.
  let embeddedData: Record<string, unknown> = {};
  const dataKinds: DataKind[] = [];
  let complete = true;
  if (route) {
    const queryAt = url.indexOf('?');
    const needs = ssr.routeDataNeeds(route.name, {
      countryId: LOCALES[locale].countryId,
      search: new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1)),
      params: route.params ?? {},
    });
    for (const need of needs) dataKinds.push(need.kind);
    ({ data, embeddedData, complete } = await loadPageData(
      needs,
      (need) => ssr.dataKey(need),
      (need) => loadNeed(app, need, { ssr, auth: request.auth, params: route.params }),
      (need, error) => request.log.warn({ err: error, need: need.kind }, 'page data not loaded'),
    ));
  }
  const consentAsked = !request.cookies[CONSENT_COOKIE];
  const { html, fingerprint } = ssr.renderPage({
    url,
    route: route?.name ?? null,
    locale,
    token,
    consentAsked,
    data,
  });
  const embedded: EmbeddedPage = {
    route: route?.name ?? null,
    data: embeddedData,
    render: fingerprint,
  };
  return {
    html,
    dataScript: `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(embedded)}</script>`,
    assets: assetTags(
      mergeAssets([
        route ? assetsOf(ssr.pageModule(route.name)) : undefined,
        // The dialog is in the HTML: its stylesheet belongs to the first paint.
        consentAsked ? assetsOf(CONSENT_FORM_MODULE) : undefined,
      ]),
    ),
    bodyClass: bodyClassFromRouteName(route?.name ?? 'error'),
    lang: LOCALES[locale].iso,
    dataKinds,
    complete,
  };
}
