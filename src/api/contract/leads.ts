/**
 * The oil-consumption guide, its compare step, the lead form and the lead-partner banner:
 * SPEC §3 (Guide, Guide state, Zip-code banner), §4 (Guide), §7 (leads calls, lead-banner
 * availability), §9 (banner cache 120 s). PascalCase wire fields.
 *
 * Answers ("flattened answers as key/value pairs", SPEC §7): one record of input Key → text
 * value. Keys are plain and unique across the whole guide (not "<stepId>.<key>"), so the client
 * flattens its stepValues (step id → key → value) by merging the inner maps. Numbers travel as
 * text in the answers (e.g. "140"; a decimal comma is accepted too) because the record also
 * carries choice values and postal codes. Every input key of the guide must be known: an unknown
 * key is refused (400), so a renamed question cannot be answered silently.
 *
 * Conditional inputs: an input with `VisibleWhen` only applies while the answer to
 * `VisibleWhen.Key` is one of `VisibleWhen.Values` (the consumption step asks either for litres
 * per year or for the last fill and how many months it lasted). An input that does not apply is
 * not shown, not counted for "step finished" / progress (SPEC §4), and the server ignores an
 * answer to it (so a stale answer from before a switch does no harm); use `activeInputs()` on
 * both sides so client and server agree. Number answers: digits with an optional decimal comma
 * or point, no thousands separators ("1500", not "1.500").
 */
import { z } from 'zod/mini';
import {
  CountryIdParamSchema,
  CountryIdSchema,
  CountryParamsSchema,
  requestId,
  requestIdParam,
  requestText,
  ZipCodeParamSchema,
} from './common';
import { CurrencySchema } from './calculation-result';
import { LEAD_TITLES } from './leads-rules';

// Zod-free rules and constants live in leads-rules.ts, so the guide can use them without
// building the schemas below.
export { activeInputs, LEAD_CONSENT_TEXT, LEAD_PARTNER, LEAD_TITLES } from './leads-rules';

// ---------------------------------------------------------------------------------------------
// The guide: GET /api/leads/guide/{id}

export const GuideIdParamSchema = requestIdParam('Die Fragebogen-Id');
export const GuideParamsSchema = z.object({ id: GuideIdParamSchema });

/** Show an input only while another answer has one of these values. */
export const VisibleWhenSchema = z.object({ Key: z.string(), Values: z.array(z.string()) });
export type VisibleWhen = z.infer<typeof VisibleWhenSchema>;

const inputBase = {
  /** Unique across the guide; the key in the flattened answers. */
  Key: z.string(),
  Label: z.string(),
  Required: z.boolean(),
  /** A short help text under the question. */
  Help: z.optional(z.string()),
  VisibleWhen: z.optional(VisibleWhenSchema),
};

export const GuideChoiceOptionSchema = z.object({
  Value: z.string(),
  Label: z.string(),
  Hint: z.optional(z.string()),
});
export type GuideChoiceOption = z.infer<typeof GuideChoiceOptionSchema>;

export const GuideChoiceInputSchema = z.object({
  Type: z.literal('choice'),
  ...inputBase,
  Options: z.array(GuideChoiceOptionSchema),
});
export const GuideNumberInputSchema = z.object({
  Type: z.literal('number'),
  ...inputBase,
  /** Shown after the field, e.g. "m²", "Liter", "Monate", "Personen". */
  Unit: z.string(),
  Min: z.number(),
  Max: z.number(),
  /** 1 = whole numbers only. */
  Step: z.number(),
  Placeholder: z.optional(z.string()),
});
/** A postal code of the country the visitor chose (pattern and existence are checked). */
export const GuideZipInputSchema = z.object({
  Type: z.literal('zip'),
  ...inputBase,
});
export const GuideInputSchema = z.discriminatedUnion('Type', [
  GuideChoiceInputSchema,
  GuideNumberInputSchema,
  GuideZipInputSchema,
]);
export type GuideChoiceInput = z.infer<typeof GuideChoiceInputSchema>;
export type GuideNumberInput = z.infer<typeof GuideNumberInputSchema>;
export type GuideZipInput = z.infer<typeof GuideZipInputSchema>;
export type GuideInput = z.infer<typeof GuideInputSchema>;

export const GuideStepSchema = z.object({
  /** 1-based; the route /heizoel-verbrauchsvergleich/schritt-{Id} (SPEC §2). */
  Id: z.number(),
  /** Steps are shown in ascending OrderWeight (SPEC §4), not by Id. */
  OrderWeight: z.number(),
  Title: z.string(),
  Description: z.optional(z.string()),
  Inputs: z.array(GuideInputSchema),
});
export type GuideStep = z.infer<typeof GuideStepSchema>;

