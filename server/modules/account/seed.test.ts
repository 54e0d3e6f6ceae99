import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_ROLES, STAFF_ROLE_NAMES } from '../../../src/api/contract/account';
import { DEALER_ROLE } from '../../../src/lib/roles';
import { openTestDatabase, type TestDatabase } from '../../../tests/support/test-app';
import { addresses, users } from '../../db/schema';
import { verifyPassword } from './password';
import {
  DEMO_CUSTOMER_EMAIL,
  DEMO_PASSWORD,
  DEMO_USERS,
  demoUsersWanted,
  seedDemoUsers,
} from './seed';

let t: TestDatabase;

beforeAll(async () => {
  // The seeded snapshot already ran seedAll, demo users included (NODE_ENV=test).
  t = await openTestDatabase();
});

afterAll(() => t.close());

describe('demo users', () => {
  it('has one user per SPEC §6 role, staff roles with the prefix', async () => {
    const rows = await t.database.db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_USERS.map((u) => u.email),
        ),
      );
    expect(rows).toHaveLength(DEMO_USERS.length);
    const roles = rows.flatMap((r) => r.roles).sort();
    expect(roles).toEqual(
      [...CUSTOMER_ROLES, DEALER_ROLE, ...STAFF_ROLE_NAMES.map((n) => `Oelkompass.${n}`)].sort(),
    );
    const admin = rows.find((r) => r.roles.includes('Oelkompass.Admin'));
    expect(admin && (await verifyPassword(DEMO_PASSWORD, admin.passwordHash))).toBe(true);
  });

  it('gives the customer meX and two addresses', async () => {
    const [customer] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_CUSTOMER_EMAIL));
    expect(customer?.hasMexEnabled).toBe(true);
    const own = await t.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, customer?.id ?? 0));
    expect(own.map((a) => a.kind).sort()).toEqual(['billing', 'delivery']);
  });

  it('is idempotent', async () => {
    expect(await seedDemoUsers(t.database.db, { rolePrefix: 'Oelkompass.' })).toEqual({
      inserted: 0,
      skipped: true,
    });
    const own = await t.database.db.select().from(addresses);
    expect(own.filter((a) => a.zip === '10115' && a.lastName === 'Mustermann')).toHaveLength(1);
  });

  it('is off in production unless asked for', () => {
    expect(demoUsersWanted({ NODE_ENV: 'production' })).toBe(false);
    expect(demoUsersWanted({ NODE_ENV: 'production', SEED_DEMO_USERS: 'true' })).toBe(true);
    expect(demoUsersWanted({ NODE_ENV: 'development' })).toBe(true);
    expect(demoUsersWanted({ NODE_ENV: 'development', SEED_DEMO_USERS: 'false' })).toBe(false);
  });
});
