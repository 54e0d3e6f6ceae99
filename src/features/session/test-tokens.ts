/**
 * Unsigned JWT-shaped tokens for client tests: the app only decodes claims (the server verifies
 * signatures), so a token here needs a readable payload, not a valid signature.
 */
function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}

let serial = 0;

/** A customer token expiring at `exp` (epoch seconds); each call gives a different token. */
export function customerToken(exp: number, extra: Record<string, unknown> = {}): string {
  serial += 1;
  return fakeJwt({
    sub: '42',
    id: 42,
    role: ['Role_Customer'],
    firstName: 'Erika',
    lastName: 'Mustermann',
    isImpersonatedS: 'false',
    jti: serial,
    exp,
    ...extra,
  });
}
