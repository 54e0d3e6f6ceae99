/**
 * Number and currency formatting, de-DE for every country (SPEC §9): EUR for de and at, CHF for
 * ch; prices with 2 decimals, quantities with 0, exchange rates with 2–4, "oneDigit" with 1.
 * Framework-free: used by the main thread and by the format worker.
 */

export type CurrencyCode = 'EUR' | 'CHF';

/**
 * de-DE digits by hand (SPEC §9: "1.234,56"): the first Intl.NumberFormat of a page load costs
 * the browser its locale data, tens of milliseconds of a slow phone's main thread before the
 * page answers (TBT). Same output as Intl's de-DE for finite numbers (format.test.ts
 * compares them), except that a value that rounds to zero never shows a minus sign.
 */
export function formatDecimal(value: number, minFraction: number, maxFraction: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const [whole, fraction] = roundDecimal(Math.abs(value), maxFraction);
  let shown = fraction;
  while (shown.length > minFraction && shown.endsWith('0')) shown = shown.slice(0, -1);
  let grouped = whole;
  for (let at = whole.length - 3; at > 0; at -= 3) {
    grouped = `${grouped.slice(0, at)}.${grouped.slice(at)}`;
  }
  const zero = /^0*$/.test(whole + fraction);
  return `${value < 0 && !zero ? '-' : ''}${grouped}${shown ? `,${shown}` : ''}`;
}

/**
 * A non-negative number rounded to `digits` decimals, half away from zero, on its shortest
 * decimal form (String(9.995) is "9.995", as Intl rounds it: 10,00, where toFixed would round
 * the binary value 9.99499… down). Answers [whole part, exactly `digits` decimals].
 */
function roundDecimal(value: number, digits: number): [string, string] {
  // String() writes exponents below 1e-6 (nothing of it shows at up to 5 decimals) and from 1e21.
  if (value < 1e-6 && digits <= 5) return ['0', '0'.repeat(digits)];
  if (value >= 1e21) return [BigInt(Math.round(value)).toString(), '0'.repeat(digits)];
  const text = /e/i.test(String(value)) ? value.toFixed(20) : String(value);
  const point = text.indexOf('.');
  const whole = point === -1 ? text : text.slice(0, point);
  const fraction = point === -1 ? '' : text.slice(point + 1);
  if (fraction.length <= digits) return [whole, fraction.padEnd(digits, '0')];
  const kept = whole + fraction.slice(0, digits);
  if (fraction.charCodeAt(digits) < 53 /* '5' */) return [whole, fraction.slice(0, digits)];
  // Round up: add one to the last kept digit, carrying through nines.
  let carried = '';
  let at = kept.length - 1;
  while (at >= 0 && kept[at] === '9') {
    carried = `0${carried}`;
    at--;
  }
  const up =
    at < 0 ? `1${carried}` : `${kept.slice(0, at)}${String(Number(kept[at]) + 1)}${carried}`;
  const wholeLength = up.length - digits;
  return [up.slice(0, wholeLength) || '0', up.slice(wholeLength)];
}

/** The currency after the amount with a no-break space, as de-DE writes it: "1.234,56 €". */
export function withCurrency(amount: string, currency: CurrencyCode): string {
  return `${amount}\u00a0${currency === 'EUR' ? '€' : 'CHF'}`;
}

export function formatPrice(value: number, currency: CurrencyCode): string {
  return withCurrency(formatDecimal(value, 2, 2), currency);
}

export function formatQuantity(value: number): string {
  return formatDecimal(value, 0, 0);
}

export function formatExchange(value: number): string {
  return formatDecimal(value, 2, 4);
}

export function formatOneDigit(value: number): string {
  return formatDecimal(value, 1, 1);
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