/** The stored definition (table guide, column definition): the guide without its Id. */
export const GuideDefinitionSchema = z.object({
  Title: z.string(),
  Steps: z.array(GuideStepSchema),
});
export type GuideDefinition = z.infer<typeof GuideDefinitionSchema>;

export const GuideSchema = z.object({ Id: z.number(), ...GuideDefinitionSchema.shape });
export type Guide = z.infer<typeof GuideSchema>;

/** Flattened answers: input Key → value as text (see the file comment). */
export type GuideAnswers = Record<string, string>;

// ---------------------------------------------------------------------------------------------
// Compare: POST /api/leads/{guideId}/compare?countryId=1, body = the flattened answers

export const GuideIdPathSchema = z.object({ guideId: GuideIdParamSchema });

/** The country whose average price and currency the money values use. */
export const CompareQuerySchema = CountryParamsSchema;

const MAX_ANSWERS = 50;
export const GuideAnswersSchema = z
  .record(
    requestText(
      'Ein Antwortschlüssel muss Text sein.',
      z.maxLength(60, 'Ein Antwortschlüssel ist zu lang.'),
    ),
    requestText(
      'Jede Antwort muss als Text angegeben werden.',
      z.maxLength(100, 'Eine Antwort ist zu lang (höchstens 100 Zeichen).'),
    ),
    { error: 'Erwartet werden die Antworten als JSON-Objekt (Schlüssel → Text).' },
  )
  .check(
    z.refine(
      (r) => Object.keys(r).length <= MAX_ANSWERS,
      `Höchstens ${MAX_ANSWERS} Antworten sind erlaubt.`,
    ),
  );

export const CompareRatingSchema = z.enum(['sparsam', 'durchschnittlich', 'hoch']);
export type CompareRating = z.infer<typeof CompareRatingSchema>;

export const CompareMeasureSchema = z.object({
  /** Stable, e.g. "hydraulischer-abgleich". */
  Id: z.string(),
  Title: z.string(),
  Text: z.string(),
  SavingLitresPerYear: z.number(),
  /** In Currency at the average price, whole units. */
  SavingPerYear: z.number(),
  /** Typical cost, as a German text ("ca. 500–1.000 €"). */
  InvestmentHint: z.string(),
});
export type CompareMeasure = z.infer<typeof CompareMeasureSchema>;

/** SPEC §3 selectedInformationId refers to these Ids (stable across versions). */
export const CompareInformationSchema = z.object({
  Id: z.number(),
  Title: z.string(),
  Text: z.string(),
});
export type CompareInformation = z.infer<typeof CompareInformationSchema>;

export const ChartSeriesKeySchema = z.enum(['own', 'expected', 'efficient']);
export const CompareChartPointSchema = z.object({
  Key: ChartSeriesKeySchema,
  /** German label for the bar, e.g. "Ihr Verbrauch". */
  Label: z.string(),
  LitresPerYear: z.number(),
  CostPerYear: z.number(),
});
export type CompareChartPoint = z.infer<typeof CompareChartPointSchema>;

export const CompareResultSchema = z.object({
  GuideId: z.number(),
  CountryId: z.number(),
  Currency: CurrencySchema,
  /** Expected for this house per the benchmark (with hot water, heating age, building type). */
  ExpectedLitresPerYear: z.number(),
  /** The user's consumption per year (litres/year answer, or fill ÷ months × 12). */
  OwnLitresPerYear: z.number(),
  /** What the same house would need with the listed measures done (chart third bar). */
  EfficientLitresPerYear: z.number(),
  /** (own − expected) ÷ expected × 100, one decimal; positive = more than expected. */
  DeviationPercent: z.number(),
  DeviationLitresPerYear: z.number(),
  /** DeviationLitresPerYear × price per litre, whole currency units; negative = saving. */
  DeviationPerYear: z.number(),
  OwnCostPerYear: z.number(),
  ExpectedCostPerYear: z.number(),
  /** The average gross price per 100 L used (median best price at PriceAmountLitres). */
  PricePer100L: z.number(),
  PriceAmountLitres: z.number(),
  /** ISO timestamp of the price. */
  PriceDate: z.string(),
  /** kWh per m² and year, own and expected (useful for the explanation text). */
  OwnKwhPerM2: z.number(),
  ExpectedKwhPerM2: z.number(),
  Co2KgPerYear: z.number(),
  ExpectedCo2KgPerYear: z.number(),
  Rating: CompareRatingSchema,
  /** One German sentence explaining the rating. */
  RatingText: z.string(),
  Measures: z.array(CompareMeasureSchema),
  Information: z.array(CompareInformationSchema),
  /** Bars in this order: own, expected, efficient. */
  Chart: z.array(CompareChartPointSchema),
});
export type CompareResult = z.infer<typeof CompareResultSchema>;

