import { formatDecimal, withCurrency } from '../../lib/format';

/** Yearly amounts in whole currency units (the contract rounds them so), de-DE (SPEC §9). */
export function formatMoney(value: number, currency: 'EUR' | 'CHF'): string {
  return withCurrency(formatDecimal(value, 0, 0), currency);
}
