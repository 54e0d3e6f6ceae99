/**
 * Drizzle schema. Column names are snake_case in SQL (drizzle `casing`), camelCase in code.
 * Migrations are generated from this file with `npm run db:generate`; never edit a shipped one.
 */
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ClientError, VitalName } from '../../src/api/contract/telemetry';

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
// Catalogue and dealers. Prices are stored NET of VAT (German prices include the CO₂
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
    /**
     * Delivery time items: the earliest delivery in working days after the order is processed
     * (1 for the express delivery, more for the cheaper options that leave the dealer
     * room to plan tours).
     */
    leadDays: smallint(),
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

// ---------------------------------------------------------------------------------------------
// Accounts, sessions and e-mail. Secrets (passwords, tokens) are never stored in clear:
// passwords as scrypt hashes with a per-user salt, tokens as SHA-256 hashes of random values.

export const users = pgTable(
  'app_user',
  {
    id: serial().primaryKey(),
    /** Stored lower-case; the login compares lower-case. */
    email: text().notNull(),
    /** `scrypt$N$r$p$salt$hash` (base64url), see server/modules/account/password.ts. */
    passwordHash: text().notNull(),
    /** SPEC §3 Logged-in user: title1 (salutation, e.g. "Frau"), title2 (academic title). */
    title1: text().notNull().default(''),
    title2: text().notNull().default(''),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    phone: text().notNull().default(''),
    /** SPEC §6 role identifiers as stored, staff roles with the configured company prefix. */
    roles: text().array().notNull(),
    hasMexEnabled: boolean().notNull().default(false),
    /** Staff may see support info (SPEC §6 AllowSupportInfo). */
    allowSupportInfo: boolean().notNull().default(false),
    countryId: smallint()
      .notNull()
      .default(1)
      .references(() => countries.id),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_user_email_uq').on(t.email)],
);

/** Delivery and billing addresses of a customer (SPEC §2 account partials). */
export const addresses = pgTable(
  'address',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'delivery' | 'billing' */
    kind: text().notNull(),
    title1: text().notNull().default(''),
    firstName: text().notNull(),
    lastName: text().notNull(),
    company: text().notNull().default(''),
    street: text().notNull(),
    houseNumber: text().notNull(),
    zip: text().notNull(),
    place: text().notNull(),
    countryId: smallint()
      .notNull()
      .references(() => countries.id),
    phone: text().notNull().default(''),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('address_user_idx').on(t.userId)],
);

/**
 * The legacy login session behind the legacy auth cookie (SPEC §7 anmelden-cookie, Type
 * 'legacy'). The cookie carries a random value; only its hash is stored, so a database leak
 * does not hand out sessions.
 */
export const legacySessions = pgTable(
  'legacy_session',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when support staff act as this user (impersonation); the staff user's id. */
    impersonatorId: integer().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('legacy_session_user_idx').on(t.userId)],
);

/**
 * Rotating refresh tokens. Each refresh replaces the token by a new one of the same family; a
 * token presented after it was used revokes the whole family (reuse detection).
 */
export const refreshTokens = pgTable(
  'refresh_token',
  {
    tokenHash: text().primaryKey(),
    familyId: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatorId: integer().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /**
     * The browser that used it (browserKeyOf its id): only that browser's retry after a lost
     * answer gets the successor again, however long the outage was.
     */
    usedBy: text(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('refresh_token_family_idx').on(t.familyId),
    index('refresh_token_user_idx').on(t.userId),
  ],
);

/** Single-use tokens: password reset ('password-reset') and rating invitations ('rating'). */
export const oneTimeTokens = pgTable(
  'one_time_token',
  {
    tokenHash: text().primaryKey(),
    purpose: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('one_time_token_user_idx').on(t.userId)],
);

/** E-mail outbox (order confirmation, password reset, rating invitation, dealer notification). */
export const outboxEmails = pgTable(
  'outbox_email',
  {
    id: serial().primaryKey(),
    /** 'order-confirmation' | 'password-reset' | 'rating-invitation' | 'dealer-notification' */
    kind: text().notNull(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    attempts: smallint().notNull().default(0),
    lastError: text(),
  },
  (t) => [index('outbox_email_unsent_idx').on(t.sentAt)],
);

/** Dealers a customer marked as favourite (SPEC §7 set/favourite). */
export const favourites = pgTable(
  'favourite',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dealerId] })],
);

