/**
 * Client error reports (SPEC §3 Error report, §8): uncaught errors and unhandled
 * rejections are collected and sent after each navigation after the first and before the page
 * is left; the two ResizeObserver loop messages are noise and ignored. The error page reports at
 * once (reportErrorNow).
 */
import type { ClientError, ErrorReport } from '../../api/contract/telemetry';
import { TELEMETRY_LIMITS } from '../../api/contract/telemetry-constants';
import { sendTelemetry } from './transport';

/** SPEC §8: the two resize-observer loop messages browsers raise for harmless layout loops. */
export const IGNORED_MESSAGES = [
  'ResizeObserver loop limit exceeded',
  'ResizeObserver loop completed with undelivered notifications.',
] as const;

const clip = (text: string | undefined, max: number) =>
  text === undefined ? undefined : text.length > max ? `${text.slice(0, max - 1)}…` : text;

let collected: ClientError[] = [];
let timeStart = Date.now();
let navigations = 0;
let started = false;

function ignored(message: string): boolean {
  return IGNORED_MESSAGES.some((m) => message.includes(m));
}

/** One error as the report carries it; texts clipped to the server's limits. */
export function clientErrorOf(
  error: unknown,
  where: { message?: string; filename?: string; lineno?: number; colno?: number } = {},
  time = Date.now(),
): ClientError {
  const message =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : where.message || (typeof error === 'string' ? error : String(error));
  const stack = error instanceof Error ? error.stack : undefined;
  return {
    message: clip(message, TELEMETRY_LIMITS.message) ?? '',
    ...(where.filename ? { filename: clip(where.filename, TELEMETRY_LIMITS.url) } : {}),
    ...(where.lineno !== undefined ? { lineno: where.lineno } : {}),
    ...(where.colno !== undefined ? { colno: where.colno } : {}),
    ...(stack ? { stack: clip(stack, TELEMETRY_LIMITS.stack) } : {}),
    time,
  };
}

export function collectError(error: ClientError): void {
  if (ignored(error.message)) return;
  if (collected.length >= TELEMETRY_LIMITS.errorsPerReport) return; // a loop: the first ones tell
  collected.push(error);
}

function reportOf(errors: ClientError[], end: number): ErrorReport {
  return {
    userAgent: clip(navigator.userAgent, TELEMETRY_LIMITS.userAgent) ?? '',
    timeStart,
    timeEnd: end,
    href: clip(location.href.split('#')[0], TELEMETRY_LIMITS.url) ?? '',
    errors,
  };
}

/** Sends what was collected (nothing when nothing was). */
export function flushErrors(options: { unloading?: boolean } = {}): void {
  if (collected.length === 0) return;
  const end = Date.now();
  const report = reportOf(collected, end);
  collected = [];
  timeStart = end;
  void sendTelemetry('error', report, options);
}

/** The router moved to another page: the first one is the page load, every later one flushes. */
export function noteNavigation(): void {
  navigations += 1;
  if (navigations > 1) flushErrors();
}

/** The error page: this error goes out now, with whatever was collected before it. */
export function reportErrorNow(error: unknown): void {
  collectError(clientErrorOf(error));
  flushErrors();
}

/** Listens for uncaught errors; once per page. */
export function startErrorCollection(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  timeStart = Date.now();
  window.addEventListener('error', (event) => {
    collectError(
      clientErrorOf(event.error ?? event.message, {
        message: event.message,
        filename: event.filename,
        lineno: event.lineno,
        colno: event.colno,
      }),
    );
  });
  window.addEventListener('unhandledrejection', (event) => {
    collectError(clientErrorOf(event.reason));
  });
  // Before the page is left (or frozen in the background, where it may never come back).
  window.addEventListener('pagehide', () => flushErrors({ unloading: true }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushErrors({ unloading: true });
  });
}

/** Tests. */
export function resetErrorCollection(): void {
  collected = [];
  navigations = 0;
  timeStart = Date.now();
}

export function collectedErrors(): readonly ClientError[] {
  return collected;
}
