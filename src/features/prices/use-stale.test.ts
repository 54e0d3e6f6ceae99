import { describe, expect, it } from 'vitest';
import { berlinToday } from './use-stale';

describe('berlinToday', () => {
  it("is Germany's calendar day, not UTC's", () => {
    // 23:30 UTC on 24 November is already 25 November in Berlin (CET, UTC+1).
    expect(berlinToday(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
    expect(berlinToday(new Date('2026-11-24T22:30:00Z'))).toBe('2026-11-24');
    // Summer time: UTC+2.
    expect(berlinToday(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
  });
});