export interface OrderAddress {
  title1: string;
  firstName: string;
  lastName: string;
  company: string;
  street: string;
  houseNumber: string;
  zip: string;
  place: string;
}

export interface OrderLine {
  label: string;
  /** Gross amount in the order currency. */
  amount: number;
}

/**
 * A placed order. Prices are copied from the server-side recalculation at order time, never from
 * the client. `idempotencyKey` is unique: a retried submit finds the order it already made.
 */
export const orders = pgTable(
  'customer_order',
  {
    id: serial().primaryKey(),
    /** Shown to the customer, e.g. "OK-2026-000123". */
    orderNumber: text().notNull(),
    idempotencyKey: text().notNull(),
    userId: integer().references(() => users.id),
    /**
     * A guest's order: SHA-256 of the browser's anonymous id (ok_sid cookie) that placed it. A
     * replayed idempotency key only finds the order for its customer, or for this browser with
     * the same e-mail; anyone else gets 409 and learns nothing.
     */
    guestKey: text(),
    email: text().notNull(),
    phone: text().notNull(),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    countryId: smallint()
      .notNull()
      .references(() => countries.id),
    productId: integer()
      .notNull()
      .references(() => products.id),
    amountLitres: integer().notNull(),
    stations: smallint().notNull(),
    /** The calculator configuration the price was computed for (contract CalculatorConfig). */
    configuration: jsonb().notNull(),
    deliveryAddress: jsonb().$type<OrderAddress>().notNull(),
    accessNotes: text().notNull().default(''),
    paymentParameterId: integer().notNull(),
    currencyCode: text().notNull(),
    unitPrice: doublePrecision().notNull(),
    totalPrice: doublePrecision().notNull(),
    lines: jsonb().$type<OrderLine[]>().notNull(),
    /** Monthly rate when paying in 12 installments. */
    installmentRate: doublePrecision(),
    /** 'received' | 'confirmed' | 'delivered' | 'cancelled' | 'declined' (decision 026) */
    status: text().notNull().default('received'),
    /** Why the dealer declined the order (plain text, 3–500 characters); null otherwise. */
    declineReason: text(),
    /** The group order this household's own order came from, else null. */
    groupOrderId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_order_idempotency_uq').on(t.idempotencyKey),
    uniqueIndex('customer_order_number_uq').on(t.orderNumber),
    index('customer_order_user_idx').on(t.userId),
    index('customer_order_dealer_idx').on(t.dealerId),
  ],
);

