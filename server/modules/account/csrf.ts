/**
 * CSRF double submit with a signed value (docs/decisions/008): the `ok_csrf` cookie holds
 * `random.hmac(random)`; a state-changing request must echo it in the RequestVerificationToken
 * header (the legacy forms in a hidden field) and the HMAC must verify, so a value planted by a
 * sibling subdomain or an attacker-chosen cookie is refused.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const CSRF_HEADER = 'requestverificationtoken';
/** Field name of the hidden form field on the legacy pages. */
export const CSRF_FIELD = '__RequestVerificationToken';

function mac(secret: string, random: string): string {
  return createHmac('sha256', secret).update(`csrf:${random}`).digest('base64url');
}

export function createCsrfToken(secret: string): string {
  const random = randomBytes(24).toString('base64url');
  return `${random}.${mac(secret, random)}`;
}

export function isValidCsrfToken(secret: string, value: string | undefined | null): boolean {
  if (!value || value.length > 200) return false;
  const dot = value.indexOf('.');
  if (dot <= 0) return false;
  const expected = Buffer.from(mac(secret, value.slice(0, dot)));
  const given = Buffer.from(value.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Cookie value and submitted value are the same valid token. */
export function csrfMatches(
  secret: string,
  cookieValue: string | undefined,
  submitted: string | undefined,
): boolean {
  if (!cookieValue || !submitted || !isValidCsrfToken(secret, cookieValue)) return false;
  const a = Buffer.from(cookieValue);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}
