/**
 * The calculator's use cases (SPEC §7 /api/kalkulation/*, /api/site/{countryId}/prices/best):
 * turn a configuration into a validated engine request, run the engine over the dealers the
 * price index names, and shape the contract's answers. Everything here is synchronous and reads
 * only the in-memory snapshot: no database query on a calculation. The one per-user part, which
 * offers are the user's favourite dealers (SPEC §3 IsFavourite), is an overlay applied to the
 * finished result (withFavourites): results stay user-independent, so they may be cached per
 * configuration, and an anonymous request never touches the database.
 */
import type { ApiError } from '../../../src/api/contract/common';
import {
  CALC,
  type BestPriceResponse,
  type CalculationResult,
  type CalculatorConfig,
  type CalculatorDefaultRequest,
  type CalculatorInitResponse,
  type ChoiceItem,
  type LocalBestPriceResponse,
  type Offer,
  type UpsellingItem,
} from '../../../src/api/contract/calculation';
import { localeByCountryId, zipPatternFor, type CountryId } from '../../../src/lib/locale';
import {
  APPOINTMENT_PLUS_LABEL,
  calculateOffers,
  compareOffers,
  CURRENCY,
  isRefused,
  MIN_LITRES_PER_STATION,
  prepareRequest,
  priceOffer,
  toCents,
  type EngineParameter,
  type EngineProduct,
  type OfferRequest,
} from './engine';
import type { CatalogueProduct, PriceIndex, PriceSnapshot } from './price-index';
import { PrecompressedText } from '../../plugins/precompressed';
import { TtlCache } from '../caches';
import { scheduleEpoch } from '../delivery';
import { scheduleOffers } from './schedule';

/** SPEC §9: banners, prices, best price are cached 120 s (client and server). */
export const BEST_PRICE_TTL_S = 120;

/** The dealer ids a user marked as favourite (one query); none without a database. */
export type FavouriteDealerIds = (userId: number) => Promise<ReadonlySet<number>>;

/**
 * Identical calculations within this time are answered with the same JSON text. The
 * key holds the price snapshot's version and revision, so new prices or ratings are never
 * answered from before; the time bounds how old CalculatedAt may be.
 */
export const CALCULATION_CACHE_TTL_S = 60;
/**
 * About 8–11 kB of JSON each, with up to three compressed forms of ~2 kB: at most ~70 MB per
 * server process.
 */
export const CALCULATION_CACHE_ENTRIES = 4000;

export interface CalculationDeps {
  index: PriceIndex;
  /** berechnen's user-independent answers as JSON, with compressed forms (calculationJson). */
  calculationCache: TtlCache<PrecompressedText>;
  bestPriceCache: TtlCache<BestPriceResponse | null>;
  localBestPriceCache: TtlCache<LocalBestPriceResponse>;
  favouriteDealerIds: FavouriteDealerIds;
  /** The clock of the delivery dates (cut-off, working days); tests set it. */
  clock: () => Date;
  /** Milliseconds since the epoch: the caches' clock and the best price's moment; tests set it. */
  now: () => number;
}

export interface CalculationDepsOptions {
  now?: () => number;
  clock?: () => Date;
  /** Default: nobody has favourites (scripts and benches without users). */
  favouriteDealerIds?: FavouriteDealerIds;
}

const NO_FAVOURITES: ReadonlySet<number> = new Set();

export function createCalculationDeps(
  index: PriceIndex,
  {
    // Through the global at each call: a test that sets the date (vi.setSystemTime) moves it.
    now = () => Date.now(),
    clock = () => new Date(),
    favouriteDealerIds = async () => NO_FAVOURITES,
  }: CalculationDepsOptions = {},
): CalculationDeps {
  return {
    clock,
    now,
    index,
    calculationCache: new TtlCache(CALCULATION_CACHE_TTL_S * 1000, CALCULATION_CACHE_ENTRIES, now),
    bestPriceCache: new TtlCache(BEST_PRICE_TTL_S * 1000, 100, now),
    localBestPriceCache: new TtlCache(BEST_PRICE_TTL_S * 1000, 20_000, now),
    favouriteDealerIds,
  };
}

