/**
 * A number in an address has one spelling: its canonical decimal form (requestNumberParam in
 * src/api/contract/common.ts). z.coerce.number took `+3`, `0x3`, `3e0`, `03`, ` 3`, `3.0` for 3,
 * so one resource answered under many addresses. Against real routes with numbers in the path
 * and in the query: every other spelling of the same number is a 400 naming the field; the
 * canonical one is answered as before.
 */
import fc from 'fast-check';
import { z } from 'zod/mini';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANONICAL_WHOLE_NUMBER, requestNumberParam } from '../src/api/contract/common';
import { authHeaders, createTestUser, staffRole, type TestUser } from '../tests/support/auth';
import { useTestApp } from '../tests/support/test-app';

const t = useTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await createTestUser(t.database, { roles: [staffRole('Admin')] });
});

interface NumberRoute {
  /** The address with `{n}` where the number goes. */
  url: string;
  /** The number that is answered 200 in its canonical spelling. */
  n: () => number;
  /** Where the validation names it: `params.countryId`, `querystring.amount`… */
  issuePath: string;
  /** How its German message names it. */
  label: string;
  /** The staff routes need a login to get past their guard. */
  asAdmin?: boolean;
}

const ROUTES: NumberRoute[] = [
  {
    url: '/api/kalkulation/init/{n}/1',
    n: () => 1,
    issuePath: 'params.countryId',
    label: 'CountryId',
  },
  {
    url: '/api/kalkulation/init/1/{n}',
    n: () => 2,
    issuePath: 'params.productGroupId',
    label: 'ProductGroupId',
  },
  {
    url: '/api/kalkulation/best-price?countryId=1&amount={n}',
    n: () => 3000,
    issuePath: 'querystring.amount',
    label: 'amount',
  },
  {
    url: '/api/kalkulation/best-price?countryId={n}',
    n: () => 3,
    issuePath: 'querystring.countryId',
    label: 'CountryId',
  },
  { url: '/api/site/1/dealers/{n}', n: () => 1188, issuePath: 'params.id', label: 'id' },
  {
    url: '/api/site/1/dealers/1188/reviews?page={n}',
    n: () => 1,
    issuePath: 'querystring.page',
    label: 'page',
  },
  {
    url: '/api/site/1/news-articles?size={n}',
    n: () => 12,
    issuePath: 'querystring.size',
    label: 'size',
  },
  {
    url: '/api/support/users/{n}',
    n: () => admin.id,
    issuePath: 'params.id',
    label: 'Benutzer-Id',
    asAdmin: true,
  },
];

/** What z.coerce.number (Number()) read as n, each spelled otherwise than n itself. */
function lenientSpellings(n: number): string[] {
  return [
    `+${n}`,
    `0x${n.toString(16)}`,
    `0X${n.toString(16).toUpperCase()}`,
    `0o${n.toString(8)}`,
    `0b${n.toString(2)}`,
    `${n}e0`,
    `${n}E+0`,
    `${n * 10}e-1`,
    `0${n}`,
    `00${n}`,
    ` ${n}`,
    `${n} `,
    `\t${n}\n`,
    `\u00a0${n}`,
    `${n}.0`,
    `${n}.`,
    `${n}.000`,
  ];
}

/** Any spelling Number() reads as n that is not n's own: prefixes, forms and suffixes mixed. */
function lenientArbitrary(n: number): fc.Arbitrary<string> {
  const forms = [
    String(n),
    `0x${n.toString(16)}`,
    `0o${n.toString(8)}`,
    `0b${n.toString(2)}`,
    `${n}e0`,
    `${n}.0`,
    `${n}.`,
    `${n * 100}e-2`,
    `${n / 10}e1`,
  ];
  return fc
    .tuple(
      fc.constantFrom('', '+', '0', '00', ' ', '\t', '\n', '\u00a0', '\u2003', '\r\n'),
      fc.constantFrom(...forms),
      fc.constantFrom('', ' ', '\t', '\n', '\u00a0'),
    )
    .map(([before, form, after]) => `${before}${form}${after}`)
    .filter((text) => text !== String(n) && Number(text) === n);
}

function get(route: NumberRoute, text: string) {
  return t.app.inject({
    url: route.url.replace('{n}', encodeURIComponent(text)),
    headers: route.asAdmin ? authHeaders(admin) : {},
  });
}

async function expectRefused(route: NumberRoute, text: string): Promise<void> {
  const res = await get(route, text);
  const at = `${route.url} with ${JSON.stringify(text)}`;
  expect(res.statusCode, at).toBe(400);
  const body = res.json<{ message: string; issues?: { path: string; message: string }[] }>();
  expect(body.message, at).toBe('Die Anfrage ist ungültig.');
  const issue = body.issues?.find((i) => i.path === route.issuePath);
  expect(issue, `${at}: ${res.body}`).toBeDefined();
  expect(issue?.message, at).toContain(route.label);
}

describe('numbers in an address', () => {
  it.each(ROUTES.map((route) => [route.url, route] as const))(
    '%s: the canonical spelling is answered',
    async (_url, route) => {
      const res = await get(route, String(route.n()));
      expect(res.statusCode, res.body).toBe(200);
    },
  );

  it.each(ROUTES.map((route) => [route.url, route] as const))(
    '%s: +n, 0x…, ne0, 0n, " n", n.0 and the like are a 400 naming the field',
    async (_url, route) => {
      for (const text of lenientSpellings(route.n())) await expectRefused(route, text);
    },
  );

  it.each(ROUTES.map((route) => [route.url, route] as const))(
    '%s: any spelling Number() reads as the same number is refused (generated)',
    async (_url, route) => {
      await fc.assert(
        fc.asyncProperty(lenientArbitrary(route.n()), (text) => expectRefused(route, text)),
        { numRuns: 25 },
      );
    },
  );

  it('an empty value is no 0, and a number beyond a double is "too big", not Infinity', async () => {
    const [amount, reviewsPage] = [ROUTES[2]!, ROUTES[5]!];
    await expectRefused(amount, '');
    const huge = await get(reviewsPage, '9'.repeat(400));
    expect(huge.statusCode).toBe(400);
    expect(huge.json<{ issues: { message: string }[] }>().issues).toEqual([
      { path: 'querystring.page', message: 'page ist zu groß.' },
    ]);
  });
});

describe('requestNumberParam', () => {
  const counter = requestNumberParam('Zähler', z.gte(0, 'Zähler darf nicht negativ sein.'));

  it('takes 0 where 0 is a value, and only as "0"', () => {
    expect(counter.safeParse('0')).toMatchObject({ success: true, data: 0 });
    for (const text of ['00', '-0', '+0', '0.0', '0x0', '', ' 0']) {
      expect(counter.safeParse(text).success, JSON.stringify(text)).toBe(false);
    }
  });

  it('reads the canonical form as its number', () => {
    fc.assert(
      fc.property(fc.nat(), (n) => {
        expect(CANONICAL_WHOLE_NUMBER.test(String(n))).toBe(true);
        expect(counter.safeParse(String(n))).toMatchObject({ success: true, data: n });
      }),
    );
  });
});
