/**
 * Limits of the telemetry reports, apart from the schemas so the page's error
 * collector can clip to them without loading zod (on every page's first download).
 */
export const TELEMETRY_LIMITS = {
  /** Errors in one report; the client sends what it collected, at most this many. */
  errorsPerReport: 20,
  message: 2000,
  stack: 8000,
  url: 2000,
  userAgent: 500,
} as const;