/** A result, or a 400 with a German message naming the field. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError };

function ok<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

function invalid(path: string, message: string): { ok: false; error: ApiError } {
  return { ok: false, error: { message, issues: [{ path, message }] } };
}

const GROUP_NAMES: Record<number, string> = { 1: 'Heizöl', 2: 'Diesel' };
const PRODUCT_GROUP_HEATING_OIL = 1;

function countryName(countryId: number): string {
  return localeByCountryId(countryId)?.countryName ?? `Land ${countryId}`;
}

// ---------------------------------------------------------------------------------------------
// GET /init/{countryId}/{productGroupId}

export const CLIMATE_NEUTRAL_LIST: readonly ChoiceItem[] = [
  {
    Id: 0,
    Name: 'Standard',
    Description: 'Lieferung ohne CO₂-Ausgleich.',
    Selected: true,
    IsUpselling: false,
  },
  {
    Id: 1,
    Name: 'Klimaneutral',
    Description:
      'Die CO₂-Emissionen von Brennstoff und Transport werden über zertifizierte Klimaschutzprojekte ausgeglichen.',
    Selected: false,
    IsUpselling: true,
  },
];

export const STATIONS_LIST: readonly ChoiceItem[] = Array.from(
  { length: CALC.STATIONS_MAX },
  (_, i) => {
    const n = i + 1;
    return {
      Id: n,
      Name: n === 1 ? '1 Abladestelle' : `${n} Abladestellen`,
      Description:
        n === 1
          ? 'Die ganze Menge wird an einer Stelle abgeladen.'
          : `Die Menge wird auf ${n} Abladestellen in der Nähe aufgeteilt, z. B. mit Nachbarn (je Stelle mindestens ${MIN_LITRES_PER_STATION} Liter).`,
      Selected: n === CALC.STATIONS_DEFAULT,
      IsUpselling: false,
    };
  },
);

export const APPOINTMENT_PLUS_ITEM: ChoiceItem = {
  Id: 1,
  Name: APPOINTMENT_PLUS_LABEL,
  Description: 'Lieferung an einem fest vereinbarten Tag statt im Lieferzeitraum.',
  Selected: false,
  IsUpselling: false,
};

export function calculatorInit(
  deps: CalculationDeps,
  countryId: number,
  productGroupId: number,
): CalculatorInitResponse {
  const { catalogue } = deps.index.current();
  const products = catalogue.productsOf(countryId, productGroupId);
  return {
    Groups: catalogue.groups.map((g) => ({
      Key: g.key,
      Id: g.id,
      Name: g.name,
      Parameters: g.parameters.map((p) => ({
        Id: p.id,
        Name: p.name,
        Description: p.description,
        Selected: p.isDefault,
        Modifier: p.modifier,
        HasSubItems: p.hasSubItems,
        UseIcon: p.useIcon,
        Upselling: p.upselling,
      })),
    })),
    Products: products.map((p) => ({
      Id: p.id,
      Name: p.name,
      Description: p.description,
      IsDefault: p.isDefault,
      IsUpselling: p.isPremium,
      BaseProductId: p.baseProductId,
    })),
    ClimateNeutralList: CLIMATE_NEUTRAL_LIST.map((item) => ({ ...item })),
    StationsList: STATIONS_LIST.map((item) => ({ ...item })),
    AppointmentPlus: { ...APPOINTMENT_PLUS_ITEM },
    ProductId: catalogue.defaultProduct(countryId, productGroupId)?.id ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Configuration → engine request

/** SPEC §4/§9: installment (parameter 23, 12 monthly rates) is for one unloading point only. */
const INSTALLMENT_ONE_STATION_MESSAGE =
  'Ratenzahlung ist nur mit einer Abladestelle möglich. Bitte wählen Sie eine Abladestelle oder eine andere Zahlungsart.';

/**
 * Checks product and parameters against the catalogue: the product must belong to the country
 * and product group; every parameter id must exist, at most one per group, a group left out
 * gets its default; a parameter with a modifier (installment 23: 12) accepts only that value.
 *
 * Installment with more than one unloading point is refused (400), not corrected: this check
 * also guards orders (orders/service.ts prices an order through it), and quietly dropping the
 * extra stations would price and deliver something else than the customer chose. The client
 * never sends the combination (its normaliser gives installment one station and disables more
 * while it is chosen); a stale client or a hand-made request learns why in German.
 */
