/**
 * How the guide reports a failure it handles (SPEC §8 "a failed compare call is logged"). The
 * app has no error-trace endpoint yet, so the browser console is the log; one
 * function keeps the format in one place for when reports are sent to /api/error-trace/js-error.
 */
export function logGuideFailure(what: string, error: unknown): void {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.warn(`[guide] ${what}: ${detail}`);
}
