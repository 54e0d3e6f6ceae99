import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, guardUserOf, parseBooleanText, userFromToken } from './claims';
import { fakeJwt } from './test-tokens';

describe('parseBooleanText (SPEC §5)', () => {
  it.each(['true', 'TRUE', 'yes', 'Ja', '1', ' true '])('%s is true', (text) => {
    expect(parseBooleanText(text)).toBe(true);
  });
  it.each(['false', 'no', 'nein', '0', '', '  ', 'wahr'])('%s is false', (text) => {
    expect(parseBooleanText(text)).toBe(false);
  });
  it('passes booleans through and treats other types as false', () => {
    expect(parseBooleanText(true)).toBe(true);
    expect(parseBooleanText(false)).toBe(false);
    expect(parseBooleanText(1)).toBe(true);
    expect(parseBooleanText(null)).toBe(false);
    expect(parseBooleanText(undefined)).toBe(false);
  });
});

describe('userFromToken (SPEC §3 Logged-in user)', () => {
  it('reads every claim, flags as boolean text', () => {
    const user = userFromToken(
      fakeJwt({
        sub: '7',
        id: 7,
        title1: 'Frau',
        title2: 'Dr.',
        role: ['Role_Customer'],
        isImpersonatedS: 'True',
        hasMexEnabled: 'ja',
        hasAnyOrder: '0',
        firstName: 'Jürgen',
        lastName: 'Größer',
        isAdManager: 'no',
        allowSupportInfo: false,
        exp: 2_000_000_000,
      }),
    );
    expect(user).toEqual({
      id: '7',
      title1: 'Frau',
      title2: 'Dr.',
      roles: ['Role_Customer'],
      isImpersonatedS: true,
      hasMexEnabled: true,
      hasAnyOrder: false,
      firstName: 'Jürgen',
      lastName: 'Größer',
      loggedIn: true,
      isAdManager: false,
      allowSupportInfo: false,
      exp: 2_000_000_000,
    });
  });

  it('takes a single role as a list; lastName falls back to firstName', () => {
    const user = userFromToken(
      fakeJwt({ sub: '3', id: '3', role: 'Oelkompass.AdManager', firstName: 'Cher', exp: 1 }),
    );
    expect(user?.roles).toEqual(['Oelkompass.AdManager']);
    expect(user?.lastName).toBe('Cher');
    // The ad-manager role makes isAdManager true even without the claim.
    expect(user?.isAdManager).toBe(true);
  });

  it('gives no roles when the claim is missing', () => {
    expect(userFromToken(fakeJwt({ sub: '3', id: 3, exp: 1 }))?.roles).toEqual([]);
  });

  it('refuses unreadable tokens and tokens without id or exp', () => {
    expect(userFromToken('not-a-token')).toBeNull();
    expect(userFromToken('a.%%%.c')).toBeNull();
    expect(userFromToken(fakeJwt({ sub: '3', id: 3 }))).toBeNull();
    expect(userFromToken(fakeJwt({ exp: 5 }))).toBeNull();
    expect(decodeJwtPayload(`x.${btoa('[1,2]')}.y`)).toBeUndefined();
  });

  it('gives the guards roles, impersonation and mex', () => {
    const user = userFromToken(
      fakeJwt({ sub: '1', id: 1, role: 'X.DealerSupport', isImpersonatedS: 'false', exp: 9 }),
    );
    expect(guardUserOf(user)).toEqual({
      roles: ['X.DealerSupport'],
      isImpersonated: false,
      hasMexEnabled: false,
    });
    expect(guardUserOf(null)).toBeNull();
  });
});
