import { describe, expect, it } from 'vitest';
import { weekdaysUntil } from './service';

describe('the meX lead time from the earliest delivery', () => {
  it('counts the working days from today to the booked day', () => {
    // Friday 27 November 2026 → Tuesday 1 December: Monday and Tuesday.
    expect(weekdaysUntil('2026-11-27', '2026-12-01')).toBe(2);
    expect(weekdaysUntil('2026-11-28', '2026-11-30')).toBe(1);
    expect(weekdaysUntil('2026-11-30', '2026-11-30')).toBe(0);
  });
});
