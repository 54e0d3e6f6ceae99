/**
 * Telemetry (SPEC §3 Error report and Web-vitals report, §7 POST /api/error-trace/js-error and
 * POST /api/site/web-vitals). Field names as SPEC §3 writes them (camelCase). Both
 * arrive by sendBeacon or fetch keepalive, without a session or CSRF header, and answer 204.
 * The support area reads them back (GET /api/support/telemetry, support guard).
 */
import { z } from 'zod/mini';
import { requestText } from './common';
import { TELEMETRY_LIMITS } from './telemetry-constants';

export { TELEMETRY_LIMITS };

const text = (field: string, max: number) =>
  requestText(
    `${field} muss ein Text sein.`,
    z.maxLength(max, `${field} ist zu lang (höchstens ${max} Zeichen).`),
  );

/** A moment as ms since 1970 (Date.now()), from 2020 to 2100: anything else is not a clock. */
const epochMs = (field: string) =>
  z
    .number({ error: `${field} muss eine Zahl (ms seit 1970) sein.` })
    .check(
      z.gte(1_577_836_800_000, `${field} liegt vor 2020.`),
      z.lte(4_102_444_800_000, `${field} liegt nach 2100.`),
    );

const position = (field: string) =>
  z
    .number({ error: `${field} muss eine Zahl sein.` })
    .check(
      z.int(`${field} muss eine ganze Zahl sein.`),
      z.gte(0, `${field} darf nicht negativ sein.`),
      z.lte(10_000_000, `${field} ist zu groß.`),
    );

/**
 * The browser's own id of a report: a report sent again — its answer was lost, or two
 * tabs sent one queue — is stored once. Optional: a report without one is stored as it comes.
 */
const reportId = z.optional(
  requestText(
    'reportId muss ein Text sein.',
    z.regex(/^[A-Za-z0-9-]{8,64}$/, 'reportId hat ein ungültiges Format.'),
  ),
);

/** One error of a report (window 'error' / 'unhandledrejection', or the error page). */
export const ClientErrorSchema = z.object({
  message: text('message', TELEMETRY_LIMITS.message),
  filename: z.optional(text('filename', TELEMETRY_LIMITS.url)),
  lineno: z.optional(position('lineno')),
  colno: z.optional(position('colno')),
  stack: z.optional(text('stack', TELEMETRY_LIMITS.stack)),
  time: epochMs('time'),
});
export type ClientError = z.infer<typeof ClientErrorSchema>;

/** POST /api/error-trace/js-error */
export const ErrorReportSchema = z.object({
  reportId,
  userAgent: text('userAgent', TELEMETRY_LIMITS.userAgent),
  timeStart: epochMs('timeStart'),
  timeEnd: epochMs('timeEnd'),
  href: text('href', TELEMETRY_LIMITS.url),
  errors: z
    .array(ClientErrorSchema)
    .check(
      z.minLength(1, 'errors darf nicht leer sein.'),
      z.maxLength(
        TELEMETRY_LIMITS.errorsPerReport,
        `Höchstens ${TELEMETRY_LIMITS.errorsPerReport} Fehler je Bericht.`,
      ),
    ),
});
export type ErrorReport = z.infer<typeof ErrorReportSchema>;

export const VITAL_NAMES = ['CLS', 'FCP', 'INP', 'LCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];
export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
/** SPEC §6: support staff (or an impersonated session), other logged-in users, everyone else. */
export const VITAL_AUDIENCES = ['support', 'logged-in', 'anonymous'] as const;
export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;

const finite = (field: string, max: number) =>
  z
    .number({ error: `${field} muss eine Zahl sein.` })
    .check(
      z.refine(Number.isFinite, `${field} muss eine endliche Zahl sein.`),
      z.gte(-max, `${field} ist zu klein.`),
      z.lte(max, `${field} ist zu groß.`),
    );

/** POST /api/site/web-vitals: one metric of one page view (web-vitals library). */
export const WebVitalsReportSchema = z.object({
  reportId,
  /** The page's path (no query, no hash). */
  url: text('url', TELEMETRY_LIMITS.url),
  /** The path the visitor came from within the app, or the referrer's; '' when none. */
  urlFrom: text('urlFrom', TELEMETRY_LIMITS.url),
  /** "390x844" */
  viewport: requestText(
    'viewport muss ein Text sein.',
    z.regex(/^\d{1,5}x\d{1,5}$/, 'viewport hat die Form 390x844.'),
  ),
  device: z.enum(DEVICES, { error: 'device muss mobile, tablet oder desktop sein.' }),
  name: z.enum(VITAL_NAMES, { error: 'name muss CLS, FCP, INP, LCP oder TTFB sein.' }),
  /** The change since the last report of this metric (ms; CLS: a score). */
  delta: finite('delta', 3_600_000),
  /** The rating, in words. */
  description: z.enum(VITAL_RATINGS, {
    error: 'description muss good, needs-improvement oder poor sein.',
  }),
  rawData: z.object({
    /** The metric's value so far (ms; CLS: a score). */
    value: finite('rawData.value', 3_600_000),
    id: text('rawData.id', 100),
    navigationType: text('rawData.navigationType', 40),
  }),
  authorised: z.enum(VITAL_AUDIENCES, {
    error: 'authorised muss support, logged-in oder anonymous sein.',
  }),
  sessionId: requestText(
    'sessionId muss ein Text sein.',
    z.regex(/^[A-Za-z0-9-]{8,64}$/, 'sessionId hat ein ungültiges Format.'),
  ),
});
export type WebVitalsReport = z.infer<typeof WebVitalsReportSchema>;

/** GET /api/support/telemetry: the last 7 days, for the support area. */
export const TelemetryOverviewSchema = z.object({
  /** ISO time from which on the figures count. */
  Since: z.string(),
  /** Client errors grouped by message, most frequent first (at most 50). */
  Errors: z.array(
    z.object({
      Message: z.string(),
      Count: z.number(),
      LastSeen: z.string(),
      LastHref: z.string(),
      LastStack: z.nullable(z.string()),
    }),
  ),
  /** The 75th percentile of each vital per route (SPEC §2 route path pattern). */
  Vitals: z.array(
    z.object({
      Route: z.string(),
      Name: z.enum(VITAL_NAMES),
      P75: z.number(),
      Count: z.number(),
    }),
  ),
});
export type TelemetryOverview = z.infer<typeof TelemetryOverviewSchema>;