// ---------------------------------------------------------------------------------------------
// Lead form: POST /api/leads/lead-formular (state-changing: CSRF header required)

/** `name` as subject ("Der Vorname"), `accusative` for the missing message ("Ihren Vornamen"). */
const text = (name: string, accusative: string, max: number) =>
  requestText(
    `${name} muss als Text angegeben werden.`,
    z.trim(),
    z.minLength(1, `Bitte geben Sie ${accusative} an.`),
    z.maxLength(max, `${name} ist zu lang (höchstens ${max} Zeichen).`),
  );

export const LeadFormRequestSchema = z.object(
  {
    GuideId: requestId('GuideId'),
    CountryId: CountryIdSchema,
    /** The contact's postal code (checked like the calculator's). */
    ZipCode: text('Die Postleitzahl', 'die Postleitzahl', 10),
    Title1: z._default(
      z.enum(LEAD_TITLES, { error: 'Die Anrede muss Herr, Frau, Divers oder leer sein.' }),
      '',
    ),
    FirstName: text('Der Vorname', 'Ihren Vornamen', 80),
    LastName: text('Der Nachname', 'Ihren Nachnamen', 80),
    Email: requestText(
      'Die E-Mail-Adresse muss als Text angegeben werden.',
      z.trim(),
      z.maxLength(254, 'Die E-Mail-Adresse ist zu lang.'),
      z.email('Bitte geben Sie eine gültige E-Mail-Adresse an.'),
    ),
    /** Optional; digits, spaces and + ( ) / - only. */
    Phone: z._default(
      requestText(
        'Die Telefonnummer muss als Text angegeben werden.',
        z.trim(),
        z.maxLength(30, 'Die Telefonnummer ist zu lang.'),
        z.regex(
          /^[0-9 +()/-]*$/,
          'Die Telefonnummer darf nur Ziffern, Leerzeichen und + ( ) / - enthalten.',
        ),
      ),
      '',
    ),
    /** The guide answers; the server validates them and recomputes the compare result. */
    Answers: GuideAnswersSchema,
    /** An Information Id of the compare result, or null. */
    SelectedInformationId: z._default(z.nullable(requestId('SelectedInformationId')), null),
    /** Explicit: true only when the visitor ticked the box (no default). */
    PartnerConsent: z.boolean({
      error: 'PartnerConsent muss ausdrücklich true oder false sein.',
    }),
    /** Must equal LEAD_CONSENT_TEXT. */
    ConsentText: requestText(
      'ConsentText muss als Text angegeben werden.',
      z.maxLength(2000, 'ConsentText ist zu lang.'),
    ),
  },
  { error: 'Erwartet wird ein JSON-Objekt mit den Angaben des Formulars.' },
);
export type LeadFormRequest = z.input<typeof LeadFormRequestSchema>;

export const LeadFormResponseSchema = z.object({
  IsSuccess: z.literal(true),
  LeadId: z.number(),
  /** true only when PartnerConsent was true and the hand-over ran. */
  PassedToPartner: z.boolean(),
  /** The result as recomputed by the server from Answers. */
  Result: CompareResultSchema,
});
export type LeadFormResponse = z.infer<typeof LeadFormResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Lead-banner availability: GET /api/waermepartner/lead-banner?countryId=&zipCode=
// (SPEC §3 Zip-code banner: hasData, leadData from a Payload object; §9 cached 120 s)

export const LeadBannerQuerySchema = z.object({
  countryId: CountryIdParamSchema,
  zipCode: ZipCodeParamSchema,
});

export const LeadServiceSchema = z.object({
  /** Stable, e.g. "heizungscheck". */
  Id: z.string(),
  Title: z.string(),
  Text: z.string(),
});
export type LeadService = z.infer<typeof LeadServiceSchema>;

export const LeadBannerDataSchema = z.object({
  PartnerName: z.string(),
  /** The state (Bundesland/Kanton) of the postal code. */
  StateName: z.string(),
  Headline: z.string(),
  Services: z.array(LeadServiceSchema),
  /** Where the banner leads: the guide (SPEC §2). */
  Url: z.string(),
});
export type LeadBannerData = z.infer<typeof LeadBannerDataSchema>;

export const LeadBannerResponseSchema = z.object({
  IsSuccess: z.boolean(),
  Payload: z.object({
    HasData: z.boolean(),
    /** null when HasData is false. */
    LeadData: z.nullable(LeadBannerDataSchema),
  }),
});
export type LeadBannerResponse = z.infer<typeof LeadBannerResponseSchema>;
