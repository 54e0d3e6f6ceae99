/** The campaign and slot bodies refuse bad input with field issues, never by throwing. */
import { describe, expect, it } from 'vitest';
import { CampaignBodySchema, SlotBodySchema } from './iam';

describe('IAM request bodies', () => {
  it('check across fields only once every field parsed (a NUL in ZipRanges threw: a 500)', () => {
    const result = CampaignBodySchema.safeParse({
      Name: 'x',
      CampaignTypeId: 15,
      Weight: 1,
      StartsAt: '7908-09-81',
      EndsAt: '4731-06-74',
      CountryIds: [18],
      ZipRanges: '\u0000\u0000\u0000',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.length).toBeGreaterThan(0);
    expect(() => SlotBodySchema.safeParse({ Items: 'keine Liste' })).not.toThrow();
  });

  it('still checks across fields when every field is fine', () => {
    const result = CampaignBodySchema.safeParse({
      Name: 'Herbst',
      CampaignTypeId: 1,
      Weight: 1,
      StartsAt: '2026-01-01',
      EndsAt: '2025-01-01',
      CountryIds: [2],
      ZipRanges: '80331',
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Das Ende darf nicht vor dem Beginn liegen.',
      'Fünfstellige Postleitzahlen gibt es nur in Deutschland: Deutschland wählen.',
    ]);
  });
});
