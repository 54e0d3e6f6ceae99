/**
 * A strength hint for the new-password form: 0 too short (below the server's minimum,
 * PASSWORD_MIN_LENGTH), 1 weak, 2 medium, 3 strong. Only a hint: the server enforces the
 * minimum length, the rest is advice. Character classes and length count; a password that is
 * one repeated character, a keyboard run or a well-known word stays weak however long it is.
 */
import { PASSWORD_MIN_LENGTH } from '../../api/contract/account';

export type Strength = 0 | 1 | 2 | 3;

const WELL_KNOWN = /^(passwor[dt]|kennwort|qwertz|qwerty|asdf|1234|abc|hallo|heizoel|oelkompass)/i;

function classesOf(password: string): number {
  return [/[a-zäöüß]/, /[A-ZÄÖÜ]/, /\d/, /[^\p{L}\d]/u].filter((re) => re.test(password)).length;
}

function isTrivial(password: string): boolean {
  if (/^(.)\1*$/u.test(password)) return true;
  if (WELL_KNOWN.test(password)) return true;
  // Ascending or descending runs such as 0123456789 or abcdefghij.
  const codes = [...password].map((c) => c.codePointAt(0) ?? 0);
  const steps = new Set(codes.slice(1).map((code, i) => code - (codes[i] ?? 0)));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}

export function passwordStrength(password: string): Strength {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 0;
  if (isTrivial(password)) return 1;
  const classes = classesOf(password);
  if (length >= 20 || (classes >= 3 && length >= 12)) return 3;
  if (classes >= 2 || length >= 14) return 2;
  return 1;
}
