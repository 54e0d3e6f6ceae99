/**
 * buildApp(deps): the Fastify instance with its plugins and modules. main.ts runs it as a
 * process; tests build it too and use app.inject.
 */
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { supportDeliveryRoutes } from './modules/delivery';
import { dealersPlugin, dealersRoutes, findDealerContact } from './modules/dealers';
import { dealerAreaRoutes } from './modules/dealer-area';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config';
import type { Database } from './db/client';
import { httpServerFactory, type HttpTimeouts } from './http-server';
import { legacyPlugin, type LegacyPluginOptions } from './legacy/plugin';
import { accountRoutes } from './modules/account';
import { calculationPlugin, calculationRoutes, localBestPriceRoutes } from './modules/calculation';
import { customerRoutes } from './modules/customer';
import { healthRoutes } from './modules/health';
import { leadBannerRoutes, leadsPlugin, leadsRoutes } from './modules/leads';
import { locationRoutes, zipIndexPlugin } from './modules/location';
import { cacheRoutes, cachesPlugin } from './modules/caches';
import { jobRoutes, jobsPlugin } from './jobs';
import { orderRoutes, supportOrderRoutes } from './modules/orders';
import { mailSenderPlugin } from './modules/mail';
import { ratingRoutes, reviewsRoutes } from './modules/ratings';
import { siteRoutes } from './modules/site';
import { supportUserRoutes } from './modules/support';
import { supportTelemetryRoutes, telemetryPlugin, telemetryRoutes } from './modules/telemetry';
import {
  groupOrderRoutes,
  groupOrdersPlugin,
  supportGroupOrderRoutes,
} from './modules/group-orders';
import { authPlugin } from './plugins/auth';
import { clientPlugin, type ClientPluginOptions } from './pages/plugin';
import { pageResolversPlugin } from './plugins/page-resolvers';
import { seoPlugin } from './pages/seo';
import { databasePlugin } from './plugins/database';
import { dbRateLimitPlugin } from './plugins/db-rate-limit';
import { useWellFormedJson } from './plugins/json-body';
import { pageLimitsPlugin, type PageLimitsOptions } from './plugins/page-limits';
import { answerFrameworkError, answerClientError, errorsPlugin } from './plugins/errors';
import { publicUrlPlugin } from './plugins/public-url';
import { routeTablePlugin } from './plugins/route-table';
import { OneLineRequestLog } from './plugins/request-log';
import { securityPlugin } from './plugins/security';
import { responseSerializerCompiler } from './plugins/serializer';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD_BYTES } from './plugins/precompressed';
import { readShell } from './pages/inline-style';
import { LEAD_PARTNER } from '../src/api/contract/leads';
import { pricesPlugin, pricesRoutes } from './modules/prices';
import {
  mexIngestRoutes,
  mexRoutes,
  mexSupportRoutes,
  priceAlarmPlugin,
  priceAlarmRoutes,
} from './modules/mex';
import { openApiRoutes } from './modules/openapi';
import { cmsPagesPlugin, contentPlugin, crossLinkingRoutes, newsRoutes } from './modules/content';
import { cmsPlugin } from './modules/cms';
import { iamPlugin } from './modules/iam';

export interface AppDeps {
  config: Pick<Config, 'nodeEnv' | 'distDir' | 'secret' | 'publicUrl'> &
    Partial<
      Pick<
        Config,
        | 'rolePrefix'
        | 'accessTokenTtlSeconds'
        | 'smtpUrl'
        | 'mailFrom'
        | 'dataDir'
        | 'trustProxy'
        | 'renderCacheBytes'
      >
    >;
  database: Database;
  /** Close the database when the app closes (main.ts: yes; tests sharing one database: no). */
  closeDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Abuse limits of the legacy forms other than the production ones (tests). */
  legacyLimits?: LegacyPluginOptions['limits'];
  /** Budgets of renders and unknown paths per address, or their clock, for tests. */
  pageLimits?: PageLimitsOptions;
  /** The server render; by default the SSR build next to the client build (tests: the source). */
  ssr?: ClientPluginOptions['ssr'];
  /** Time limits of the HTTP server other than server/http-server.ts's (tests: milliseconds). */
  httpTimeouts?: Partial<HttpTimeouts>;
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes "the first n hops from the socket are
 * proxies" (Fastify 5 treats a bare number as "trust nothing"); addresses are compiled by
 * proxy-addr. The number form assumes the server is reachable only through those proxies.
 */
function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') {
    return trust > 0 ? (_address: string, hop: number) => hop < trust : false;
  }
  return [...trust];
}

