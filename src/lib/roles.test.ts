import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluateGuard,
  normaliseRoles,
  safeReturnUrl,
  type GuardName,
  type GuardUser,
} from './roles';

const user = (roles: string[], extra: Partial<GuardUser> = {}): GuardUser => ({
  roles,
  isImpersonated: false,
  hasMexEnabled: false,
  ...extra,
});

const GUARDS: GuardName[] = [
  'user',
  'admin',
  'editor',
  'support',
  'impersonateSupport',
  'adManager',
  'mexOwner',
  'mexSupport',
  'staff',
  'dealer',
];

describe('SPEC §6 guards', () => {
  /** Every guard answers the same. */
  const allAre = (answer: 'ok' | 'login' | 'root') =>
    Object.fromEntries(GUARDS.map((guard) => [guard, answer])) as Record<GuardName, typeof answer>;
  /** A logged-in user without a staff role: only the user guard lets them in. */
  const customerOnly = { ...allAre('root'), user: 'ok' } as const;
  const cases: [string, GuardUser | null, Record<GuardName, 'ok' | 'login' | 'root'>][] = [
    ['anonymous', null, allAre('login')],
    ['customer', user(['Role_Customer']), customerOnly],
    [
      'impersonated customer with mex',
      user(['Role_Customer'], { isImpersonated: true, hasMexEnabled: true }),
      { ...customerOnly, impersonateSupport: 'ok', mexOwner: 'ok' },
    ],
    ['admin (prefixed)', user(['Oelkompass.Admin']), allAre('ok')],
    [
      'customer support',
      user(['Oelkompass.CustomerSupport']),
      { ...customerOnly, support: 'ok', impersonateSupport: 'ok', staff: 'ok' },
    ],
    [
      'ad manager is not admin',
      user(['Oelkompass.AdManager']),
      { ...customerOnly, adManager: 'ok', staff: 'ok' },
    ],
    ['dealer user', user(['Role_Dealer']), { ...customerOnly, dealer: 'ok' }],
    [
      'dealer support',
      user(['Oelkompass.DealerSupport']),
      { ...customerOnly, support: 'ok', impersonateSupport: 'ok', staff: 'ok', dealer: 'ok' },
    ],
    [
      'meX support',
      user(['Oelkompass.meXSupport']),
      { ...customerOnly, mexSupport: 'ok', staff: 'ok' },
    ],
  ];
  for (const [label, u, expected] of cases) {
    it(label, () => {
      for (const guard of Object.keys(expected) as GuardName[]) {
        expect([guard, evaluateGuard(guard, u)]).toEqual([guard, expected[guard]]);
      }
    });
  }

  it('reads the role claim as a single value or a list', () => {
    expect(normaliseRoles('Role_Customer')).toEqual(['Role_Customer']);
    expect(normaliseRoles(['a', 'b'])).toEqual(['a', 'b']);
    expect(normaliseRoles(undefined)).toEqual([]);
  });

  it('a role that merely contains a staff name does not match', () => {
    expect(evaluateGuard('admin', user(['Role_CustomerAdmin']))).toBe('root');
    expect(evaluateGuard('admin', user(['NotAdmin']))).toBe('root');
  });
});

describe('safeReturnUrl', () => {
  it.each([
    ['/bestellungen', '/bestellungen'],
    [
      '/heizoel/angebotsliste?zipCode=10115&amount=3000',
      '/heizoel/angebotsliste?zipCode=10115&amount=3000',
    ],
    ['https://elsewhere.example/x', '/'],
    ['//elsewhere.example/x', '/'],
    ['/\\elsewhere.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/%0d%0aSet-Cookie:x', '/'],
    ['/\tx', '/'],
    ['', '/'],
    [null, '/'],
    // Dot segments and encodings that normalise to "//host".
    ['/..//evil.example', '/'],
    ['/.//x', '/'],
    ['/%2e%2e//x', '/'],
    ['/%2E%2e//evil.example/pfad', '/'],
    ['/a/..//x', '/'],
    ['/a/b/../..//x', '/'],
    ['/%2F%2Fevil.example', '/'],
    ['/%5Cevil.example', '/'],
    // A repeated query key arrives as a list.
    [['/a', '/b'], '/'],
    // Harmless dot segments are resolved, not refused.
    ['/a/../bestellungen', '/bestellungen'],
    ['/./persoenliche-daten?x=1#y', '/persoenliche-daten?x=1#y'],
  ])('%s → %s', (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });

  /** What a browser does with `Location: <value>` on https://www.oelkompass.de/konto/…. */
  const browserTarget = (value: string) =>
    new URL(value, 'https://www.oelkompass.de/konto/anmelden-registrieren');

  const segment = fc.constantFrom(
    '',
    '.',
    '..',
    '%2e',
    '%2E%2e',
    '.%2e',
    '%2f',
    '%5c',
    '\\',
    'evil.example',
    'evil.example:443',
    '@evil.example',
    'bestellungen',
    '%00',
    '%0a',
    ';',
    '?x=//y',
    '#//z',
    'ü',
  );
  const crafted = fc
    .array(segment, { minLength: 1, maxLength: 8 })
    .map((parts) => `/${parts.join('/')}`);

  it('never leads to another host, whatever the input (property)', () => {
    fc.assert(
      fc.property(fc.oneof(crafted, fc.string(), fc.webUrl(), fc.webPath()), (input) => {
        const result = safeReturnUrl(input);
        expect(result.startsWith('/')).toBe(true);
        expect(result[1] === '/' || result[1] === '\\').toBe(false);
        expect(browserTarget(result).host).toBe('www.oelkompass.de');
        // Normalised already: deciding again changes nothing.
        expect(safeReturnUrl(result)).toBe(result);
      }),
      { numRuns: 2000 },
    );
  });
});
