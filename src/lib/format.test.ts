import { describe, expect, it } from 'vitest';
import {
  formatAmountInput,
  formatDecimal,
  formatExchange,
  formatMany,
  formatOneDigit,
  formatPrice,
  formatQuantity,
  parseAmountInput,
} from './format';

// Intl puts a no-break space (U+00A0) or narrow no-break space (U+202F) before the currency.
const SP = '[\\s\\u00a0\\u202f]';

describe('number formats (SPEC §9, de-DE)', () => {
  it('shows EUR prices with 2 decimals and the € sign', () => {
    expect(formatPrice(1234.5, 'EUR')).toMatch(new RegExp(`^1\\.234,50${SP}€$`));
    expect(formatPrice(0.999, 'EUR')).toMatch(new RegExp(`^1,00${SP}€$`));
  });

  it('shows CHF prices with 2 decimals and CHF', () => {
    expect(formatPrice(98.7, 'CHF')).toMatch(new RegExp(`^98,70${SP}CHF$`));
  });

  it('shows quantities without decimals and with thousands dots', () => {
    expect(formatQuantity(32000)).toBe('32.000');
    expect(formatQuantity(3000)).toBe('3.000');
    expect(formatQuantity(499.6)).toBe('500');
  });

  it('shows exchange rates with 2 to 4 decimals', () => {
    expect(formatExchange(1)).toBe('1,00');
    expect(formatExchange(0.9512)).toBe('0,9512');
    expect(formatExchange(0.95128)).toBe('0,9513');
    expect(formatExchange(1.5)).toBe('1,50');
  });

  it('shows oneDigit with exactly 1 decimal', () => {
    expect(formatOneDigit(4)).toBe('4,0');
    expect(formatOneDigit(4.56)).toBe('4,6');
  });

  it('formats a batch in order, EUR by default', () => {
    const out = formatMany([
      { kind: 'quantity', value: 3000 },
      { kind: 'price', value: 2.5 },
      { kind: 'price', value: 2.5, currency: 'CHF' },
      { kind: 'oneDigit', value: 1 },
    ]);
    expect(out[0]).toBe('3.000');
    expect(out[1]).toMatch(new RegExp(`^2,50${SP}€$`));
    expect(out[2]).toMatch(new RegExp(`^2,50${SP}CHF$`));
    expect(out[3]).toBe('1,0');
  });
});

describe('amount input (SPEC §5)', () => {
  it.each([
    ['3.000', 3000],
    ['3000', 3000],
    ['', 0],
    ['abc12', 12],
    ['32 000 l', 32000],
  ])('parses %j as %i', (text, expected) => {
    expect(parseAmountInput(text)).toBe(expected);
  });

  it.each([
    ['3000', '3.000'],
    ['3.000', '3.000'],
    ['32000', '32.000'],
    ['', '0'],
    ['12x5', '125'],
  ])('formats %j as %j', (text, expected) => {
    expect(formatAmountInput(text)).toBe(expected);
  });
});

describe('formatDecimal: the same digits as Intl de-DE', () => {
  const shapes: [number, number][] = [
    [0, 0],
    [2, 2],
    [2, 4],
    [1, 1],
    [0, 3],
  ];
  // A fixed pseudo-random walk over magnitudes and fractions, plus the edges of rounding.
  const values: number[] = [
    0, 1, 9.995, 0.005, 0.015, 1.005, 2.675, 999.995, 999_999.5, 1e15, 3.6e-7, 5e-7, 1e-6, 4.9e-5,
  ];
  let seed = 7;
  for (let i = 0; i < 4000; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const magnitude = 10 ** ((seed % 12) - 3);
    values.push(((seed / 2_147_483_648) * magnitude * 1000) / 1000);
  }

  it.each(shapes)('matches Intl for %i to %i decimals, positive and negative', (min, max) => {
    const intl = new Intl.NumberFormat('de-DE', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    });
    for (const value of values) {
      expect(formatDecimal(value, min, max), String(value)).toBe(intl.format(value));
      const negative = intl.format(-value);
      // Intl writes "-0" for a negative value that rounds to zero; we write "0".
      const expected = /^-[0,]+$/.test(negative) ? negative.slice(1) : negative;
      expect(formatDecimal(-value, min, max), String(-value)).toBe(expected);
    }
  });

  it('writes prices as de-DE with a no-break space before the currency', () => {
    for (const value of values.slice(0, 500)) {
      for (const currency of ['EUR', 'CHF'] as const) {
        const intl = new Intl.NumberFormat('de-DE', {
          style: 'currency',
          currency,
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        expect(formatPrice(value, currency), String(value)).toBe(
          intl.format(value).replace(/[\s\u202f]/g, '\u00a0'),
        );
      }
    }
  });

  it('shows no minus sign on a value that rounds to zero, and no digits for NaN', () => {
    expect(formatDecimal(-0, 2, 2)).toBe('0,00');
    expect(formatDecimal(-0.001, 2, 2)).toBe('0,00');
    expect(formatDecimal(-0.006, 2, 2)).toBe('-0,01');
    expect(formatDecimal(Number.NaN, 2, 2)).toBe('NaN');
  });
});
