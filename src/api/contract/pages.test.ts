import { describe, expect, it } from 'vitest';
import { dataKey } from './pages';

describe('the key of embedded page data', () => {
  it('does not depend on the order a need was written in', () => {
    expect(dataKey({ kind: 'dealerReviews', countryId: 1, id: 7, page: 2 })).toBe(
      dataKey({ page: 2, id: 7, kind: 'dealerReviews', countryId: 1 }),
    );
  });

  it('tells needs apart by kind and every value, and leaves out a missing optional one', () => {
    const keys = [
      dataKey({ kind: 'dealer', countryId: 1, id: 7 }),
      dataKey({ kind: 'dealer', countryId: 1, id: 7, branchId: 3 }),
      dataKey({ kind: 'dealer', countryId: 2, id: 7 }),
      dataKey({ kind: 'dealerReviews', countryId: 1, id: 7, page: 1 }),
      dataKey({ kind: 'dealerDirectory', countryId: 1, state: 'bayern' }),
      dataKey({ kind: 'dealerDirectory', countryId: 1, state: 'bayern', zipCode: '80' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(dataKey({ kind: 'dealer', countryId: 1, id: 7, branchId: undefined })).toBe(keys[0]);
  });
});
