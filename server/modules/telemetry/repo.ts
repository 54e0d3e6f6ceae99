/**
 * Telemetry storage: error and web-vitals reports as received, the support overview of
 * the last days and the retention that removes old rows. Plain SQL that runs on PGlite and
 * PostgreSQL alike (jsonb_array_elements, percentile_cont).
 */
import { count, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientErrorReports, webVitals } from '../../db/schema';
import {
  type ErrorReport,
  type TelemetryOverview,
  type WebVitalsReport,
} from '../../../src/api/contract/telemetry';
import { canonicalPagePath } from '../../../src/lib/paths';
import { pageRoutePatternOf } from '../../plugins/page-routes';

/** `route` of a vitals row whose url matches no page of the app. */
export const UNKNOWN_ROUTE = '(unbekannt)';
/** Rows older than this are deleted by the daily telemetry-retention job. */
export const RETENTION_DAYS = 30;
/** The support overview counts this many days back. */
export const OVERVIEW_DAYS = 7;
export const OVERVIEW_ERROR_LIMIT = 50;

const DAY_MS = 86_400_000;

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** The SPEC §2 route path pattern of a page URL (query and hash ignored), or UNKNOWN_ROUTE. */
export function routeOfUrl(url: string): string {
  const path = canonicalPagePath(url.split(/[?#]/, 1)[0] ?? '');
  return (path !== null && pageRoutePatternOf(path)) || UNKNOWN_ROUTE;
}

export async function insertErrorReport(db: Db, report: ErrorReport): Promise<void> {
  await db
    .insert(clientErrorReports)
    .values({
      userAgent: report.userAgent,
      href: report.href,
      timeStart: new Date(report.timeStart),
      timeEnd: new Date(report.timeEnd),
      errors: report.errors,
      reportId: report.reportId ?? null,
    })
    // A report sent again (its answer was lost, two tabs sent one queue) is stored once.
    .onConflictDoNothing();
}

export async function insertWebVitals(db: Db, report: WebVitalsReport): Promise<void> {
  const { rawData } = report;
  await db
    .insert(webVitals)
    .values({
      url: report.url,
      urlFrom: report.urlFrom,
      route: routeOfUrl(report.url),
      viewport: report.viewport,
      device: report.device,
      name: report.name,
      delta: report.delta,
      value: rawData.value,
      rating: report.description,
      // Strings arrive well-formed (server/plugins/json-body.ts): jsonb takes them.
      rawData,
      authorised: report.authorised,
      sessionId: report.sessionId,
      reportId: report.reportId ?? null,
    })
    .onConflictDoNothing();
}

/** Deletes the rows received before `before`; returns how many of each. */
export async function deleteTelemetryBefore(
  db: Db,
  before: Date,
): Promise<{ errorReports: number; vitals: number }> {
  const errorReports = await db
    .delete(clientErrorReports)
    .where(lt(clientErrorReports.receivedAt, before))
    .returning({ id: clientErrorReports.id });
  const vitals = await db
    .delete(webVitals)
    .where(lt(webVitals.receivedAt, before))
    .returning({ id: webVitals.id });
  return { errorReports: errorReports.length, vitals: vitals.length };
}

interface ErrorGroupRow {
  message: string;
  count: string | number;
  received_at: Date | string;
  href: string;
  stack: string | null;
}

/** CLS is a score (3 decimals); the other vitals are milliseconds (whole). */
function roundVital(name: string, value: number): number {
  return name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);
}

export async function telemetryOverview(db: Db, now = new Date()): Promise<TelemetryOverview> {
  const since = daysBefore(now, OVERVIEW_DAYS);
  // Every error of every report since then; per message its number and its latest occurrence
  // (the latest report, within it the last error).
  const result: unknown = await db.execute(sql`
    select message, count, received_at, href, stack
    from (
      select e.value->>'message' as message,
             e.value->>'stack' as stack,
             r.received_at,
             r.href,
             count(*) over (partition by e.value->>'message') as count,
             row_number() over (
               partition by e.value->>'message'
               order by r.received_at desc, r.id desc, e.position desc
             ) as latest
      from ${clientErrorReports} r
      cross join lateral jsonb_array_elements(r.errors) with ordinality as e(value, position)
      where r.received_at >= ${since.toISOString()}::timestamptz
    ) occurrence
    where latest = 1
    order by count desc, received_at desc, message
    limit ${OVERVIEW_ERROR_LIMIT}
  `);
  // Both drivers (PGlite, node-postgres) answer a raw query with { rows }.
  const errorRows = (result as { rows: ErrorGroupRow[] }).rows;

  const vitalRows = await db
    .select({
      route: webVitals.route,
      name: webVitals.name,
      p75: sql<number>`percentile_cont(0.75) within group (order by ${webVitals.value})`.mapWith(
        Number,
      ),
      count: count(),
    })
    .from(webVitals)
    .where(gte(webVitals.receivedAt, since))
    .groupBy(webVitals.route, webVitals.name)
    .orderBy(webVitals.route, webVitals.name);

  return {
    Since: since.toISOString(),
    Errors: errorRows.map((row) => ({
      Message: row.message,
      Count: Number(row.count),
      LastSeen: new Date(row.received_at).toISOString(),
      LastHref: row.href,
      LastStack: row.stack,
    })),
    Vitals: vitalRows.map((row) => ({
      Route: row.route,
      Name: row.name,
      P75: roundVital(row.name, row.p75),
      Count: row.count,
    })),
  };
}
