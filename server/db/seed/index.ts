/**
 * Everything a fresh database needs, idempotent, run on every start (main.ts) and for tests:
 * reference data (postal codes, states), the calculator catalogue, dealers and their prices, the
 * oil-consumption guide and, outside production, the demo users (users.ts).
 */
import { absoluteUrlOf } from '../../plugins/public-url';
import type { Db } from '../client';
import { seedCatalogue } from './catalogue';
import { seedDemoOrders } from './demo-orders';
import { seedDemoRatings } from './demo-ratings';
import { seedDemoMex } from './mex';
import { seedDealers, type DealerSeedResult } from './dealers';
import { seedGuides } from './guides';
import { seedContent } from '../../modules/content/seed';
import { seedAdverts } from '../../modules/iam/seed';
import { importReferenceData, type ImportResult } from './reference-data';
import {
  DEMO_CUSTOMER_EMAIL,
  demoUsersWanted,
  seedDemoUsers,
  type DemoUserSeedResult,
} from './users';

export interface SeedResult {
  referenceData: ImportResult;
  dealers: DealerSeedResult;
  demoUsers: DemoUserSeedResult;
}

export interface SeedOptions {
  /** Default: config SEED_DEMO_USERS semantics read from the environment (users.ts). */
  demoUsers?: boolean;
  /** Staff role prefix of the demo users; default ROLE_PREFIX or 'Oelkompass.'. */
  rolePrefix?: string;
  /** Origin of the link in the demo rating invitation (config PUBLIC_URL). */
  publicUrl?: string;
}

/** The origin of `npm start` when nothing else is configured (config.ts listeningOrigin). */
const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

export async function seedAll(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const referenceData = await importReferenceData(db);
  await seedCatalogue(db);
  // After the catalogue and the postal codes: dealers reference products and sit at postal codes.
  const dealers = await seedDealers(db);
  await seedGuides(db);
  // News articles and CMS pages (issue 12).
  await seedContent(db);
  const withDemo = opts.demoUsers ?? demoUsersWanted();
  // Advert slots, house adverts, and with the demo data a fictitious dealer's campaign (issue 13).
  await seedAdverts(db, { demo: withDemo });
  const demoUsers = withDemo
    ? await seedDemoUsers(db, {
        rolePrefix: opts.rolePrefix ?? process.env.ROLE_PREFIX ?? 'Oelkompass.',
      })
    : { inserted: 0, skipped: true };
  // After the users and the dealers: past orders of the demo customer (skipped without it).
  if (!demoUsers.skipped) await seedDemoOrders(db, DEMO_CUSTOMER_EMAIL);
  // The delivered demo order's rating invitation (an outbox mail with a working link).
  if (!demoUsers.skipped) {
    const origin = opts.publicUrl ?? DEFAULT_PUBLIC_URL;
    await seedDemoRatings(db, (path) => absoluteUrlOf(origin, path));
  }
  // The demo customer's meX tanks, sensors and a year of readings (issue 14).
  if (!demoUsers.skipped) await seedDemoMex(db, DEMO_CUSTOMER_EMAIL);
  return { referenceData, dealers, demoUsers };
}
