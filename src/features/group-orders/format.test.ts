import { describe, expect, it } from 'vitest';
import {
  formatCalculatedAt,
  formatDeadline,
  formatGroupCode,
  groupShareUrl,
  parseDecimalInput,
  parseLitresInput,
  priceInputText,
  remainingText,
  suggestMaxUnitPrice,
} from './format';

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('group code and link', () => {
  it('writes the code in groups of four', () => {
    expect(formatGroupCode('ABCD2345')).toBe('ABCD 2345');
    expect(formatGroupCode('ABCD')).toBe('ABCD');
  });

  it('makes the absolute share link of the group page', () => {
    expect(groupShareUrl('https://oelkompass.example', 'ABCD2345')).toBe(
      'https://oelkompass.example/sammelbestellung/ABCD2345',
    );
  });
});

describe('deadline', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z');
  const after = (ms: number) => new Date(now + ms).toISOString();

  it('counts days and hours while more than a day is left', () => {
    expect(remainingText(after(2 * 24 * HOUR + 3 * HOUR), now)).toBe('noch 2 Tage 3 Std.');
    expect(remainingText(after(24 * HOUR + 30 * MINUTE), now)).toBe('noch 1 Tag');
    expect(remainingText(after(3 * 24 * HOUR), now)).toBe('noch 3 Tage');
  });

  it('counts hours and minutes on the last day, minutes in the last hour', () => {
    expect(remainingText(after(5 * HOUR + 20 * MINUTE), now)).toBe('noch 5 Std. 20 Min.');
    expect(remainingText(after(2 * HOUR), now)).toBe('noch 2 Std.');
    expect(remainingText(after(4 * MINUTE), now)).toBe('noch 4 Min.');
    // Rounded up: the last seconds still say a minute.
    expect(remainingText(after(10_000), now)).toBe('noch 1 Min.');
  });

  it('says nothing once the deadline has passed', () => {
    expect(remainingText(after(0), now)).toBe('');
    expect(remainingText(after(-HOUR), now)).toBe('');
    expect(remainingText('no date', now)).toBe('');
  });

  it('names weekday, date and time in Germany’s clock', () => {
    // 13:00 UTC in winter is 14:00 in Berlin; 28.11.2026 is a Saturday.
    expect(formatDeadline('2026-11-28T13:00:00.000Z')).toBe('Sa., 28.11.2026, 14:00 Uhr');
    // Summer time: UTC+2; 22:30 UTC is already the next day in Berlin.
    expect(formatDeadline('2026-07-03T22:30:00.000Z')).toBe('Sa., 04.07.2026, 00:30 Uhr');
  });

  it('gives the time of a calculation, with the date when it was another day', () => {
    const today = Date.parse('2026-11-25T15:00:00.000Z');
    expect(formatCalculatedAt('2026-11-25T13:05:00.000Z', today)).toBe('14:05');
    expect(formatCalculatedAt('2026-11-23T13:05:00.000Z', today)).toBe('23.11.2026, 14:05');
  });
});

describe('maximum price', () => {
  it('suggests today’s best price plus 5 %, rounded up to whole currency units', () => {
    expect(suggestMaxUnitPrice(100.2)).toBe(106); // 105,21 → 106
    expect(suggestMaxUnitPrice(95.3)).toBe(101); // 100,065 → 101
    expect(suggestMaxUnitPrice(95.24)).toBe(100); // 100,002: to the cent first, 100,00
    expect(suggestMaxUnitPrice(100)).toBe(105); // exactly 105: no extra unit
    expect(suggestMaxUnitPrice(999)).toBe(1000); // never above the contract's limit
  });

  it('writes a price for the field and reads it back as typed in German', () => {
    expect(priceInputText(106)).toBe('106');
    expect(priceInputText(98.5)).toBe('98,5');
    expect(parseDecimalInput('98,50')).toBe(98.5);
    expect(parseDecimalInput(' 98.5 ')).toBe(98.5);
    expect(parseDecimalInput('106 €')).toBe(106);
    expect(parseDecimalInput('1.050,5')).toBe(1050.5);
    expect(parseDecimalInput('1.050')).toBe(1050);
    expect(parseDecimalInput('')).toBeUndefined();
    expect(parseDecimalInput('zehn')).toBeNaN();
    expect(parseDecimalInput('9,8,7')).toBeNaN();
  });

  it('reads litres with or without thousands dots', () => {
    expect(parseLitresInput('3.000')).toBe(3000);
    expect(parseLitresInput('2500 L')).toBe(2500);
    expect(parseLitresInput('  ')).toBeUndefined();
  });
});
