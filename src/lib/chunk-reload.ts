/** SPEC §4/§9: a failed chunk load reloads the page, at most once a minute. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

export function shouldReloadAfterChunkError(
  now: number,
  lastReloadAt: number | undefined,
): boolean {
  return lastReloadAt === undefined || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}
