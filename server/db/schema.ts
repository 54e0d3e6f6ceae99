/**
 * Drizzle schema. Column names are snake_case in SQL (drizzle `casing`), camelCase in code.
 * Migrations are generated from this file with `npm run db:generate`; never edit a shipped one.
 */
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** 1 Deutschland, 2 Österreich, 3 Schweiz (ARCHITECTURE §6). */
export const countries = pgTable('country', {
  id: smallint().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  /** viewBox of the state map (shared/data/states/*.json). */
  mapViewBox: text().notNull(),
});

export const countryStates = pgTable(
  'country_state',
  {
    /** Unique across countries: countryId * 100 + mapId. */
    id: integer().primaryKey(),
    countryId: smallint()
      .notNull()
      .references(() => countries.id),
    /** Official state number inside its country (AGS Land code, ISO AT number, BFS canton number). */
    mapId: smallint().notNull(),
    name: text().notNull(),
    /** URL slug, e.g. baden-wuerttemberg. */
    slug: text().notNull(),
    iso: text().notNull(),
    svgPath: text().notNull(),
    labelX: doublePrecision().notNull(),
    labelY: doublePrecision().notNull(),
  },
  (t) => [
    uniqueIndex('country_state_country_map_uq').on(t.countryId, t.mapId),
    uniqueIndex('country_state_country_slug_uq').on(t.countryId, t.slug),
  ],
);

export const postalCodes = pgTable(
  'postal_code',
  {
    id: serial().primaryKey(),
    countryId: smallint()
      .notNull()
      .references(() => countries.id),
    zip: text().notNull(),
    place: text().notNull(),
    stateId: integer()
      .notNull()
      .references(() => countryStates.id),
    county: text().notNull(),
    lat: doublePrecision().notNull(),
    lon: doublePrecision().notNull(),
  },
  (t) => [
    uniqueIndex('postal_code_country_zip_place_uq').on(t.countryId, t.zip, t.place),
    index('postal_code_state_idx').on(t.stateId),
  ],
);

