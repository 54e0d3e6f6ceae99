import { describe, expect, it } from 'vitest';
import { advertShares, drawAdvertItem } from './advert-draw';

const paid = (Weight: number, id: string) => ({ CampaignTypeId: 1, Weight, id });
const house = (id: string) => ({ CampaignTypeId: 2, Weight: 1, id });

describe('SPEC §4 advert draw', () => {
  it('draws paid items in proportion to their weight', () => {
    const items = [house('h'), paid(1, 'a'), paid(3, 'b')];
    // [0, 0.25) → a, [0.25, 1) → b
    expect(drawAdvertItem(items, () => 0)?.id).toBe('a');
    expect(drawAdvertItem(items, () => 0.249)?.id).toBe('a');
    expect(drawAdvertItem(items, () => 0.25)?.id).toBe('b');
    expect(drawAdvertItem(items, () => 0.999999)?.id).toBe('b');
    expect(advertShares(items)).toEqual([0, 0.25, 0.75]);
  });

  it('matches the shares over many draws with Math.random', () => {
    const items = [paid(1, 'a'), paid(4, 'b')];
    let b = 0;
    for (let i = 0; i < 20_000; i++) if (drawAdvertItem(items)?.id === 'b') b++;
    expect(b / 20_000).toBeGreaterThan(0.77);
    expect(b / 20_000).toBeLessThan(0.83);
  });

  it('falls back to the first house item, and shows nothing without items', () => {
    expect(drawAdvertItem([house('h1'), house('h2')])?.id).toBe('h1');
    expect(advertShares([house('h1'), house('h2')])).toEqual([1, 0]);
    expect(drawAdvertItem([])).toBeNull();
    // A paid item without weight never wins; the house item stands in.
    expect(drawAdvertItem([paid(0, 'a'), house('h')])?.id).toBe('h');
  });
});
