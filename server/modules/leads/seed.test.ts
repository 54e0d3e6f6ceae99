import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuideDefinitionSchema } from '../../../src/api/contract/leads';
import { openTestDatabase, type TestDatabase } from '../../../tests/support/test-app';
import { guides } from '../../db/schema';
import { CONSUMPTION_GUIDE, CONSUMPTION_GUIDE_ID, seedGuides } from './seed';

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
});

afterAll(async () => {
  await t?.close();
});

const row = async () =>
  (await t.database.db.select().from(guides).where(eq(guides.id, CONSUMPTION_GUIDE_ID)))[0];

describe('seedGuides', () => {
  it('is idempotent: a second run keeps the row and its updatedAt', async () => {
    const before = await row();
    expect(before && GuideDefinitionSchema.parse(before.definition)).toEqual(CONSUMPTION_GUIDE);
    await seedGuides(t.database.db);
    const after = await row();
    expect(after?.updatedAt).toEqual(before?.updatedAt);
    expect(await t.database.db.select().from(guides)).toHaveLength(1);
  });

  it('brings a changed or deactivated guide back to the seeded definition', async () => {
    await t.database.db
      .update(guides)
      .set({ definition: { Title: 'alt', Steps: [] }, active: false })
      .where(eq(guides.id, CONSUMPTION_GUIDE_ID));
    await seedGuides(t.database.db);
    const after = await row();
    expect(after?.active).toBe(true);
    expect(after && GuideDefinitionSchema.parse(after.definition)).toEqual(CONSUMPTION_GUIDE);
  });

  it('has about five steps with unique keys and ascending order weights', () => {
    expect(CONSUMPTION_GUIDE.Steps).toHaveLength(5);
    const keys = CONSUMPTION_GUIDE.Steps.flatMap((s) => s.Inputs.map((i) => i.Key));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
