/**
 * Fetches a module ahead of need (hover, focus, idle). Best effort: offline or on a failed
 * request nothing happens here, and the import that really needs the module reports the failure
 * where it is shown (an uncaught rejection would only be noise in the error reports).
 */
export function prefetchModule(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}
