import { describe, expect, it } from 'vitest';
import {
  formatAmountInput,
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
