/** SPEC §5 validation rules for postal code and amount, with the message keys of the spec. */

export const AMOUNT_MIN = 500; // SPEC §9
export const AMOUNT_MAX = 32_000; // SPEC §9
export const AMOUNT_DEFAULT = 3000; // SPEC §9

export type ZipError = 'ZIPCODE_REQ' | 'ZIPCODE_INV' | 'ZIPCODE_NXT';
export type AmountError = 'AMOUNT_REQ' | 'AMOUNT_MIN' | 'AMOUNT_MAX';

/** The synchronous part: required and pattern. Existence is asked from the server afterwards. */
export function validateZipFormat(zip: string, pattern: RegExp): ZipError | null {
  if (zip.trim() === '') return 'ZIPCODE_REQ';
  if (!pattern.test(zip)) return 'ZIPCODE_INV';
  return null;
}

export function validateAmount(amount: number): AmountError | null {
  if (amount === 0) return 'AMOUNT_REQ';
  if (amount < AMOUNT_MIN) return 'AMOUNT_MIN';
  if (amount > AMOUNT_MAX) return 'AMOUNT_MAX';
  return null;
}

/** SPEC §5: the field keeps digits only. */
export function digitsOnly(text: string, maxLength: number): string {
  return text.replace(/\D+/g, '').slice(0, maxLength);
}