export function resolveRequest(
  snapshot: PriceSnapshot,
  config: CalculatorConfig,
): Outcome<OfferRequest> {
  const { catalogue } = snapshot;
  const product = catalogue.products.get(config.Product.Id);
  if (!product) {
    return invalid('body.Product.Id', `Das Produkt ${config.Product.Id} ist nicht bekannt.`);
  }
  if (product.countryId !== config.CountryId || product.productGroupId !== config.ProductGroupId) {
    return invalid(
      'body.Product.Id',
      `Das Produkt ${product.id} („${product.name}“) gibt es für ${countryName(
        config.CountryId,
      )} im ${GROUP_NAMES[config.ProductGroupId] ?? ''}-Rechner nicht.`,
    );
  }

  const chosen = new Map<number, { parameter: EngineParameter; index: number }>();
  for (const [index, choice] of config.Parameters.entries()) {
    const parameter = catalogue.parameters.get(choice.Id);
    if (!parameter) {
      return invalid(`body.Parameters.${index}.Id`, `Die Option ${choice.Id} ist nicht bekannt.`);
    }
    const earlier = chosen.get(parameter.groupId);
    if (earlier) {
      const group = catalogue.groupOf(parameter);
      return invalid(
        `body.Parameters.${index}.Id`,
        `Für „${group?.name ?? parameter.groupId}“ ist nur eine Option möglich, gewählt sind ${earlier.parameter.id} und ${parameter.id}.`,
      );
    }
    if (
      parameter.modifier > 0 &&
      choice.Modifier !== undefined &&
      choice.Modifier !== parameter.modifier
    ) {
      return invalid(
        `body.Parameters.${index}.Modifier`,
        `Für „${parameter.name}“ ist nur der Wert ${parameter.modifier} möglich.`,
      );
    }
    chosen.set(parameter.groupId, { parameter, index });
  }
  const parameters =
    chosen.size === 0
      ? catalogue.defaultParameters
      : catalogue.defaultParameters.map((d) => chosen.get(d.groupId)?.parameter ?? d);
  if (config.Stations > 1 && isInstallment(parameters)) {
    return invalid('body.Stations', INSTALLMENT_ONE_STATION_MESSAGE);
  }

  return ok({
    countryId: config.CountryId as CountryId,
    amount: config.Amount,
    stations: config.Stations,
    product,
    parameters,
    climateNeutral: config.Product.ClimateNeutral,
    appointmentPlus: config.AppointmentPlus,
  });
}

function isInstallment(parameters: readonly EngineParameter[]): boolean {
  return parameters.some((p) => p.id === CALC.INSTALLMENT_PARAMETER_ID);
}

/** SPEC §5: the country's pattern, then existence. undefined: fine. */
export function checkZip(
  snapshot: PriceSnapshot,
  countryId: number,
  zip: string,
  path = 'body.ZipCode',
): { ok: false; error: ApiError } | undefined {
  const locale = localeByCountryId(countryId);
  if (!zipPatternFor(countryId).test(zip)) {
    return invalid(
      path,
      `Die Postleitzahl ${zip} ist für ${countryName(countryId)} ungültig: erwartet werden ${
        locale?.zipLength ?? 5
      } Ziffern.`,
    );
  }
  if (!snapshot.hasZip(countryId, zip)) {
    return invalid(path, `Die Postleitzahl ${zip} ist nicht bekannt.`);
  }
  return undefined;
}

function defaultRequest(
  snapshot: PriceSnapshot,
  countryId: CountryId,
  product: EngineProduct,
  amount: number,
): OfferRequest {
  return {
    countryId,
    amount,
    stations: CALC.STATIONS_DEFAULT,
    product,
    parameters: snapshot.catalogue.defaultParameters,
    climateNeutral: false,
    appointmentPlus: false,
  };
}

let lastMs = 0;
let lastIso = '';

