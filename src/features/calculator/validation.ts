/**
 * SPEC §5 validation of the calculator form: postal code (required, the country's pattern, exists)
 * and amount (required, 500–32,000 L). Pure; the message texts are in texts.ts.
 */
import { CALC } from '../../api/contract/calculation-constants';
import { zipPatternFor } from '../../lib/locale';

/**
 * SPEC §5 keys, plus ZIPCODE_CHK: the check got no answer. SPEC §5 counts that as
 * invalid too, but the visitor is told the truth: the code could not be checked, not that it
 * does not exist.
 */
export type ZipError = 'ZIPCODE_REQ' | 'ZIPCODE_INV' | 'ZIPCODE_NXT' | 'ZIPCODE_CHK';
export type AmountError = 'AMOUNT_REQ' | 'AMOUNT_MIN' | 'AMOUNT_MAX';
export type FieldError = ZipError | AmountError;

/** What the server said about a postal code; `idle` until asked, `pending` while asking. */
export type ZipCheckStatus = 'idle' | 'pending' | 'valid' | 'invalid';

export interface ZipCheck {
  zip: string;
  countryId: number;
  status: ZipCheckStatus;
  /** The call failed (no answer): counts as invalid, and is asked again on submit. */
  failed?: boolean;
}

/** Required and pattern: decided without the server. */
export function zipFormatError(zip: string, countryId: number): ZipError | null {
  if (zip.trim() === '') return 'ZIPCODE_REQ';
  if (!zipPatternFor(countryId).test(zip)) return 'ZIPCODE_INV';
  return null;
}

/**
 * The full rule: a well-formed code the server did not confirm is invalid: ZIPCODE_NXT when it
 * said no, ZIPCODE_CHK when it could not be asked.
 */
export function zipError(zip: string, countryId: number, check: ZipCheck): ZipError | null {
  const format = zipFormatError(zip, countryId);
  if (format) return format;
  const same = check.zip === zip && check.countryId === countryId;
  if (!same || check.status !== 'invalid') return null;
  return check.failed ? 'ZIPCODE_CHK' : 'ZIPCODE_NXT';
}

/** SPEC §5: empty becomes 0, so 0 means "nothing entered". */
export function amountError(amount: number): AmountError | null {
  if (!Number.isFinite(amount) || amount <= 0) return 'AMOUNT_REQ';
  if (amount < CALC.AMOUNT_MIN) return 'AMOUNT_MIN';
  if (amount > CALC.AMOUNT_MAX) return 'AMOUNT_MAX';
  return null;
}

/** SPEC §5: the postal code field keeps digits only (and no more than the country's length). */
export function zipDigits(text: string, maxLength: number): string {
  return text.replace(/\D+/g, '').slice(0, maxLength);
}

/** Six digits hold any amount above the maximum, so 40.000 can be typed and rejected. */
export const AMOUNT_MAX_DIGITS = 6;
