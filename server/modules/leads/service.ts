/**
 * The leads use cases (SPEC §7): read a guide, validate answers and compute the comparison at the
 * country's current average price, store a lead and hand it to the partner only with consent, and
 * the partner's banner availability by postal code.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ApiError } from '../../../src/api/contract/common';
import {
  GuideDefinitionSchema,
  LEAD_CONSENT_TEXT,
  LEAD_PARTNER,
  type CompareResult,
  type Guide,
  type GuideAnswers,
  type GuideDefinition,
  type LeadBannerResponse,
  type LeadFormRequest,
  type LeadService,
} from '../../../src/api/contract/leads';
import type { CountryId } from '../../../src/lib/locale';
import type { Db } from '../../db/client';
import { countryStates, guides, leads, postalCodes } from '../../db/schema';
import {
  CURRENCY,
  type OfferRequest,
  prepareRequest,
  type PriceIndex,
  priceOffer,
} from '../calculation';
import { TtlCache } from '../caches';
import { checkZipCode, type ZipIndex } from '../location';
import { compareConsumption, houseFromAnswers, type AveragePrice } from './compare';
import { invalid, validateAnswers, type Outcome } from './validate';

export type { Outcome };

/** SPEC §9: banners and prices are cached 120 s (client and server). */
export const LEADS_CACHE_TTL_S = 120;
/** The amount the average price is quoted for (SPEC §9 default amount, the best-price amount). */
export const AVERAGE_PRICE_LITRES = 3000;

export interface LeadsDeps {
  db: Db;
  zipIndex: ZipIndex;
  prices: PriceIndex;
  partner: PartnerTransport;
  averagePriceCache: TtlCache<AveragePrice | null>;
  bannerCache: TtlCache<LeadBannerResponse>;
  guideCache: TtlCache<GuideDefinition | null>;
}

// ---------------------------------------------------------------------------------------------
// Guide

/** The active guide's definition, parsed with the contract; null when unknown or inactive. */
export async function loadGuide(deps: LeadsDeps, id: number): Promise<GuideDefinition | null> {
  const key = String(id);
  const cached = deps.guideCache.get(key);
  if (cached !== undefined) return cached;
  const [row] = await deps.db
    .select({ definition: guides.definition })
    .from(guides)
    .where(and(eq(guides.id, id), eq(guides.active, true)));
  const definition = row ? GuideDefinitionSchema.parse(row.definition) : null;
  deps.guideCache.set(key, definition);
  return definition;
}

export function toGuide(id: number, definition: GuideDefinition): Guide {
  return {
    Id: id,
    Title: definition.Title,
    Steps: [...definition.Steps].sort((a, b) => a.OrderWeight - b.OrderWeight),
  };
}

// ---------------------------------------------------------------------------------------------
// Average price

/**
 * The country's average heating-oil price today: the median, over all dealers of the country, of
 * each dealer's own gross price per 100 L for 3,000 L of the country's default heating oil with
 * default options (priced as the calculator's engine prices it, at the dealer's seat). The
 * median, not the best price, because a household pays a typical price, not always the lowest.
 * Cached 120 s per country and price-index version.
 */
export function averagePrice(deps: LeadsDeps, countryId: number): AveragePrice | null {
  const snapshot = deps.prices.current();
  const key = `${snapshot.version}|${countryId}`;
  return deps.averagePriceCache.getOrSet(key, () => {
    const id = countryId as CountryId;
    const product = snapshot.catalogue.defaultProduct(id, 1);
    if (!product) return null;
    const request: OfferRequest = {
      countryId: id,
      amount: AVERAGE_PRICE_LITRES,
      stations: 1,
      product,
      parameters: snapshot.catalogue.defaultParameters,
      climateNeutral: false,
      appointmentPlus: false,
    };
    const prepared = prepareRequest(request);
    const unitPrices: number[] = [];
    for (const dealer of snapshot.dealers(id)) {
      const offer = priceOffer(dealer, 0, request, prepared);
      if (offer) unitPrices.push(offer.UnitPrice);
    }
    const median = medianOf(unitPrices);
    if (median === undefined) return null;
    return {
      currency: CURRENCY[id],
      per100L: Math.round(median * 100) / 100,
      amountLitres: AVERAGE_PRICE_LITRES,
      date: new Date().toISOString(),
    };
  });
}

