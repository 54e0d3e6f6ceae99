import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { readHistories, readHistory, seriesCacheOf } from './history';

interface Row {
  region: string;
  year: number;
  prices: (number | null)[];
}

/** A database that answers every price_series query with `rows` and counts the queries. */
function fakeDb(rows: Row[]) {
  let queries = 0;
  let hold: Promise<void> | undefined;
  const db = {
    select: () => ({
      from: () => ({
        where: async () => {
          queries += 1;
          await hold;
          return rows;
        },
      }),
    }),
  } as unknown as Db;
  return {
    db,
    queries: () => queries,
    holdNext(): () => void {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}

const year2026 = Array.from({ length: 365 }, (_, i) => (i < 330 ? 90 + i / 1000 : null));

describe('the price series cache', () => {
  it('reads a region-year once and answers later ranges from memory, as the query did', async () => {
    const fake = fakeDb([{ region: 'state:1', year: 2026, prices: year2026 }]);
    const first = await readHistory(fake.db, 'state:1', '2026-11-20', '2026-11-28');
    const again = await readHistories(fake.db, ['state:1', 'state:2'], '2026-11-24', '2026-11-26');
    expect(fake.queries()).toBe(2); // state:2 was not asked before
    expect(await readHistory(fake.db, 'state:2', '2026-01-01', '2026-12-31')).toEqual([]);
    expect(fake.queries()).toBe(2);
    // 2026-11-26 is day 330 of the year (index 329), the last with a value.
    expect(first.map((p) => p.day)).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
    expect(first[0]!.price).toBe(90.32);
    expect(again.get('state:1')!.map((p) => p.day)).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
  });

  it('reads again after a clear, and does not keep what a read started before the clear found', async () => {
    const fake = fakeDb([{ region: 'state:1', year: 2026, prices: year2026 }]);
    const release = fake.holdNext();
    const pending = readHistory(fake.db, 'state:1', '2026-11-01', '2026-11-28');
    seriesCacheOf(fake.db).clear(); // a snapshot while the read runs
    release();
    expect((await pending).length).toBe(26);
    await readHistory(fake.db, 'state:1', '2026-11-01', '2026-11-28');
    expect(fake.queries()).toBe(2);
    await readHistory(fake.db, 'state:1', '2026-11-01', '2026-11-28');
    expect(fake.queries()).toBe(2);
    seriesCacheOf(fake.db).clear();
    await readHistory(fake.db, 'state:1', '2026-11-01', '2026-11-28');
    expect(fake.queries()).toBe(3);
  });
});
