/**
 * Number and currency formatting, de-DE for every country (SPEC §9): EUR for de and at, CHF for
 * ch; prices with 2 decimals, quantities with 0, exchange rates with 2–4, "oneDigit" with 1.
 * Framework-free: used by the main thread and by the format worker.
 */

export type CurrencyCode = 'EUR' | 'CHF';

const NUMBER_LOCALE = 'de-DE'; // SPEC §9

const cache = new Map<string, Intl.NumberFormat>();
function formatter(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(NUMBER_LOCALE, options)));
  return f;
}

export function formatPrice(value: number, currency: CurrencyCode): string {
  return formatter(`price-${currency}`, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

export function formatQuantity(value: number): string {
  return formatter('quantity', { maximumFractionDigits: 0 }).format(value);
}

export function formatExchange(value: number): string {
  return formatter('exchange', { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(
    value,
  );
}

export function formatOneDigit(value: number): string {
  return formatter('one', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** SPEC §5: non-digits are stripped and empty becomes 0. */
export function parseAmountInput(text: string): number {
  const digits = text.replace(/\D+/g, '');
  return digits === '' ? 0 : Number(digits);
}

/** SPEC §5: the amount field shows German thousands separators ("3.000"). */
export function formatAmountInput(text: string): string {
  return formatQuantity(parseAmountInput(text));
}

export type FormatKind = 'price' | 'quantity' | 'exchange' | 'oneDigit';
export interface FormatRequest {
  kind: FormatKind;
  value: number;
  currency?: CurrencyCode;
}

export function formatValue({ kind, value, currency = 'EUR' }: FormatRequest): string {
  switch (kind) {
    case 'price':
      return formatPrice(value, currency);
    case 'quantity':
      return formatQuantity(value);
    case 'exchange':
      return formatExchange(value);
    case 'oneDigit':
      return formatOneDigit(value);
  }
}

/** Many values at once: one message to the worker for a whole offer list. */
export function formatMany(requests: readonly FormatRequest[]): string[] {
  return requests.map(formatValue);
}