export function medianOf(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

// ---------------------------------------------------------------------------------------------
// Compare

export type CompareOutcome =
  | { ok: true; value: CompareResult; answers: GuideAnswers }
  | { ok: false; status: 400 | 404 | 503; error: ApiError };

export async function compare(
  deps: LeadsDeps,
  guideId: number,
  countryId: number,
  answers: GuideAnswers,
  pathPrefix = 'body',
): Promise<CompareOutcome> {
  const guide = await loadGuide(deps, guideId);
  if (!guide) {
    return {
      ok: false,
      status: 404,
      error: { message: `Den Fragebogen ${guideId} gibt es nicht.` },
    };
  }
  const checked = validateAnswers(
    guide,
    answers,
    countryId,
    (c, z) => deps.zipIndex.has(c, z),
    pathPrefix,
  );
  if (!checked.ok) return { ok: false, status: 400, error: checked.error };
  const price = averagePrice(deps, countryId);
  if (!price) {
    return {
      ok: false,
      status: 503,
      error: {
        message:
          'Für dieses Land liegt gerade kein Heizölpreis vor. Bitte später erneut versuchen.',
      },
    };
  }
  return {
    ok: true,
    value: compareConsumption(guideId, countryId, houseFromAnswers(checked.value), price),
    answers: checked.value,
  };
}

// ---------------------------------------------------------------------------------------------
// Lead form

/** The partner hand-over. The transport itself is out of scope: it is logged. */
export interface PartnerTransport {
  send(lead: PartnerLead): Promise<void>;
}

export interface PartnerLead {
  leadId: number;
  partnerConsent: boolean;
  countryId: number;
  zipCode: string;
  name: string;
  email: string;
  phone: string;
  selectedInformationId: number | null;
}

/**
 * Passes a lead to the partner, only when the visitor consented. Returns the hand-over time, or
 * null when nothing was passed (no consent: the transport is not called at all).
 */
export async function passLeadToPartner(
  lead: PartnerLead,
  transport: PartnerTransport,
  now: () => Date = () => new Date(),
): Promise<Date | null> {
  if (lead.partnerConsent !== true) return null;
  await transport.send(lead);
  return now();
}

export type LeadOutcome =
  | { ok: true; leadId: number; passedToPartner: boolean; result: CompareResult }
  | { ok: false; status: 400 | 404 | 503; error: ApiError };

/**
 * Validates the form, recomputes the comparison from the answers (a result sent by the client is
 * never trusted), stores the lead with the consent and its exact text, and then hands it over
 * when consent was given. Nothing is stored on any refusal.
 */
export async function submitLead(
  deps: LeadsDeps,
  body: Omit<LeadFormRequest, 'Title1' | 'Phone' | 'SelectedInformationId'> & {
    Title1: string;
    Phone: string;
    SelectedInformationId: number | null;
  },
): Promise<LeadOutcome> {
  if (body.ConsentText !== LEAD_CONSENT_TEXT) {
    return {
      ok: false,
      status: 400,
      error: {
        message:
          'Der Einwilligungstext ist nicht mehr aktuell. Bitte laden Sie die Seite neu und senden Sie das Formular noch einmal.',
        issues: [{ path: 'body.ConsentText', message: 'Unbekannter Einwilligungstext.' }],
      },
    };
  }
  if (!checkZipCode(deps.zipIndex, body.CountryId, body.ZipCode)) {
    return {
      status: 400,
      ...invalid('body.ZipCode', `Die Postleitzahl ${body.ZipCode} ist nicht bekannt.`),
    };
  }
  const compared = await compare(deps, body.GuideId, body.CountryId, body.Answers, 'body.Answers');
  if (!compared.ok) return compared;
  const result = compared.value;
  if (
    body.SelectedInformationId !== null &&
    !result.Information.some((i) => i.Id === body.SelectedInformationId)
  ) {
    return {
      status: 400,
      ...invalid(
        'body.SelectedInformationId',
        `Das Angebot ${body.SelectedInformationId} gehört nicht zu Ihrem Ergebnis.`,
      ),
    };
  }

  const [row] = await deps.db
    .insert(leads)
    .values({
      guideId: body.GuideId,
      countryId: body.CountryId,
      zip: body.ZipCode,
      title1: body.Title1,
      firstName: body.FirstName,
      lastName: body.LastName,
      email: body.Email.toLowerCase(),
      phone: body.Phone,
      answers: compared.answers,
      compareResult: result,
      selectedInformationId: body.SelectedInformationId,
      partnerConsent: body.PartnerConsent,
      consentText: body.ConsentText,
    })
    .returning({ id: leads.id });
  if (!row) throw new Error('lead insert returned no row');

  const passedAt = await passLeadToPartner(
    {
      leadId: row.id,
      partnerConsent: body.PartnerConsent,
      countryId: body.CountryId,
      zipCode: body.ZipCode,
      name: [body.Title1, body.FirstName, body.LastName].filter(Boolean).join(' '),
      email: body.Email,
      phone: body.Phone,
      selectedInformationId: body.SelectedInformationId,
    },
    deps.partner,
  );
  if (passedAt) {
    // Guarded by partner_consent in SQL too: a hand-over time never lands on a lead without it.
    await deps.db
      .update(leads)
      .set({ passedToPartnerAt: passedAt })
      .where(and(eq(leads.id, row.id), eq(leads.partnerConsent, true)));
  }
  return { ok: true, leadId: row.id, passedToPartner: passedAt !== null, result };
}

// ---------------------------------------------------------------------------------------------
// Lead-banner availability (SPEC §7, §3 Zip-code banner)

const SERVICES: Record<string, LeadService> = {
  heizungscheck: {
    Id: 'heizungscheck',
    Title: 'Heizungscheck',
    Text: 'Ein Fachbetrieb prüft Ihre Ölheizung vor Ort.',
  },
  modernisierung: {
    Id: 'modernisierung',
    Title: 'Modernisierungsberatung',
    Text: 'Energieberatung zu Heizungstausch, Dämmung und Förderung.',
  },
  tankreinigung: {
    Id: 'tankreinigung',
    Title: 'Tankreinigung',
    Text: 'Reinigung und Prüfung Ihres Heizöltanks.',
  },
};

const DE_ALL = [
  'DE-SH',
  'DE-HH',
  'DE-NI',
  'DE-HB',
  'DE-NW',
  'DE-HE',
  'DE-RP',
  'DE-BW',
  'DE-BY',
  'DE-SL',
  'DE-BE',
  'DE-BB',
  'DE-MV',
  'DE-SN',
  'DE-ST',
  'DE-TH',
];
const CITY_STATES = ['DE-HH', 'DE-HB', 'DE-BE'];

/**
 * Where the (fictitious) partner works, by state ISO code: every German state, four Austrian
 * ones, no Swiss canton. Tank cleaning is not offered in the German city states.
 */
export const PARTNER_COVERAGE: Record<keyof typeof SERVICES, readonly string[]> = {
  heizungscheck: [...DE_ALL, 'AT-3', 'AT-4', 'AT-5', 'AT-9'],
  modernisierung: [...DE_ALL, 'AT-3', 'AT-9'],
  tankreinigung: [...DE_ALL.filter((s) => !CITY_STATES.includes(s)), 'AT-4', 'AT-5'],
};

export function partnerServicesIn(stateIso: string): LeadService[] {
  return Object.entries(PARTNER_COVERAGE)
    .filter(([, states]) => states.includes(stateIso))
    .map(([id]) => ({ ...SERVICES[id]! }));
}

export const GUIDE_PATH = '/heizoel-verbrauchsvergleich';

export type BannerOutcome =
  { ok: true; value: LeadBannerResponse } | { ok: false; error: ApiError };

/** The state of a postal code (a code spanning two states: the one with most places). */
async function stateOfZip(
  db: Db,
  countryId: number,
  zip: string,
): Promise<{ iso: string; name: string } | undefined> {
  const [row] = await db
    .select({ iso: countryStates.iso, name: countryStates.name })
    .from(postalCodes)
    .innerJoin(countryStates, eq(countryStates.id, postalCodes.stateId))
    .where(and(eq(postalCodes.countryId, countryId), eq(postalCodes.zip, zip)))
    .groupBy(countryStates.iso, countryStates.name)
    .orderBy(sql`count(*) desc`, asc(countryStates.iso))
    .limit(1);
  return row;
}

/** 400 for a malformed or unknown postal code; otherwise IsSuccess with HasData. Cached 120 s. */
export async function leadBanner(
  deps: LeadsDeps,
  countryId: number,
  zipCode: string,
): Promise<BannerOutcome> {
  if (!checkZipCode(deps.zipIndex, countryId, zipCode)) {
    return invalid('querystring.zipCode', `Die Postleitzahl ${zipCode} ist nicht bekannt.`);
  }
  const key = `${countryId}|${zipCode}`;
  const cached = deps.bannerCache.get(key);
  if (cached) return { ok: true, value: cached };
  const state = await stateOfZip(deps.db, countryId, zipCode);
  const services = state ? partnerServicesIn(state.iso) : [];
  const value: LeadBannerResponse =
    state && services.length > 0
      ? {
          IsSuccess: true,
          Payload: {
            HasData: true,
            LeadData: {
              PartnerName: LEAD_PARTNER.name,
              StateName: state.name,
              Headline: `${LEAD_PARTNER.name} ist in ${state.name} für Sie da`,
              Services: services,
              Url: GUIDE_PATH,
            },
          },
        }
      : { IsSuccess: true, Payload: { HasData: false, LeadData: null } };
  deps.bannerCache.set(key, value);
  return { ok: true, value };
}