/** The current time as ISO text, formatted at most once per millisecond (hot path). */
function nowIso(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

function result(
  config: Pick<CalculatorConfig, 'Amount' | 'ZipCode' | 'CountryId'>,
  items: Offer[],
): CalculationResult {
  return {
    Success: items.length > 0,
    Items: items,
    Amount: config.Amount,
    ZipCode: config.ZipCode,
    CountryId: config.CountryId,
    Currency: CURRENCY[config.CountryId as CountryId],
    CalculatedAt: nowIso(),
  };
}

// ---------------------------------------------------------------------------------------------
// POST /berechnen, /berechnen-default

/**
 * Ranked offers for the configuration. 400 for an unknown or foreign product or parameter and
 * for a postal code that is malformed or unknown; Success false with no items when the
 * calculation is refused (empty postal code, less than 300 L) or no dealer can offer.
 */
export function calculate(
  deps: CalculationDeps,
  config: CalculatorConfig,
): Outcome<CalculationResult> {
  const snapshot = deps.index.current();
  const resolved = resolveRequest(snapshot, config);
  if (!resolved.ok) return resolved;
  if (isRefused(config.ZipCode, config.Amount)) return ok(result(config, []));
  const zipError = checkZip(snapshot, config.CountryId, config.ZipCode);
  if (zipError) return zipError;
  const delivering = snapshot.delivering(config.CountryId, config.ZipCode);
  const offers = calculateOffers(delivering, resolved.value);
  const scheduled = scheduleOffers(snapshot, resolved.value, config.ZipCode, offers, deps.clock());
  return ok(withLoad(result(config, scheduled.items), scheduled.load));
}

function withLoad(
  value: CalculationResult,
  load: CalculationResult['DeliveryLoad'],
): CalculationResult {
  return load === undefined ? value : { ...value, DeliveryLoad: load };
}

/** The cache key: the price snapshot's version and revision, and the validated configuration. */
export function calculationKey(deps: CalculationDeps, config: CalculatorConfig): string {
  const snapshot = deps.index.current();
  // The validated body: keys in the schema's order, unknown keys already dropped.
  return `${snapshot.version}.${snapshot.revision}.${scheduleEpoch(deps.clock())}|${JSON.stringify(config)}`;
}

/**
 * berechnen for anyone, as the JSON of the result: the same validated configuration on the
 * same price snapshot gets the same answer for CALCULATION_CACHE_TTL_S, so a popular postal code
 * is calculated, serialised and compressed once, not per request. Favourites are per user and
 * never in here: the route overlays them on the parsed result (withFavourites).
 */
export function calculationJson(
  deps: CalculationDeps,
  config: CalculatorConfig,
): Outcome<PrecompressedText> {
  const key = calculationKey(deps, config);
  const hit = deps.calculationCache.get(key);
  if (hit !== undefined) return ok(hit);
  const outcome = calculate(deps, config);
  if (!outcome.ok) return outcome;
  const json = new PrecompressedText(JSON.stringify(outcome.value));
  deps.calculationCache.set(key, json);
  return ok(json);
}

/**
 * The default calculation for a postal code and amount: default parameters, one unloading point,
 * neither climate neutral nor appointment plus, the given product when it belongs to the
 * country and group, else (or without one) the default product. Every failure is Success false:
 * an empty, malformed or unknown postal code, less than 300 or more than 32,000 L.
 */
export function calculateDefault(
  deps: CalculationDeps,
  config: CalculatorDefaultRequest,
): CalculationResult {
  const snapshot = deps.index.current();
  const countryId = config.CountryId as CountryId;
  if (isRefused(config.ZipCode, config.Amount) || config.Amount > CALC.AMOUNT_MAX) {
    return result(config, []);
  }
  if (checkZip(snapshot, countryId, config.ZipCode)) return result(config, []);
  const { catalogue } = snapshot;
  const given = config.Product && catalogue.products.get(config.Product.Id);
  const product =
    given && given.countryId === countryId && given.productGroupId === config.ProductGroupId
      ? given
      : catalogue.defaultProduct(countryId, config.ProductGroupId);
  if (!product) return result(config, []);
  const delivering = snapshot.delivering(countryId, config.ZipCode);
  const request = defaultRequest(snapshot, countryId, product, config.Amount);
  const offers = calculateOffers(delivering, request);
  const scheduled = scheduleOffers(snapshot, request, config.ZipCode, offers, deps.clock());
  return withLoad(result(config, scheduled.items), scheduled.load);
}

// ---------------------------------------------------------------------------------------------
// SPEC §3 IsFavourite: a per-request overlay on a finished (possibly cached) result

/**
 * The result with IsFavourite set for the given dealers. Never mutates: the result and its
 * offers may be shared (a cache per configuration), so a marked offer is a copy and the result
 * object is new only when something is marked.
 */
export function markFavourites(
  result: CalculationResult,
  favourites: ReadonlySet<number>,
): CalculationResult {
  if (favourites.size === 0 || !result.Items.some((o) => favourites.has(o.Id))) return result;
  return {
    ...result,
    Items: result.Items.map((o) => (favourites.has(o.Id) ? { ...o, IsFavourite: true } : o)),
  };
}

/**
 * berechnen / berechnen-default for this requester: anonymous (or no offers) returns the result
 * as it is, synchronously and without a query; a logged-in user costs one query.
 */
export function withFavourites(
  deps: CalculationDeps,
  user: { id: number } | null,
  result: CalculationResult,
): CalculationResult | Promise<CalculationResult> {
  if (!user || result.Items.length === 0) return result;
  return deps.favouriteDealerIds(user.id).then((ids) => markFavourites(result, ids));
}

// ---------------------------------------------------------------------------------------------
// POST /upselling?upsellingKey=

/**
 * For every offer of the configuration: what the upsell would add (gross). 9999 climate
 * neutral, 10001 the premium ("super") product of the current product, 10002 one more unloading
 * point. Offers of dealers that do not offer the upsell are left out; an upsell that cannot be
 * applied at all (no premium product, already 9 unloading points) gives an empty list.
 */
export function upselling(
  deps: CalculationDeps,
  upsellingKey: number,
  config: CalculatorConfig,
): Outcome<UpsellingItem[]> {
  const snapshot = deps.index.current();
  const resolved = resolveRequest(snapshot, config);
  if (!resolved.ok) return resolved;
  if (isRefused(config.ZipCode, config.Amount)) return ok([]);
  const zipError = checkZip(snapshot, config.CountryId, config.ZipCode);
  if (zipError) return zipError;

  const base = resolved.value;
  let variant: OfferRequest | undefined;
  if (upsellingKey === CALC.UPSELL_CLIMATE_NEUTRAL) {
    variant = { ...base, climateNeutral: true };
  } else if (upsellingKey === CALC.UPSELL_PRODUCT) {
    const premium: CatalogueProduct | undefined = snapshot.catalogue.premiumOf(base.product);
    variant = premium && { ...base, product: premium };
  } else if (
    upsellingKey === CALC.UPSELL_STATION &&
    base.stations < CALC.STATIONS_MAX &&
    !isInstallment(base.parameters) // SPEC §4: installment means one unloading point
  ) {
    variant = { ...base, stations: base.stations + 1 };
  }
  if (!variant) return ok([]);

  const items: { item: UpsellingItem; offer: Offer }[] = [];
  const [preparedBase, preparedVariant] = [prepareRequest(base), prepareRequest(variant)];
  for (const { dealer, distanceKm } of snapshot.delivering(config.CountryId, config.ZipCode)) {
    const offer = priceOffer(dealer, distanceKm, base, preparedBase);
    const upsold = offer && priceOffer(dealer, distanceKm, variant, preparedVariant);
    if (!offer || !upsold) continue;
    items.push({
      offer,
      item: {
        ForgeinId: dealer.id,
        PriceDifference: (toCents(upsold.TotalPrice) - toCents(offer.TotalPrice)) / 100,
        UnitPriceDifference: (toCents(upsold.UnitPrice) - toCents(offer.UnitPrice)) / 100,
      },
    });
  }
  // In the order of the offer list.
  return ok(items.sort((a, b) => compareOffers(a.offer, b.offer)).map((i) => i.item));
}

// ---------------------------------------------------------------------------------------------
// GET /api/kalkulation/best-price, GET /api/site/{countryId}/prices/best

/**
 * The moment a best price is as of (its TimeStamp): the start of the 120 s slot it is computed
 * in, or, when the prices changed later than that, the moment they changed in the database
 * (`dataChangedAt`, max(updated_at) of the dealers' terms and prices, price-index.ts). Both come
 * from what every process shares, the clock and the data, so every process computes the same
 * moment for the same data in a slot, and the home page, which embeds the best price, is the
 * same bytes and ETag in each of them (a CDN or a browser revalidates against any process and
 * gets 304). The moment of the computation differed per process and per cache entry, and so did
 * the moment a process loaded its prices: one started in the middle of a slot published another
 * TimeStamp than one started before it, for the rest of that slot. A price is never stamped
 * before the data it was computed from; the price index compares its data with the database at
 * most 30 s apart.
 */
export function bestPriceMoment(now: number, dataChangedAt: number | null): Date {
  const slot = BEST_PRICE_TTL_S * 1000;
  return new Date(Math.max(Math.floor(now / slot) * slot, dataChangedAt ?? 0));
}

/**
 * The country's best price today: for every dealer of the country, its own price for the amount
 * of the default heating oil with default options (as delivered at its seat: distance does not
 * change a price), the lowest gross price per 100 L. null when no dealer sells it. Cached per
 * 120 s slot, country and amount (and per index version, so a price change shows at once).
 */
export function bestPrice(
  deps: CalculationDeps,
  countryId: number,
  amount: number,
): BestPriceResponse | null {
  const snapshot = deps.index.current();
  const asOf = bestPriceMoment(deps.now(), snapshot.dataChangedAt);
  const key = `${snapshot.version}|${asOf.getTime()}|${countryId}|${amount}`;
  return deps.bestPriceCache.getOrSet(key, () => {
    const id = countryId as CountryId;
    const product = snapshot.catalogue.defaultProduct(id, PRODUCT_GROUP_HEATING_OIL);
    if (!product) return null;
    const request = defaultRequest(snapshot, id, product, amount);
    const prepared = prepareRequest(request);
    let best: Offer | null = null;
    for (const dealer of snapshot.dealers(id)) {
      const offer = priceOffer(dealer, 0, request, prepared);
      if (offer && (!best || compareOffers(offer, best) < 0)) best = offer;
    }
    if (!best) return null;
    return {
      CountryId: id,
      Amount: amount,
      ProductId: product.id,
      UnitPrice: best.UnitPrice,
      TotalPrice: best.TotalPrice,
      Currency: CURRENCY[id],
      TimeStamp: asOf.toISOString(),
    };
  });
}

/**
 * The product a local price page asks for: the given product when it belongs to the country;
 * a product of another country maps to the country's product of the same group and kind
 * (standard/premium), so the SPEC default productId 1 works in Austria and Switzerland too.
 */
function localProduct(
  snapshot: PriceSnapshot,
  countryId: number,
  productId: number,
): CatalogueProduct | undefined {
  const { catalogue } = snapshot;
  const given = catalogue.products.get(productId);
  if (!given) return undefined;
  if (given.countryId === countryId) return given;
  const sameGroup = catalogue.productsOf(countryId, given.productGroupId);
  return (
    sameGroup.find((p) => p.isPremium === given.isPremium) ??
    catalogue.defaultProduct(countryId, given.productGroupId)
  );
}

/**
 * The lowest offer for a postal code with default options, or null when no dealer delivers.
 * 400 for a malformed or unknown postal code or an unknown product. Cached 120 s per key.
 */
export function localBestPrice(
  deps: CalculationDeps,
  countryId: number,
  query: { amount: number; productId: number; zipCode: string },
): Outcome<LocalBestPriceResponse> {
  const snapshot = deps.index.current();
  const zipError = checkZip(snapshot, countryId, query.zipCode, 'querystring.zipCode');
  if (zipError) return zipError;
  const product = localProduct(snapshot, countryId, query.productId);
  if (!product) {
    return invalid('querystring.productId', `Das Produkt ${query.productId} ist nicht bekannt.`);
  }
  const key = `${snapshot.version}|${countryId}|${query.zipCode}|${query.amount}|${product.id}`;
  return ok(
    deps.localBestPriceCache.getOrSet(key, () => {
      const id = countryId as CountryId;
      const offers = calculateOffers(
        snapshot.delivering(id, query.zipCode),
        defaultRequest(snapshot, id, product, query.amount),
      );
      const best = offers[0];
      if (!best) return null;
      return {
        ZipCode: query.zipCode,
        Amount: query.amount,
        ProductId: product.id,
        UnitPrice: best.UnitPrice,
        TotalPrice: best.TotalPrice,
        Currency: CURRENCY[id],
        DealerCount: offers.length,
        TimeStamp: new Date().toISOString(),
      };
    }),
  );
}