/** One row per imported reference data set; the checksum makes the import idempotent. */
export const referenceImports = pgTable('reference_import', {
  name: text().primaryKey(),
  checksum: text().notNull(),
  rowCount: integer().notNull(),
  importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Catalogue and dealers (issue 3). Prices are stored NET of VAT (German prices include the CO₂
// levy); the engine adds the country's VAT (ARCHITECTURE §6).

/** Product groups: 1 heizoel, 2 diesel (ARCHITECTURE §6). */
export const products = pgTable(
  'product',
  {
    id: integer().primaryKey(),
    countryId: smallint()
      .notNull()
      .references(() => countries.id),
    productGroupId: smallint().notNull(),
    name: text().notNull(),
    description: text().notNull(),
    /** The country's default product of its group (SPEC §3: 1 de, 6 at, 12 ch for heating oil). */
    isDefault: boolean().notNull().default(false),
    /** The "super product" upsell (key 10001) of `baseProductId`. */
    isPremium: boolean().notNull().default(false),
    baseProductId: integer(),
    sort: smallint().notNull().default(0),
  },
  (t) => [index('product_country_group_idx').on(t.countryId, t.productGroupId)],
);

/** Calculator parameter groups: delivery time, payment, hose length, tanker, delivery window. */
export const calcParameterGroups = pgTable('calc_parameter_group', {
  id: smallint().primaryKey(),
  /** SPEC §3 Groups[].Key. */
  key: integer().notNull().unique(),
  name: text().notNull(),
  sort: smallint().notNull().default(0),
});

export const calcParameters = pgTable(
  'calc_parameter',
  {
    /** SPEC §3 ids: defaults 5, 24, -2, 11, 9; installment 23. */
    id: integer().primaryKey(),
    groupId: smallint()
      .notNull()
      .references(() => calcParameterGroups.id),
    name: text().notNull(),
    description: text().notNull().default(''),
    isDefault: boolean().notNull().default(false),
    /** e.g. 12 for installment id 23 (12 monthly rates); 0 when not used. */
    modifier: integer().notNull().default(0),
    hasSubItems: boolean().notNull().default(false),
    useIcon: boolean().notNull().default(false),
    upselling: boolean().notNull().default(false),
    /** Delivery time items: latest delivery in working days (sorting by delivery time). */
    deliveryDays: smallint(),
    sort: smallint().notNull().default(0),
  },
  (t) => [index('calc_parameter_group_idx').on(t.groupId)],
);

export const dealers = pgTable(
  'dealer',
  {
    id: integer().primaryKey(),
    countryId: smallint()
      .notNull()
      .references(() => countries.id),
    name: text().notNull(),
    street: text().notNull(),
    zip: text().notNull(),
    place: text().notNull(),
    stateId: integer()
      .notNull()
      .references(() => countryStates.id),
    lat: doublePrecision().notNull(),
    lon: doublePrecision().notNull(),
    phone: text().notNull(),
    email: text().notNull(),
    foundedYear: smallint(),
    description: text().notNull().default(''),
    /** Delivery area as a radius around the seat and every branch; null: `dealer_delivery_zip`. */
    deliveryRadiusKm: smallint(),
    /** e.g. { "Mo-Fr": "07:00-17:00", "Sa": "08:00-12:00" } */
    openingHours: jsonb().$type<Record<string, string>>().notNull(),
    ratingSum: integer().notNull().default(0),
    ratingCount: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [index('dealer_country_idx').on(t.countryId)],
);

export const dealerBranches = pgTable('dealer_branch', {
  id: integer().primaryKey(),
  dealerId: integer()
    .notNull()
    .references(() => dealers.id),
  name: text().notNull(),
  zip: text().notNull(),
  place: text().notNull(),
  lat: doublePrecision().notNull(),
  lon: doublePrecision().notNull(),
});

/** Delivery areas given as a list of postal codes instead of a radius. */
export const dealerDeliveryZips = pgTable(
  'dealer_delivery_zip',
  {
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    zip: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.zip] })],
);

export interface PriceTier {
  /** Lowest amount in litres this tier applies to (the first tier starts at 500). */
  fromLitres: number;
  /** Net price per 100 L in the country's currency. */
  net100: number;
}

export interface ParameterSurcharge {
  /** Net surcharge per 100 L. */
  per100?: number;
  /** Net flat surcharge per delivery. */
  flat?: number;
}

/** What a dealer charges beyond the litre price; one row per dealer, net amounts. */
export const dealerTerms = pgTable('dealer_terms', {
  dealerId: integer()
    .primaryKey()
    .references(() => dealers.id),
  /** Parameter id → surcharge; a parameter missing here (and not a default) is not offered. */
  parameterSurcharges: jsonb().$type<Record<string, ParameterSurcharge>>().notNull(),
  /** Net fee per unloading point beyond the first. */
  extraStationFee: doublePrecision().notNull(),
  maxStations: smallint().notNull().default(9),
  /** Net surcharge per 100 L for climate-neutral delivery (CO₂ compensation); null: not offered. */
  climateNeutral100: doublePrecision(),
  /** Net flat fee for a fixed delivery appointment; null: not offered. */
  appointmentPlusFee: doublePrecision(),
  /** Net flat delivery fee, charged when the amount is below `deliveryFeeBelowLitres`. */
  deliveryFee: doublePrecision().notNull().default(0),
  deliveryFeeBelowLitres: integer().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const dealerPrices = pgTable(
  'dealer_price',
  {
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    productId: integer()
      .notNull()
      .references(() => products.id),
    /** Ascending by fromLitres; small amounts cost more per 100 L. */
    tiers: jsonb().$type<PriceTier[]>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.dealerId, t.productId] }),
    index('dealer_price_product_idx').on(t.productId),
  ],
);