/** One rating per order (SPEC §2 /bewerten-sie-uns); feeds the dealer's rating. */
export const ratings = pgTable(
  'rating',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    countryId: smallint()
      .notNull()
      .references(() => countries.id),
    /** 1–5 */
    mark: smallint().notNull(),
    text: text().notNull().default(''),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rating_order_uq').on(t.orderId),
    index('rating_country_created_idx').on(t.countryId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Leads: the oil-consumption guide and the lead form.

/** A guide (SPEC §3 Guide). `definition` holds the steps; parsed with the contract when read. */
export const guides = pgTable('guide', {
  id: integer().primaryKey(),
  name: text().notNull(),
  /** Contract `Guide` without Id: { Title, Steps: [{ Id, OrderWeight, Title, Inputs }] }. */
  definition: jsonb().notNull(),
  active: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A lead form submission. Passed to the lead partner only when `partnerConsent` is true. */
export const leads = pgTable(
  'lead',
  {
    id: serial().primaryKey(),
    guideId: integer()
      .notNull()
      .references(() => guides.id),
    countryId: smallint()
      .notNull()
      .references(() => countries.id),
    zip: text().notNull(),
    title1: text().notNull().default(''),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(''),
    /** The flattened guide answers the compare was computed from. */
    answers: jsonb().$type<Record<string, string>>().notNull(),
    /** The compare result shown to the user. */
    compareResult: jsonb().notNull(),
    selectedInformationId: integer(),
    /** Explicit consent to pass the data to the lead partner, with the exact text agreed to. */
    partnerConsent: boolean().notNull(),
    consentText: text().notNull(),
    passedToPartnerAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_created_idx').on(t.createdAt)],
);

/**
 * Hits per key and time window of the limits that must hold across server processes (login,
 * password reset): one row per key, counted with one atomic upsert (server/plugins/db-rate-limit).
 */
export const rateLimitHits = pgTable(
  'rate_limit_hit',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    windowEndsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hit_window_idx').on(t.windowEndsAt)],
);

/**
 * The job queue on the database (server/jobs/queue.ts, docs/decisions/011): work that must run
 * once per key across every server process, e.g. the daily price snapshot of one day. A row is
 * claimed with a lease; a process that dies mid-job leaves a lease that runs out, and another
 * process takes the job again.
 */
export const jobs = pgTable(
  'job',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** What this run is for, e.g. the day '2026-11-24'; (name, key) runs once. */
    key: text().notNull(),
    /** pending → running → done, or back to pending with a later runAt, or failed. */
    state: text({ enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    runAt: timestamp({ withTimezone: true }).notNull(),
    /** While running: until when the claim holds. */
    lockedUntil: timestamp({ withTimezone: true }),
    lockedBy: text(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the current (or last) attempt was claimed. */
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('job_name_key_uq').on(t.name, t.key),
    index('job_due_idx').on(t.state, t.runAt),
  ],
);

/**
 * Daily heating-oil prices per region (docs/decisions/012): the mean of the dealers'
 * offers at the standard order (3,000 L, default product, standard options), gross, per 100 L in
 * the country's currency. One row per region and year; prices[0] is 1 January. Past days come
 * from the documented market model (server/modules/prices/model.ts), the days since the daily
 * snapshot job ran from the dealers' live price lists.
 */
export const priceSeries = pgTable(
  'price_series',
  {
    /** 'country:1', 'state:109' (country_state.id) or 'county:109:landkreis-muenchen'. */
    region: text().notNull(),
    year: smallint().notNull(),
    /** null where no value exists (days to come). */
    prices: real().array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.region, t.year] })],
);

// ---------------------------------------------------------------------------------------------
// Telemetry: what browsers report, kept 30 days (the daily telemetry-retention job).

/** An error report of one page view (SPEC §3 Error report), as received. */
export const clientErrorReports = pgTable(
  'client_error_reports',
  {
    id: serial().primaryKey(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userAgent: text().notNull(),
    href: text().notNull(),
    timeStart: timestamp({ withTimezone: true }).notNull(),
    timeEnd: timestamp({ withTimezone: true }).notNull(),
    /** The report's errors as validated (message, filename, lineno, colno, stack, time). */
    errors: jsonb().$type<ClientError[]>().notNull(),
    /** The browser's id of the report: one sent again (a lost answer) is stored once. */
    reportId: text(),
  },
  (t) => [
    index('client_error_reports_received_idx').on(t.receivedAt),
    uniqueIndex('client_error_reports_report_id_idx').on(t.reportId),
  ],
);

/** One metric of one page view (SPEC §3 Web-vitals report). */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: serial().primaryKey(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    url: text().notNull(),
    urlFrom: text().notNull(),
    /** The SPEC §2 route path pattern `url` matches, or '(unbekannt)'. */
    route: text().notNull(),
    viewport: text().notNull(),
    device: text().notNull(),
    name: text().$type<VitalName>().notNull(),
    delta: doublePrecision().notNull(),
    /** rawData.value: the metric so far (ms; CLS: a score). */
    value: doublePrecision().notNull(),
    /** The report's `description`: good, needs-improvement or poor. */
    rating: text().notNull(),
    rawData: jsonb().notNull(),
    authorised: text().notNull(),
    sessionId: text().notNull(),
    /** The browser's id of the report: one sent again is stored once. */
    reportId: text(),
  },
  (t) => [
    index('web_vitals_received_idx').on(t.receivedAt),
    uniqueIndex('web_vitals_report_id_idx').on(t.reportId),
    index('web_vitals_route_name_idx').on(t.route, t.name),
  ],
);

// ---------------------------------------------------------------------------------------------
// Content: news articles and CMS pages in one store. The body is Markdown, rendered
// and sanitised on the server (server/modules/content/markdown.ts); the staff editor
// edits these rows and keeps versions of its own.

export type ContentKind = 'article' | 'page';
export type ContentStatus = 'draft' | 'published';

export const contentEntries = pgTable(
  'content_entry',
  {
    id: serial().primaryKey(),
    /** 'article': a news article (/news/artikel/{slug}); 'page': a CMS page (/{slug}). */
    kind: text().$type<ContentKind>().notNull(),
    slug: text().notNull(),
    /** null: shown in every country. */
    countryId: smallint().references(() => countries.id),
    title: text().notNull(),
    /** The teaser of an article, the meta description of a page (SPEC §3 Description). */
    teaser: text().notNull(),
    bodyMarkdown: text().notNull(),
    /** SPEC §3 FilePath: an image under public/ (e.g. /news/{slug}.svg); null: none. */
    imagePath: text(),
    imageAlt: text().notNull().default(''),
    tags: jsonb().$type<string[]>().notNull().default([]),
    author: text().notNull().default(''),
    /** The home page's featured article (the newest featured one wins). */
    featured: boolean().notNull().default(false),
    status: text().$type<ContentStatus>().notNull().default('published'),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_entry_kind_slug_uq').on(t.kind, t.slug),
    index('content_entry_list_idx').on(t.kind, t.status, t.publishedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Staff area (docs/decisions/016): the audit log of every staff change, adverts with
// their campaigns and slots (SPEC §3 Advert slot / Advert content, §4 Advert slots), the CMS's
// versions, and the cache generations through which every server process learns of a clear.

/**
 * Every staff change: who, when, what, before/after. Append-only; shown per object on its
 * screen. `objectType` e.g. 'advert', 'campaign', 'slot', 'content', 'user', 'cache'.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The staff member (null when the account is gone); their e-mail as it was then. */
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text().notNull(),
    objectType: text().notNull(),
    objectId: text().notNull(),
    /** e.g. 'create', 'update', 'delete', 'publish', 'restore', 'clear', 'lock'. */
    action: text().notNull(),
    before: jsonb(),
    after: jsonb(),
  },
  (t) => [index('audit_log_object_idx').on(t.objectType, t.objectId, t.at)],
);

/** SPEC §3 Advert content: staff HTML (sanitised on save and on output) and its stylesheet. */
export const adverts = pgTable('advert', {
  id: serial().primaryKey(),
  name: text().notNull(),
  html: text().notNull(),
  /** The advert's stylesheet, served from our origin at /api/iam/content/css/{file}. */
  css: text().notNull().default(''),
  /** Link target of the whole advert (an own path or https:), '' for none. */
  targetUrl: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A campaign: CampaignTypeId 1 paid (weighted draw on Weight) or 2 house (fallback), its period,
 * countries and postal-code filter (ranges of equal-length codes; empty: every code).
 */
export const campaigns = pgTable('campaign', {
  id: serial().primaryKey(),
  name: text().notNull(),
  campaignTypeId: smallint().notNull(),
  weight: integer().notNull().default(1),
  startsAt: timestamp({ withTimezone: true }).notNull(),
  /** null: open-ended. */
  endsAt: timestamp({ withTimezone: true }),
  countryIds: jsonb().$type<number[]>().notNull().default([1, 2, 3]),
  zipRanges: jsonb().$type<{ from: string; to: string }[]>().notNull().default([]),
  /** false: paused by staff. */
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** SPEC §3 Advert slot: a place on a page (slotKey), its size reserved before anything loads. */
export const advertSlots = pgTable(
  'advert_slot',
  {
    id: serial().primaryKey(),
    /** The key pages ask for, e.g. 'home-top' (GET /api/iam/slots/{slotKey}). */
    slotKey: text().notNull(),
    name: text().notNull(),
    slotTypeId: smallint().notNull(),
    appliesZipFiltering: boolean().notNull().default(false),
    width: integer().notNull(),
    height: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('advert_slot_key_uq').on(t.slotKey)],
);

/** SPEC §3 slot Items: a campaign shows an advert in a slot. */
export const advertSlotItems = pgTable(
  'advert_slot_item',
  {
    id: serial().primaryKey(),
    slotId: integer()
      .notNull()
      .references(() => advertSlots.id, { onDelete: 'cascade' }),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    advertId: integer()
      .notNull()
      .references(() => adverts.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('advert_slot_item_uq').on(t.slotId, t.campaignId, t.advertId)],
);

/** The CMS's versions: a copy of a content entry as saved, restorable. */
export const contentVersions = pgTable(
  'content_version',
  {
    id: serial().primaryKey(),
    entryId: integer()
      .notNull()
      .references(() => contentEntries.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    snapshot: jsonb().notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_version_entry_uq').on(t.entryId, t.version)],
);

/**
 * One row per server cache: a clear bumps `generation`; every process compares it with the
 * generation it last saw (LISTEN/NOTIFY on PostgreSQL wakes it at once, a short poll on both).
 */
export const cacheGenerations = pgTable('cache_generation', {
  name: text().primaryKey(),
  generation: integer().notNull().default(0),
  clearedAt: timestamp({ withTimezone: true }),
  clearedBy: text(),
});

// ---------------------------------------------------------------------------------------------
// meX tank sensors (docs/decisions/017)

/** A customer's oil tank: what the sensor measures and where it is delivered to. */
export const mexTanks = pgTable(
  'mex_tank',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The customer's name for it, e.g. "Keller". */
    name: text().notNull(),
    /** Nominal volume in litres. */
    capacityL: integer().notNull(),
    /** What can be filled and drawn (a tank is never filled to the brim nor emptied to the sump). */
    usableL: integer().notNull(),
    productGroupId: smallint().notNull().default(1),
    countryId: smallint()
      .notNull()
      .references(() => countries.id),
    /** Postal code of the delivery address. */
    zipCode: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mex_tank_user_ix').on(t.userId)],
);

/** The sensor on a tank. Its device key is shown once; only its SHA-256 is kept. */
export const mexSensors = pgTable(
  'mex_sensor',
  {
    id: serial().primaryKey(),
    tankId: integer()
      .notNull()
      .references(() => mexTanks.id, { onDelete: 'cascade' }),
    /** Printed on the device, e.g. "MX-4F2A-91C3". */
    serial: text().notNull(),
    /** SHA-256 (hex) of the device key: a random 256-bit key needs no slow hash. */
    keyHash: text().notNull(),
    /** The key's last four characters, to tell keys apart on the staff screen. */
    keyHint: text().notNull(),
    keyRotatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mex_sensor_serial_uq').on(t.serial),
    uniqueIndex('mex_sensor_tank_uq').on(t.tankId),
    uniqueIndex('mex_sensor_key_uq').on(t.keyHash),
  ],
);

/** One measurement; a sensor sends each once, a repeat of the same time is the same reading. */
export const mexReadings = pgTable(
  'mex_reading',
  {
    sensorId: integer()
      .notNull()
      .references(() => mexSensors.id, { onDelete: 'cascade' }),
    measuredAt: timestamp({ withTimezone: true }).notNull(),
    /** Litres in the tank (a fill percentage is converted with the tank's usable volume). */
    litres: real().notNull(),
    temperatureC: real(),
    batteryPct: smallint(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sensorId, t.measuredAt] })],
);

/** A customer's price alarm: mail once when the best price falls to the threshold. */
export const priceAlarms = pgTable(
  'price_alarm',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tankId: integer().references(() => mexTanks.id, { onDelete: 'set null' }),
    countryId: smallint()
      .notNull()
      .references(() => countries.id),
    zipCode: text().notNull(),
    amount: integer().notNull(),
    /** Gross price per 100 L at or below which the customer wants to hear. */
    threshold: doublePrecision().notNull(),
    paused: boolean().notNull().default(false),
    /** The last check found the price at or below the threshold: the next mail needs a rise first. */
    below: boolean().notNull().default(false),
    lastPrice: doublePrecision(),
    lastCheckedAt: timestamp({ withTimezone: true }),
    lastNotifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_alarm_user_ix').on(t.userId)],
);

/**
 * A group order (docs/decisions/022): neighbours order together; at the closing each
 * household gets its own row in customer_order with the same dealer. The configuration is the
 * organiser's (product and options); amount and stations are the group's at each pricing.
 */
export const groupOrders = pgTable(
  'group_order',
  {
    id: serial().primaryKey(),
    /** The share code, 8 characters of GROUP_CODE_ALPHABET. */
    code: text().notNull(),
    /** The organiser's form: a resend finds the group it made. */
    idempotencyKey: text().notNull(),
    /** The current organiser (the next household when the first leaves). */
    organiserUserId: integer()
      .notNull()
      .references(() => users.id),
    countryId: smallint()
      .notNull()
      .references(() => countries.id),
    productGroupId: smallint().notNull(),
    /** The group's postal code and place: where it is priced, and whom it accepts. */
    zip: text().notNull(),
    place: text().notNull(),
    /** Contract CalculatorConfig of the organiser's own order. */
    configuration: jsonb().notNull(),
    deadline: timestamp({ withTimezone: true }).notNull(),
    /** 'open' | 'closing' | 'closed' | 'cancelled' | 'failed' */
    state: text().notNull().default('open'),
    /** The closing's dealer and price (per 100 L, the organiser's options). */
    dealerId: integer().references(() => dealers.id),
    unitPrice: doublePrecision(),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_order_code_uq').on(t.code),
    uniqueIndex('group_order_idempotency_uq').on(t.idempotencyKey),
    index('group_order_state_ix').on(t.state, t.deadline),
  ],
);

/** A household of a group order: one per customer and group (a second join is the same row). */
export const groupOrderMembers = pgTable(
  'group_order_member',
  {
    id: serial().primaryKey(),
    groupId: integer()
      .notNull()
      .references(() => groupOrders.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    email: text().notNull(),
    phone: text().notNull(),
    deliveryAddress: jsonb().$type<OrderAddress>().notNull(),
    accessNotes: text().notNull().default(''),
    amountLitres: integer().notNull(),
    paymentParameterId: integer().notNull(),
    /** Gross per 100 L; above it at the closing, the household is left out. */
    maxUnitPrice: doublePrecision().notNull(),
    /** 'active' | 'left' | 'ordered' | 'excluded' */
    state: text().notNull().default('active'),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp({ withTimezone: true }),
    orderId: integer().references(() => orders.id),
    /** Why the closing left the household out (German). */
    note: text(),
  },
  (t) => [
    uniqueIndex('group_order_member_uq').on(t.groupId, t.userId),
    index('group_order_member_user_ix').on(t.userId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Delivery capacity and bookings (decision 023; server/modules/delivery)

/**
 * What a dealer's depot (its seat: depot 0, or a branch id) delivers through the portal per
 * working day in a month: trucks per half-day tour and litres.
 */
export const deliveryContingents = pgTable(
  'delivery_contingent',
  {
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    depotId: integer().notNull(),
    /** 1–12 */
    month: smallint().notNull(),
    tours: smallint().notNull(),
    litres: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.depotId, t.month] })],
);

/**
 * The booked totals of a depot and day. A booking is one conditional UPDATE of this row: it
 * adds only when the result still fits the contingent (delivery/repo.ts), so two bookings can
 * never both take the last stop, whatever the isolation level.
 */
export const deliveryDayLoads = pgTable(
  'delivery_day',
  {
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    depotId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    morningStops: integer().notNull().default(0),
    afternoonStops: integer().notNull().default(0),
    allDayStops: integer().notNull().default(0),
    litres: integer().notNull().default(0),
    /** +1 with every booking and release: the price index's change signature. */
    version: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.dealerId, t.depotId, t.day] }),
    index('delivery_day_day_ix').on(t.day),
  ],
);

/** An order's booked delivery; deleted when the order is cancelled (its capacity is free again). */
export const deliveryBookings = pgTable(
  'delivery_booking',
  {
    orderId: integer()
      .primaryKey()
      .references(() => orders.id),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    depotId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    /** 'ganztags' | 'vormittags' | 'nachmittags' */
    window: text().notNull(),
    litres: integer().notNull(),
    stops: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_booking_dealer_day_ix').on(t.dealerId, t.day)],
);

/**
 * Secrets every server process on one database must share (docs/decisions/024): without SECRET in
 * the environment, the first process on a PostgreSQL database generates the signing secret and
 * stores it here, and every other process reads the same one (a secret per data folder would
 * make each process refuse the others' tokens and CSRF pairs).
 */
export const appSecrets = pgTable('app_secret', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The dealer a dealer user (role Role_Dealer) works for (decision 026): exactly one per user (the
 * key), all of that dealer's depots. Without a row a dealer user sees no dealer's orders.
 */
export const dealerUsers = pgTable(
  'dealer_user',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dealer_user_dealer_ix').on(t.dealerId)],
);
