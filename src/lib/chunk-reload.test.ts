import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, shouldReloadAfterChunkError } from './chunk-reload';

describe('chunk reload guard (SPEC §4/§9: at most once a minute)', () => {
  const now = 1_700_000_000_000;

  it('is 60 s', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
  });

  it('reloads when there was no reload before', () => {
    expect(shouldReloadAfterChunkError(now, undefined)).toBe(true);
  });

  it('does not reload again within 60 s', () => {
    expect(shouldReloadAfterChunkError(now, now)).toBe(false);
    expect(shouldReloadAfterChunkError(now, now - 59_999)).toBe(false);
  });

  it('reloads again once 60 s have passed', () => {
    expect(shouldReloadAfterChunkError(now, now - 60_000)).toBe(true);
    expect(shouldReloadAfterChunkError(now, now - 3_600_000)).toBe(true);
  });
});
