/**
 * SPEC §3 IsFavourite on berechnen / berechnen-default: the favourites of the logged-in user,
 * set with POST /api/jwt/kunde/set/favourite, overlaid per request on a user-independent result.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CalculationResultSchema,
  type CalculationResult,
  type CalculatorConfigInput,
} from '../../../src/api/contract/calculation';
import { authHeaders, createTestUser, type TestUser } from '../../../tests/support/auth';
import { testCalculatorConfig } from '../../../tests/support/calculator';
import { useTestApp } from '../../../tests/support/test-app';
import { markFavourites } from './service';

const t = useTestApp();
let fan: TestUser;
let other: TestUser;

beforeAll(async () => {
  [fan, other] = await Promise.all([createTestUser(t.database), createTestUser(t.database)]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const CONFIG: CalculatorConfigInput = testCalculatorConfig();

async function offers(
  path: 'berechnen' | 'berechnen-default',
  user?: TestUser,
): Promise<CalculationResult> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/kalkulation/${path}`,
    payload: CONFIG,
    ...(user ? { headers: authHeaders(user) } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return CalculationResultSchema.parse(response.json());
}

const favouriteIds = (result: CalculationResult) =>
  result.Items.filter((o) => o.IsFavourite).map((o) => o.Id);

async function setFavourite(user: TestUser, dealerId: number, state: boolean) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/jwt/kunde/set/favourite',
    headers: authHeaders(user),
    payload: { UserId: dealerId, State: state },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('IsFavourite on berechnen and berechnen-default', () => {
  it('marks a favourite for its user only; not for another user nor anonymous; unmarks', async () => {
    const before = await offers('berechnen', fan);
    expect(before.Items.length).toBeGreaterThanOrEqual(3);
    expect(favouriteIds(before)).toEqual([]);
    const dealer = before.Items[1]?.Id ?? 0;

    await setFavourite(fan, dealer, true);

    for (const path of ['berechnen', 'berechnen-default'] as const) {
      expect(favouriteIds(await offers(path, fan)), `${path} for the user`).toEqual([dealer]);
      expect(favouriteIds(await offers(path, other)), `${path} for another user`).toEqual([]);
      expect(favouriteIds(await offers(path)), `${path} anonymous`).toEqual([]);
    }
    // Prices and ranking are the same for everyone: only the flag differs.
    const [mine, theirs] = [await offers('berechnen', fan), await offers('berechnen', other)];
    expect(mine.Items.map((o) => ({ ...o, IsFavourite: false }))).toEqual(theirs.Items);

    await setFavourite(fan, dealer, false);
    expect(favouriteIds(await offers('berechnen', fan))).toEqual([]);
  });

  it('does not leak between users in either order (shared result objects stay unmarked)', async () => {
    const [a, b] = [
      (await offers('berechnen')).Items[0]?.Id,
      (await offers('berechnen')).Items[2]?.Id,
    ];
    if (a === undefined || b === undefined) throw new Error('too few offers');
    await setFavourite(fan, a, true);
    await setFavourite(other, b, true);
    try {
      // Interleaved, concurrent: each answer carries only its own user's favourite.
      const results = await Promise.all([
        offers('berechnen', fan),
        offers('berechnen', other),
        offers('berechnen'),
        offers('berechnen', fan),
        offers('berechnen-default', other),
        offers('berechnen-default'),
      ]);
      expect(results.map(favouriteIds)).toEqual([[a], [b], [], [a], [b], []]);
    } finally {
      await setFavourite(fan, a, false);
      await setFavourite(other, b, false);
    }
  });

  it('costs anonymous requests no favourites query, a logged-in one exactly one', async () => {
    const spy = vi.spyOn(t.app.calculation, 'favouriteDealerIds');
    await offers('berechnen');
    await offers('berechnen-default');
    expect(spy).not.toHaveBeenCalled();
    await offers('berechnen', fan);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith(fan.id);
  });

  it('markFavourites copies marked offers and leaves the input alone', async () => {
    const result = await offers('berechnen');
    const frozen = structuredClone(result);
    const first = result.Items[0];
    if (!first) throw new Error('no offers');

    const marked = markFavourites(result, new Set([first.Id]));
    expect(result).toEqual(frozen);
    expect(marked).not.toBe(result);
    expect(marked.Items[0]).toEqual({ ...first, IsFavourite: true });
    expect(marked.Items[1]).toBe(result.Items[1]);
    // Nothing to mark: the very same object, no copy.
    expect(markFavourites(result, new Set())).toBe(result);
    expect(markFavourites(result, new Set([-1]))).toBe(result);
  });
});
