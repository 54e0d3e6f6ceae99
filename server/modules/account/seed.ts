/**
 * Demo users, one per SPEC §6 role, for local use and the end-to-end tests (README
 * "Demo-Zugänge"). Idempotent: existing e-mail addresses are left alone. Staff roles carry the
 * configured company prefix (ROLE_PREFIX). Not seeded in production unless SEED_DEMO_USERS=true.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, users } from '../../db/schema';
import { hashPassword } from './password';

/** The one password of every demo account; public (README), so never seeded in production. */
export const DEMO_PASSWORD = 'Demo-Passwort-2026';
const DOMAIN = 'demo.oelkompass.example';

/** The customer with meX and two addresses; the demo orders belong to this account. */
export const DEMO_CUSTOMER_EMAIL = `kunde@${DOMAIN}`;

export interface DemoUser {
  email: string;
  /** Customer-side role as is, or a staff role name (prefixed when stored). */
  role: string;
  staff: boolean;
  title1: string;
  firstName: string;
  lastName: string;
  /** What the account is for, shown in README. */
  label: string;
  hasMexEnabled?: boolean;
  allowSupportInfo?: boolean;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: DEMO_CUSTOMER_EMAIL,
    role: 'Role_Customer',
    staff: false,
    title1: 'Frau',
    firstName: 'Erika',
    lastName: 'Mustermann',
    label: 'Kundin mit meX und zwei Adressen',
    hasMexEnabled: true,
  },
  {
    email: `presse@${DOMAIN}`,
    role: 'Role_Press',
    staff: false,
    title1: 'Herr',
    firstName: 'Paul',
    lastName: 'Presse',
    label: 'Presse',
  },
  {
    email: `werbepartner@${DOMAIN}`,
    role: 'Role_AdvertisingPartner',
    staff: false,
    title1: 'Frau',
    firstName: 'Wera',
    lastName: 'Werbung',
    label: 'Werbepartner',
  },
  {
    // Bound to a seeded dealer by the dealer area's seed (decision 026).
    email: `haendler@${DOMAIN}`,
    role: 'Role_Dealer',
    staff: false,
    title1: 'Herr',
    firstName: 'Hans',
    lastName: 'Händler',
    label: 'Händler: Aufträge im Händlerbereich',
  },
  {
    email: `admin@${DOMAIN}`,
    role: 'Admin',
    staff: true,
    title1: 'Herr',
    firstName: 'Adam',
    lastName: 'Admin',
    label: 'Administrator (besteht jede Rollenprüfung)',
    allowSupportInfo: true,
  },
  {
    email: `haendlersupport@${DOMAIN}`,
    role: 'DealerSupport',
    staff: true,
    title1: 'Frau',
    firstName: 'Hanna',
    lastName: 'Händlersupport',
    label: 'Händler-Support',
    allowSupportInfo: true,
  },
  {
    email: `kundensupport@${DOMAIN}`,
    role: 'CustomerSupport',
    staff: true,
    title1: 'Herr',
    firstName: 'Karl',
    lastName: 'Kundensupport',
    label: 'Kunden-Support (kann Kunden übernehmen)',
    allowSupportInfo: true,
  },
  {
    email: `redaktion@${DOMAIN}`,
    role: 'Editor',
    staff: true,
    title1: 'Frau',
    firstName: 'Rita',
    lastName: 'Redaktion',
    label: 'Redaktion',
  },
  {
    email: `buchhaltung@${DOMAIN}`,
    role: 'Financial',
    staff: true,
    title1: 'Herr',
    firstName: 'Bernd',
    lastName: 'Buchhaltung',
    label: 'Finanzen',
  },
  {
    email: `marketing@${DOMAIN}`,
    role: 'Marketing',
    staff: true,
    title1: 'Frau',
    firstName: 'Mara',
    lastName: 'Marketing',
    label: 'Marketing',
  },
  {
    email: `mex-support@${DOMAIN}`,
    role: 'meXSupport',
    staff: true,
    title1: 'Herr',
    firstName: 'Max',
    lastName: 'Mex',
    label: 'meX-Support',
  },
  {
    email: `anzeigen@${DOMAIN}`,
    role: 'AdManager',
    staff: true,
    title1: 'Frau',
    firstName: 'Anja',
    lastName: 'Anzeigen',
    label: 'Anzeigen-Manager',
  },
];

export interface DemoUserSeedOptions {
  rolePrefix: string;
}

export interface DemoUserSeedResult {
  inserted: number;
  skipped: boolean;
}

/** Same rule as server/config.ts SEED_DEMO_USERS: on unless production, or when asked for. */
export function demoUsersWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const flag = env.SEED_DEMO_USERS;
  if (flag === 'true' || flag === '1') return true;
  if (flag === 'false' || flag === '0') return false;
  return env.NODE_ENV !== 'production';
}

export async function seedDemoUsers(
  db: Db,
  opts: DemoUserSeedOptions,
): Promise<DemoUserSeedResult> {
  const existing = new Set(
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(
          inArray(
            users.email,
            DEMO_USERS.map((u) => u.email),
          ),
        )
    ).map((r) => r.email),
  );
  const missing = DEMO_USERS.filter((u) => !existing.has(u.email));
  if (missing.length === 0) return { inserted: 0, skipped: true };

  // One hash for all: the demo password is published in the README, so a salt per demo user
  // protects nothing, and each scrypt costs ~0.5 s on every first start and test setup.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = await db
    .insert(users)
    .values(
      missing.map((u) => ({
        email: u.email,
        passwordHash,
        title1: u.title1,
        firstName: u.firstName,
        lastName: u.lastName,
        roles: [u.staff ? `${opts.rolePrefix}${u.role}` : u.role],
        hasMexEnabled: u.hasMexEnabled ?? false,
        allowSupportInfo: u.allowSupportInfo ?? false,
      })),
    )
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email });

  const customer = rows.find((r) => r.email === DEMO_CUSTOMER_EMAIL);
  if (customer) {
    // Delivery first: the demo orders (../orders/seed.ts) deliver to the first address.
    await db.insert(addresses).values([
      {
        userId: customer.id,
        kind: 'delivery',
        title1: 'Frau',
        firstName: 'Erika',
        lastName: 'Mustermann',
        street: 'Invalidenstraße',
        houseNumber: '117',
        zip: '10115',
        place: 'Berlin',
        countryId: 1,
        phone: '030 1234567',
        isDefault: true,
      },
      {
        userId: customer.id,
        kind: 'billing',
        title1: 'Frau',
        firstName: 'Erika',
        lastName: 'Mustermann',
        company: 'Mustermann Hausverwaltung',
        street: 'Friedrichstraße',
        houseNumber: '43',
        zip: '10117',
        place: 'Berlin',
        countryId: 1,
        phone: '030 1234567',
        isDefault: true,
      },
    ]);
  }
  return { inserted: rows.length, skipped: false };
}
