/**
 * A logged-in user in a client test: an unsigned token with the given claims in the session
 * store, settled (the app only decodes claims; the server verifies signatures).
 */
import { sessionState, userFromToken } from '../../src/features/session';

function b64(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '');
}

/** Logs in a user with `claims` (sub and id 1 and a far expiry unless given). */
export function loginWithClaims(claims: Record<string, unknown>): void {
  const token = `${b64({ alg: 'HS256' })}.${b64({ sub: '1', id: 1, exp: 2_000_000_000, ...claims })}.x`;
  const user = userFromToken(token);
  Object.assign(sessionState, {
    token,
    User: user,
    LoggedIn: true,
    AllowSupportInfo: user?.allowSupportInfo ?? false,
    status: 'settled',
  });
}
