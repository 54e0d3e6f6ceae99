import { describe, expect, it } from 'vitest';
import { WorkingCalendar } from './calendar';

const calendar = new WorkingCalendar();

describe('working days per state and canton (date-holidays)', () => {
  it('Corpus Christi (4 June 2026) is a holiday in Bavaria, not in Hamburg', () => {
    expect(calendar.isWorkingDay('DE-BY', '2026-06-04')).toBe(false);
    expect(calendar.isWorkingDay('DE-HH', '2026-06-04')).toBe(true);
  });

  it('Reformation Day (31 October 2025, a Friday) in Saxony, not in Bavaria', () => {
    expect(calendar.isWorkingDay('DE-SN', '2025-10-31')).toBe(false);
    expect(calendar.isWorkingDay('DE-BY', '2025-10-31')).toBe(true);
  });

  it('nationwide holidays everywhere; Christmas Eve is a working day', () => {
    for (const region of ['DE-BE', 'DE-NW', 'AT-9', 'CH-ZH']) {
      expect(calendar.isWorkingDay(region, '2026-12-25'), region).toBe(false);
      expect(calendar.isWorkingDay(region, '2026-12-24'), region).toBe(true);
    }
  });

  it('Austria: Immaculate Conception (8 December 2026, a Tuesday) is a holiday', () => {
    expect(calendar.isWorkingDay('AT-9', '2026-12-08')).toBe(false);
    expect(calendar.isWorkingDay('DE-BY', '2026-12-08')).toBe(true);
  });

  it("Swiss cantons differ: St Stephen's Day in Zurich, not in Geneva", () => {
    // Saturday 26 December 2026 would be off anyway; 2025's is a Friday.
    expect(calendar.isHoliday('CH-ZH', '2025-12-26')).toBe(true);
    expect(calendar.isHoliday('CH-GE', '2025-12-26')).toBe(false);
  });

  it('weekends are never working days', () => {
    expect(calendar.isWorkingDay('DE-BE', '2026-11-28')).toBe(false); // Saturday
    expect(calendar.isWorkingDay('DE-BE', '2026-11-29')).toBe(false); // Sunday
    expect(calendar.isWorkingDay('DE-BE', '2026-11-30')).toBe(true); // Monday
    expect(calendar.nextWorkingDay('DE-BE', '2026-11-27')).toBe('2026-11-30');
    expect(calendar.addWorkingDays('DE-BE', '2026-11-27', 3)).toBe('2026-12-02');
  });
});

describe('order cut-off 14:00 (German clock)', () => {
  it('before 14:00 on a working day the order is processed that day, from 14:00 the next', () => {
    // Tuesday 1 December 2026, winter time (UTC+1).
    expect(calendar.processingDay('DE-BE', new Date('2026-12-01T12:59:00Z'))).toBe('2026-12-01');
    expect(calendar.processingDay('DE-BE', new Date('2026-12-01T13:00:00Z'))).toBe('2026-12-02');
    // Summer time (UTC+2): 13:59 in Berlin is 11:59 UTC.
    expect(calendar.processingDay('DE-BE', new Date('2026-07-01T11:59:00Z'))).toBe('2026-07-01');
    expect(calendar.processingDay('DE-BE', new Date('2026-07-01T12:00:00Z'))).toBe('2026-07-02');
  });

  it('a Friday afternoon or a weekend order is processed on Monday; before a holiday after it', () => {
    expect(calendar.processingDay('DE-BE', new Date('2026-11-27T15:00:00Z'))).toBe('2026-11-30');
    expect(calendar.processingDay('DE-BE', new Date('2026-11-28T09:00:00Z'))).toBe('2026-11-30');
    // Wednesday 3 June 2026 afternoon in Munich: Thursday is Corpus Christi, so Friday.
    expect(calendar.processingDay('DE-BY', new Date('2026-06-03T13:00:00Z'))).toBe('2026-06-05');
  });
});
