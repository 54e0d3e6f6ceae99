import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenClaimsSchema } from '../../../src/api/contract/account';
import { jwtKey, signAccessToken, verifyAccessToken, type TokenUser } from './jwt';

const SECRET = 'jwt-test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

const customer: TokenUser = {
  id: 42,
  email: 'erika@example.org',
  roles: ['Role_Customer'],
  title1: 'Frau',
  title2: 'Dr.',
  firstName: 'Erika',
  lastName: '',
  hasMexEnabled: true,
  hasAnyOrder: false,
  allowSupportInfo: false,
  impersonatorId: null,
};

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

describe('access tokens', () => {
  it('carries the SPEC §3 claims and verifies', async () => {
    const { token, expiresAt } = await signAccessToken(SECRET, customer, 900);
    const claims = decode(token);
    expect(TokenClaimsSchema.safeParse(claims).success).toBe(true);
    expect(claims).toMatchObject({
      sub: 'erika@example.org',
      id: 42,
      role: ['Role_Customer'],
      isImpersonatedS: 'false',
      hasMexEnabled: true,
      // lastName falls back to the first name (SPEC §3).
      lastName: 'Erika',
      iss: 'oelkompass',
      aud: 'oelkompass-app',
      exp: expiresAt,
    });
    expect(claims).not.toHaveProperty('imp');
    const verified = await verifyAccessToken(SECRET, token);
    expect(verified?.user).toMatchObject({
      id: 42,
      email: 'erika@example.org',
      roles: ['Role_Customer'],
      hasMexEnabled: true,
      isImpersonated: false,
      impersonatorId: null,
    });
  });

  it('marks an impersonated session with imp and isImpersonatedS', async () => {
    const { token } = await signAccessToken(SECRET, { ...customer, impersonatorId: 7 }, 900);
    expect(decode(token)).toMatchObject({ imp: 7, isImpersonatedS: 'true' });
    const verified = await verifyAccessToken(SECRET, token);
    expect(verified?.user).toMatchObject({ isImpersonated: true, impersonatorId: 7 });
  });

  it('refuses expired, tampered, foreign and garbage tokens', async () => {
    const expired = await signAccessToken(SECRET, customer, -10);
    expect(await verifyAccessToken(SECRET, expired.token)).toBeNull();

    const { token } = await signAccessToken(SECRET, customer, 900);
    const [h, , s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...decode(token), role: ['Oelkompass.Admin'] }),
    ).toString('base64url');
    expect(await verifyAccessToken(SECRET, `${h}.${forged}.${s}`)).toBeNull();

    expect(await verifyAccessToken('another-secret-0123456789-abcdefghijklmnop', token)).toBeNull();
    expect(await verifyAccessToken(SECRET, 'not.a.jwt')).toBeNull();
    expect(await verifyAccessToken(SECRET, '')).toBeNull();
  });

  it('refuses a token for another audience or issuer', async () => {
    const now = Math.floor(Date.now() / 1000);
    const other = await new SignJWT({ id: 42, sub: 'x@example.org' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('someone-else')
      .setAudience('oelkompass-app')
      .setExpirationTime(now + 600)
      .sign(jwtKey(SECRET));
    expect(await verifyAccessToken(SECRET, other)).toBeNull();
  });
});