export async function buildApp({
  config,
  database,
  closeDatabase = true,
  logger = false,
  legacyLimits,
  pageLimits,
  ssr,
  httpTimeouts,
}: AppDeps) {
  const app = Fastify({
    logger,
    // The HTTP server and how long a request may take (server/http-server.ts).
    serverFactory: httpServerFactory(httpTimeouts),
    bodyLimit: 256 * 1024,
    // X-Forwarded-For/-Proto only from the configured number of proxy hops (TRUST_PROXY); with
    // none, a forged header can not choose the client address the rate limits count by.
    trustProxy: trustProxyOption(config.trustProxy ?? 0),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    // What Node's parser refuses before routing: German, in the API's error shape.
    clientErrorHandler: answerClientError,
    // One line per request instead of two with headers (server/logging.ts).
    logController: new OneLineRequestLog(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // JSON bodies without half characters, which PostgreSQL's jsonb refuses (server/plugins/json-body.ts).
  useWellFormedJson(app);

  // Plugins
  await app.register(routeTablePlugin);
  await app.register(publicUrlPlugin, { publicUrl: config.publicUrl });
  // robots.txt and sitemap.xml; features add their pages with app.sitemap.register,
  // and pages that exist by the database's say with app.pageResolvers.register.
  await app.register(seoPlugin);
  await app.register(pageResolversPlugin);
  await app.register(databasePlugin, { database, closeWithApp: closeDatabase });
  // The job queue on the database; its lanes tick in server processes only (main.ts passes
  // DATA_DIR), tests run them themselves (docs/decisions/024).
  await app.register(jobsPlugin, { runJobs: Boolean(config.dataDir) });
  await app.register(dbRateLimitPlugin);
  // The built shell with the app's stylesheet written in; the CSP allows exactly that text.
  const shell = readShell(config.distDir);
  await app.register(securityPlugin, {
    production: config.nodeEnv === 'production',
    styleHashes: shell?.styleHashes,
  });
  // The same settings as the answers kept compressed (server/plugins/precompressed.ts).
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: BROTLI_OPTIONS,
  });
  await app.register(cookie, { secret: config.secret });
  await app.register(authPlugin, {
    secret: config.secret,
    rolePrefix: config.rolePrefix ?? 'Oelkompass.',
    accessTokenTtlSeconds: config.accessTokenTtlSeconds ?? 900,
  });
  await app.register(rateLimit, { global: false });
  // Renders and unknown paths per address, counted in memory; reading is never limited.
  await app.register(pageLimitsPlugin, pageLimits ?? {});
  await app.register(errorsPlugin);

  // The registry of in-process caches: modules add theirs, a clear reaches every process.
  await app.register(cachesPlugin);
  // Shared in-memory indexes, built once at start.
  await app.register(zipIndexPlugin);

  // Modules (SPEC §7 paths)
  // Account, jwt and /session calls (full paths: they span /api/account, /api/jwt, /session).
  await app.register(accountRoutes);
  await app.register(supportUserRoutes, { prefix: '/api/support/users' });
  await app.register(cacheRoutes, { prefix: '/api/support/caches' });
  // The job queue's rows for admins: stuck and failed jobs without SQL.
  await app.register(jobRoutes, { prefix: '/api/support/jobs' });
  // The legacy login site (/konto/…), HTML forms.
  await app.register(legacyPlugin, { limits: legacyLimits });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(locationRoutes, { prefix: '/api/location' });
  await app.register(siteRoutes, { prefix: '/api/site' });
  // Outside tests the holiday calendars of every depot's region are built in the background
  // after start (date-holidays: ~40 ms per region and year), not on a visitor's calculation.
  await app.register(calculationPlugin, { warmCalendar: config.nodeEnv !== 'test' });
  await app.register(calculationRoutes, {
    prefix: '/api/kalkulation',
    validateResponses: config.nodeEnv !== 'production',
  });
  await app.register(localBestPriceRoutes, { prefix: '/api/site' });
  // Price history, its daily snapshot job and the answers.
  await app.register(pricesPlugin);
  await app.register(pricesRoutes, { prefix: '/api/site' });
  await app.register(dealersPlugin);
  await app.register(dealersRoutes, { prefix: '/api/site' });
  // News, CMS pages and cross-links.
  await app.register(contentPlugin);
  await app.register(cmsPagesPlugin);
  await app.register(newsRoutes, { prefix: '/api/site' });
  await app.register(crossLinkingRoutes, { prefix: '/api/cross-linking' });
  // The staff CMS: /api/cms and the uploaded images at /media/{file}.
  await app.register(cmsPlugin, { dataDir: config.dataDir });
  // Adverts, campaigns and slots: /api/iam and the ad manager's /api/iam/admin.
  await app.register(iamPlugin);
  await app.register(leadsPlugin);
  await app.register(leadsRoutes, { prefix: '/api/leads' });
  // SPEC §7: the lead-banner availability path is named for the (fictitious) lead partner.
  await app.register(leadBannerRoutes, { prefix: `/api/${LEAD_PARTNER.slug}` });
  await app.register(orderRoutes, { prefix: '/api/orders' });
  await app.register(supportOrderRoutes, { prefix: '/api/support/orders' });
  // The dealer area: a dealer's orders and its decisions (decision 026).
  await app.register(dealerAreaRoutes, { prefix: '/api/haendler' });
  // Sammelbestellung: the closing job on app.jobs, the customers' and support's API.
  await app.register(groupOrdersPlugin);
  await app.register(groupOrderRoutes, { prefix: '/api/sammelbestellungen' });
  await app.register(supportGroupOrderRoutes, { prefix: '/api/support/sammelbestellungen' });
  // A dealer's delivery bookings per day for support.
  await app.register(supportDeliveryRoutes, {
    prefix: '/api/support/liefertermine',
    findDealer: findDealerContact,
  });
  await app.register(customerRoutes, { prefix: '/api/jwt/kunde' });
  await app.register(ratingRoutes, { prefix: '/api/bewertung' });
  await app.register(reviewsRoutes, { prefix: '/api/site' });
  // Error and web-vitals reports (beacons, full paths), their daily retention job and
  // the support overview.
  await app.register(telemetryPlugin);
  await app.register(telemetryRoutes);
  await app.register(supportTelemetryRoutes, { prefix: '/api/support/telemetry' });
  // meX tank sensors and price alarms (docs/decisions/017), and the OpenAPI document.
  await app.register(mexRoutes, { prefix: '/api/site/mex' });
  await app.register(mexIngestRoutes, { prefix: '/api/mex' });
  await app.register(mexSupportRoutes, { prefix: '/api/support/mex' });
  await app.register(priceAlarmRoutes, { prefix: '/api/jwt/kunde/preisalarme' });
  await app.register(priceAlarmPlugin);
  await app.register(openApiRoutes, { prefix: '/api' });

  // The outbox sender runs in the server process (main.ts passes DATA_DIR); tests that build the
  // app without a data directory call sendPendingEmails themselves.
  if (config.dataDir) {
    await app.register(mailSenderPlugin, {
      dataDir: config.dataDir,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom ?? 'Ölkompass <noreply@oelkompass.invalid>',
    });
  }

  // The built client and the app shell for page paths, last.
  await app.register(clientPlugin, {
    distDir: config.distDir,
    shell: shell?.html,
    serveSourceMaps: config.nodeEnv !== 'production',
    ssr,
    renderCacheBytes: config.renderCacheBytes ?? 0,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
