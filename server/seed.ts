/**
 * seedAll(db): everything a fresh database needs, idempotent, run on every start (main.ts) and
 * for tests (tests/support). A composition root like app.ts: it sits above both layers it
 * orders, so the data layer never imports a module (eslint.config.js zone (h)).
 * - server/db/seed: data shared by several modules (postal codes and states, the calculator
 *   catalogue, the dealers and their prices);
 * - server/modules/<m>/seed.ts: what one module owns: the oil-consumption guide (leads), news
 *   and CMS pages (content), advert slots (iam) and, outside production, the demo users
 *   (account), their orders (orders), the rating invitation (ratings) and meX data (mex).
 */
import type { Db } from './db/client';
import { seedCatalogue } from './db/seed/catalogue';
import { seedDealers, type DealerSeedResult } from './db/seed/dealers';
import { importReferenceData, type ImportResult } from './db/seed/reference-data';
import {
  DEMO_CUSTOMER_EMAIL,
  demoUsersWanted,
  seedDemoUsers,
  type DemoUserSeedResult,
} from './modules/account';
import { seedContent } from './modules/content';
import { seedDemoDealer } from './modules/dealer-area';
import { seedAdverts } from './modules/iam';
import { seedGuides } from './modules/leads';
import { seedDemoMex } from './modules/mex';
import { DELIVERED_DEMO_ORDER_KEYS, seedDemoOrders } from './modules/orders';
import { seedDeliveryContingents } from './modules/delivery';
import { seedDemoRatings } from './modules/ratings';
import { absoluteUrlOf } from './plugins/public-url';

export interface SeedResult {
  referenceData: ImportResult;
  dealers: DealerSeedResult;
  demoUsers: DemoUserSeedResult;
}

export interface SeedOptions {
  /** Default: config SEED_DEMO_USERS semantics read from the environment (account/seed.ts). */
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
  await seedDeliveryContingents(db);
  await seedGuides(db);
  // News articles and CMS pages.
  await seedContent(db);
  const withDemo = opts.demoUsers ?? demoUsersWanted();
  // Advert slots, house adverts, and with the demo data a fictitious dealer's campaign.
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
    await seedDemoRatings(db, (path) => absoluteUrlOf(origin, path), DELIVERED_DEMO_ORDER_KEYS);
  }
  // The demo dealer user's dealer and that dealer's orders in every status (decision 026).
  if (!demoUsers.skipped) await seedDemoDealer(db);
  // The demo customer's meX tanks, sensors and a year of readings.
  if (!demoUsers.skipped) await seedDemoMex(db, DEMO_CUSTOMER_EMAIL);
  return { referenceData, dealers, demoUsers };
}
