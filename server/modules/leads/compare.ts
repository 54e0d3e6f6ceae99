/**
 * The oil-consumption comparison (SPEC §7 POST /api/leads/{guideId}/compare): pure
 * arithmetic from validated answers and a price to the contract's CompareResult. No database, no
 * clock: the routes pass the average price in, the tests pass hand-computed cases.
 *
 * The answer keys and the option values of the guide are defined here, next to the benchmark
 * values they select, and the seed (seed.ts) builds the stored guide from them, so a question
 * and the number behind it cannot drift apart.
 */
import type {
  CompareInformation,
  CompareMeasure,
  CompareRating,
  CompareResult,
} from '../../../src/api/contract/leads';

// ---------------------------------------------------------------------------------------------
// Answer keys (plain and unique across the guide, see src/api/contract/leads.ts)

export const KEYS = {
  zip: 'plz',
  buildingType: 'gebaeudeart',
  livingArea: 'wohnflaeche',
  constructionPeriod: 'baujahr',
  residents: 'bewohner',
  hotWater: 'warmwasser',
  heatingAge: 'heizungsalter',
  consumptionMode: 'verbrauchsart',
  litresPerYear: 'jahresverbrauch',
  fillLitres: 'fuellmenge',
  fillMonths: 'fuellmonate',
} as const;

// ---------------------------------------------------------------------------------------------
// Physical constants

/**
 * 1 L heating oil EL ≈ 10 kWh (net calorific value Hi ≈ 42.6 MJ/kg × 0.845 kg/L ≈ 36 MJ/L ≈
 * 10.0 kWh/L; the usual rule of thumb, e.g. in the co2online Heizspiegel and the GEG tables).
 */
export const KWH_PER_LITRE = 10;

/**
 * CO₂ from burning 1 L heating oil EL: 2.66 kg. Umweltbundesamt, "CO₂-Emissionsfaktoren für
 * fossile Brennstoffe" (Climate Change 28/2022): heating oil EL 74.0 t CO₂/TJ = 74.0 g/MJ ×
 * 3.6 MJ/kWh = 266.4 g/kWh; × 10 kWh/L = 2.66 kg/L (combustion only, without the upstream chain).
 */
export const CO2_KG_PER_LITRE = 2.66;

// ---------------------------------------------------------------------------------------------
// Benchmarks

/**
 * Final energy for space heating in kWh per m² heated living area and year, by construction
 * period, for a detached house in its typical present state (partly modernised, not fully
 * renovated). Values rounded from the ranges of the IWU "Deutsche Wohngebäudetypologie" (Institut
 * Wohnen und Umwelt, 2nd ed. 2015, Tabelle "Energiebedarf nach Baualtersklassen", detached
 * houses, present state) and the dena-Gebäudereport (2016 ff., consumption by construction year):
 *   bis 1948        180–250  → 210 (before any thermal regulation)
 *   1949–1978       160–220  → 190 (post-war, before the 1st Wärmeschutzverordnung 1977)
 *   1979–1994       120–170  → 150 (1st and 2nd Wärmeschutzverordnung)
 *   1995–2009        80–120  → 100 (3rd WSchVO 1995, EnEV 2002/2007)
 *   ab 2010/saniert  40–75   →  60 (EnEV 2009 ff. or full renovation to that level)
 * The co2online Heizspiegel's "mittel" band for oil-heated houses (roughly 90–170 kWh/(m²·a)
 * incl. hot water) lies across the middle three classes, which is the plausibility check used.
 */
export const CONSTRUCTION_CLASSES = [
  { value: 'bis-1948', label: 'bis 1948', hint: 'Altbau, meist ungedämmt', kwhPerM2: 210 },
  {
    value: '1949-1978',
    label: '1949–1978',
    hint: 'vor der ersten Wärmeschutzverordnung',
    kwhPerM2: 190,
  },
  { value: '1979-1994', label: '1979–1994', hint: 'erste Wärmeschutzvorschriften', kwhPerM2: 150 },
  {
    value: '1995-2009',
    label: '1995–2009',
    hint: 'Wärmeschutzverordnung 1995, EnEV',
    kwhPerM2: 100,
  },
  {
    value: 'ab-2010',
    label: 'ab 2010 oder umfassend saniert',
    hint: 'gedämmte Hülle, moderne Fenster',
    kwhPerM2: 60,
  },
] as const;
export type ConstructionClass = (typeof CONSTRUCTION_CLASSES)[number]['value'];

/**
 * Building type: a semi-detached or terraced house shares walls, an apartment building has less
 * outer surface per m². Factors relative to the detached house, from the same IWU typology
 * (present-state values of RH/MFH are about 10 % and 20 % below EFH of the same period).
 */
export const BUILDING_TYPES = [
  { value: 'efh', label: 'Einfamilienhaus', hint: 'freistehend', factor: 1 },
  { value: 'dhh-rh', label: 'Doppelhaushälfte oder Reihenhaus', hint: undefined, factor: 0.9 },
  { value: 'mfh', label: 'Mehrfamilienhaus', hint: 'ab drei Wohnungen', factor: 0.8 },
] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number]['value'];

/**
 * Hot water by the oil heating: 900 kWh final energy per person and year. Derivation: 40 L per
 * person and day at 45 °C (the middle of the 30–50 L of VDI 2067 Blatt 12 / DIN 4708),
 * heated by 35 K: 40 L × 35 K × 1.163 Wh/(L·K) = 1.63 kWh/day × 365 = 594 kWh useful heat; an
 * oil boiler with storage tank and circulation delivers it at about 65 % → 914 kWh, rounded 900.
 */
export const HOT_WATER_KWH_PER_PERSON = 900;

/**
 * Heating system age → annual efficiency (Jahresnutzungsgrad, on Hi). Typical ranges: old
 * constant-temperature boilers 65–80 %, low-temperature boilers 80–90 %, oil condensing boilers
 * 90–98 % (Verbraucherzentrale / BDH "Effizienz von Heizkesseln"). The benchmarks above describe
 * the average stock, taken as a low-temperature boiler at 85 %; the expected consumption is
 * scaled by 0.85 ÷ efficiency.
 */
export const HEATING_AGES = [
  { value: 'vor-1990', label: 'vor 1990', hint: 'Konstanttemperaturkessel', efficiency: 0.75 },
  {
    value: '1990-2004',
    label: '1990–2004',
    hint: 'meist Niedertemperaturkessel',
    efficiency: 0.85,
  },
  { value: '2005-2014', label: '2005–2014', hint: undefined, efficiency: 0.9 },
  { value: 'ab-2015', label: 'ab 2015', hint: 'meist Brennwertkessel', efficiency: 0.95 },
] as const;
export type HeatingAge = (typeof HEATING_AGES)[number]['value'];
export const REFERENCE_EFFICIENCY = 0.85;
/** A new oil condensing boiler (upper middle of the 90–98 % range above). */
export const NEW_BOILER_EFFICIENCY = 0.95;

/** Deviation bands for the rating word. ±10 % is within what weather and habits explain. */
export const RATING_BAND_PERCENT = 10;

// ---------------------------------------------------------------------------------------------
// Measures: the saving as a share of the space-heating part (or of the whole) of the user's own
// consumption. Sources: co2online / Verbraucherzentrale energy advice pages and VdZ ("Forum für
// Energieeffizienz in der Gebäudetechnik") figures, middle of the published ranges.

interface MeasureDef {
  id: string;
  title: string;
  text: string;
  investmentHint: string;
  /** Share of the space-heating litres saved; or of all litres when `ofTotal`. */
  share: number;
  ofTotal?: boolean;
  applies: (h: House) => boolean;
}

const OLD_BUILDING: readonly ConstructionClass[] = ['bis-1948', '1949-1978'];
const PRE_1995: readonly ConstructionClass[] = ['bis-1948', '1949-1978', '1979-1994'];
const OLD_BOILER: readonly HeatingAge[] = ['vor-1990', '1990-2004'];

export const MEASURES: readonly MeasureDef[] = [
  {
    // VdZ: hydraulic balancing saves 5–15 % of heating energy; 7 % is the cautious middle.
    id: 'hydraulischer-abgleich',
    title: 'Hydraulischer Abgleich',
    text: 'Jeder Heizkörper bekommt genau so viel Heizwasser, wie er braucht. Die Pumpe läuft sparsamer, kalte und überheizte Räume verschwinden.',
    investmentHint: 'ca. 500–1.000 € im Einfamilienhaus, förderfähig',
    share: 0.07,
    applies: (h) => h.heatingAge !== 'ab-2015',
  },
  {
    // Replacing the boiler: the whole consumption falls by 1 − old ÷ new efficiency.
    id: 'kesseltausch',
    title: 'Heizung erneuern',
    text: 'Ein moderner Brennwertkessel nutzt auch die Wärme im Abgas. Beim Austausch gelten die Vorgaben des Gebäudeenergiegesetzes; lassen Sie sich auch zu Wärmepumpe oder Hybridheizung beraten.',
    investmentHint: 'Öl-Brennwertkessel ca. 10.000–15.000 €, Wärmepumpe mehr, mit Förderung',
    share: 0, // computed from the efficiencies, see measureSavingShare
    ofTotal: true,
    applies: (h) => OLD_BOILER.includes(h.heatingAge),
  },
  {
    // co2online: top-floor ceiling insulation saves 10–20 % in an uninsulated house; 10 %.
    id: 'oberste-geschossdecke',
    title: 'Oberste Geschossdecke dämmen',
    text: 'Über ein ungedämmtes Dach oder eine ungedämmte Decke geht viel Wärme verloren. Die Dämmung der obersten Geschossdecke ist oft in Eigenleistung möglich.',
    investmentHint: 'ca. 30–60 € je m² Deckenfläche',
    share: 0.1,
    applies: (h) => OLD_BUILDING.includes(h.constructionPeriod),
  },
  {
    // Verbraucherzentrale: uninsulated pipes in unheated rooms lose up to 5 %; 3 %.
    id: 'rohrdaemmung',
    title: 'Heizungsrohre dämmen',
    text: 'Ungedämmte Rohre im kalten Keller heizen den Keller statt die Wohnung. Dämmschalen sind günstig und schnell angebracht.',
    investmentHint: 'ca. 5–10 € je Meter in Eigenleistung',
    share: 0.03,
    applies: (h) => PRE_1995.includes(h.constructionPeriod),
  },
  {
    // co2online: programmable thermostats save up to 10 % by lowering unused rooms; 5 %.
    id: 'thermostate',
    title: 'Programmierbare Thermostate',
    text: 'Räume werden nur dann geheizt, wenn sie genutzt werden; nachts und bei Abwesenheit senken die Thermostate die Temperatur selbst ab.',
    investmentHint: 'ca. 50–80 € je Heizkörper',
    share: 0.05,
    applies: () => true,
  },
  {
    // A serviced burner burns cleaner: 2–5 % of the whole consumption; 3 %.
    id: 'heizungscheck',
    title: 'Heizungscheck und Brennereinstellung',
    text: 'Ein Fachbetrieb prüft Brenner, Abgaswerte und Regelung und stellt die Heizkurve passend zum Haus ein.',
    investmentHint: 'ca. 100–200 € je Wartung',
    share: 0.03,
    ofTotal: true,
    applies: () => true,
  },
];

/** Information items (SPEC §3 selectedInformationId): ids are stable, never reuse one. */
export const INFORMATION = {
  heatingCheck: {
    Id: 1,
    Title: 'Heizungscheck',
    Text: 'Ein Fachbetrieb aus Ihrer Region prüft Ihre Ölheizung und zeigt, wo sie Öl verschwendet.',
  },
  modernisation: {
    Id: 2,
    Title: 'Modernisierungsberatung',
    Text: 'Eine Energieberatung zeigt, welche Maßnahmen sich bei Ihrem Haus zuerst lohnen und wie sie gefördert werden.',
  },
  tank: {
    Id: 3,
    Title: 'Tankwartung und Tankreinigung',
    Text: 'Ein sauberer, geprüfter Tank schützt Brenner und Filter und vermeidet teure Störungen.',
  },
  funding: {
    Id: 4,
    Title: 'Förderung für Heizung und Dämmung',
    Text: 'Für den Heizungstausch und die Dämmung gibt es Zuschüsse; ein Partner prüft, welche Programme für Sie in Frage kommen.',
  },
} as const satisfies Record<string, CompareInformation>;

// ---------------------------------------------------------------------------------------------
// Input

/** The answers the calculation needs, already validated against the guide. */
export interface House {
  buildingType: BuildingType;
  livingAreaM2: number;
  constructionPeriod: ConstructionClass;
  residents: number;
  hotWater: boolean;
  heatingAge: HeatingAge;
  /** Litres per year as answered, or computed from the last fill. */
  ownLitresPerYear: number;
}

/** The country's average price at the time of the comparison. */
export interface AveragePrice {
  currency: 'EUR' | 'CHF';
  /** Gross per 100 L. */
  per100L: number;
  amountLitres: number;
  /** ISO timestamp. */
  date: string;
}

function num(answers: Record<string, string>, key: string): number {
  return Number((answers[key] ?? '').replace(',', '.'));
}

/**
 * Validated answers → House. The consumption is the litres-per-year answer, or the last fill
 * spread over the months it lasted: fill ÷ months × 12.
 */
export function houseFromAnswers(answers: Record<string, string>): House {
  const own =
    answers[KEYS.consumptionMode] === 'fuellung'
      ? (num(answers, KEYS.fillLitres) / num(answers, KEYS.fillMonths)) * 12
      : num(answers, KEYS.litresPerYear);
  return {
    buildingType: answers[KEYS.buildingType] as BuildingType,
    livingAreaM2: num(answers, KEYS.livingArea),
    constructionPeriod: answers[KEYS.constructionPeriod] as ConstructionClass,
    residents: num(answers, KEYS.residents),
    hotWater: answers[KEYS.hotWater] === 'ja',
    heatingAge: answers[KEYS.heatingAge] as HeatingAge,
    ownLitresPerYear: own,
  };
}

// ---------------------------------------------------------------------------------------------
// Calculation

function byValue<T extends { value: string }>(list: readonly T[], value: string): T {
  const found = list.find((x) => x.value === value);
  if (!found) throw new Error(`unknown value ${value}`);
  return found;
}

/** kWh per year: space heating, hot water, and the boiler factor that applies to both. */
export function expectedKwh(h: House): { space: number; hotWater: number; total: number } {
  const boilerFactor = REFERENCE_EFFICIENCY / byValue(HEATING_AGES, h.heatingAge).efficiency;
  const space =
    h.livingAreaM2 *
    byValue(CONSTRUCTION_CLASSES, h.constructionPeriod).kwhPerM2 *
    byValue(BUILDING_TYPES, h.buildingType).factor *
    boilerFactor;
  const hotWater = h.hotWater ? h.residents * HOT_WATER_KWH_PER_PERSON * boilerFactor : 0;
  return { space, hotWater, total: space + hotWater };
}

/** The share of the user's whole consumption a measure saves. */
export function measureSavingShare(m: MeasureDef, h: House, spaceShare: number): number {
  if (m.id === 'kesseltausch') {
    return 1 - byValue(HEATING_AGES, h.heatingAge).efficiency / NEW_BOILER_EFFICIENCY;
  }
  return m.ofTotal ? m.share : m.share * spaceShare;
}

export function ratingOf(deviationPercent: number): CompareRating {
  if (deviationPercent <= -RATING_BAND_PERCENT) return 'sparsam';
  if (deviationPercent >= RATING_BAND_PERCENT) return 'hoch';
  return 'durchschnittlich';
}

const RATING_TEXT: Record<CompareRating, string> = {
  sparsam: 'Ihr Haus braucht deutlich weniger Heizöl als vergleichbare Häuser. Weiter so!',
  durchschnittlich:
    'Ihr Verbrauch liegt im Bereich vergleichbarer Häuser. Mit einfachen Maßnahmen lässt sich trotzdem sparen.',
  hoch: 'Ihr Haus braucht deutlich mehr Heizöl als vergleichbare Häuser. Hier lohnt sich ein genauer Blick.',
};

const round1 = (x: number) => Math.round(x * 10) / 10;

export function compareConsumption(
  guideId: number,
  countryId: number,
  h: House,
  price: AveragePrice,
): CompareResult {
  const kwh = expectedKwh(h);
  const expectedL = kwh.total / KWH_PER_LITRE;
  const ownL = h.ownLitresPerYear;
  const pricePerL = price.per100L / 100;
  const money = (litres: number) => Math.round(litres * pricePerL);

  // The user's consumption split like the expected one: the space-heating part is what
  // insulation, balancing and thermostats act on.
  const spaceShare = kwh.total > 0 ? kwh.space / kwh.total : 1;
  const measures: CompareMeasure[] = [];
  let remaining = 1;
  for (const m of MEASURES) {
    if (!m.applies(h)) continue;
    const share = measureSavingShare(m, h, spaceShare);
    // Measures listed one by one save from today's consumption; done together they compound.
    remaining *= 1 - share;
    const litres = ownL * share;
    measures.push({
      Id: m.id,
      Title: m.title,
      Text: m.text,
      SavingLitresPerYear: Math.round(litres),
      SavingPerYear: money(litres),
      InvestmentHint: m.investmentHint,
    });
  }
  measures.sort((a, b) => b.SavingLitresPerYear - a.SavingLitresPerYear);
  const efficientL = ownL * remaining;

  const deviationL = ownL - expectedL;
  const deviationPercent = round1((deviationL / expectedL) * 100);
  const rating = ratingOf(deviationPercent);

  const information: CompareInformation[] = [
    INFORMATION.heatingCheck,
    INFORMATION.modernisation,
    INFORMATION.tank,
  ];
  if (measures.some((m) => m.Id === 'kesseltausch' || m.Id === 'oberste-geschossdecke')) {
    information.push(INFORMATION.funding);
  }

  return {
    GuideId: guideId,
    CountryId: countryId,
    Currency: price.currency,
    ExpectedLitresPerYear: Math.round(expectedL),
    OwnLitresPerYear: Math.round(ownL),
    EfficientLitresPerYear: Math.round(efficientL),
    DeviationPercent: deviationPercent,
    DeviationLitresPerYear: Math.round(deviationL),
    DeviationPerYear: money(deviationL),
    OwnCostPerYear: money(ownL),
    ExpectedCostPerYear: money(expectedL),
    PricePer100L: price.per100L,
    PriceAmountLitres: price.amountLitres,
    PriceDate: price.date,
    OwnKwhPerM2: Math.round((ownL * KWH_PER_LITRE) / h.livingAreaM2),
    ExpectedKwhPerM2: Math.round(kwh.total / h.livingAreaM2),
    Co2KgPerYear: Math.round(ownL * CO2_KG_PER_LITRE),
    ExpectedCo2KgPerYear: Math.round(expectedL * CO2_KG_PER_LITRE),
    Rating: rating,
    RatingText: RATING_TEXT[rating],
    Measures: measures,
    Information: information.map((i) => ({ ...i })),
    Chart: [
      {
        Key: 'own',
        Label: 'Ihr Verbrauch',
        LitresPerYear: Math.round(ownL),
        CostPerYear: money(ownL),
      },
      {
        Key: 'expected',
        Label: 'Vergleichbare Häuser',
        LitresPerYear: Math.round(expectedL),
        CostPerYear: money(expectedL),
      },
      {
        Key: 'efficient',
        Label: 'Mit allen Maßnahmen',
        LitresPerYear: Math.round(efficientL),
        CostPerYear: money(efficientL),
      },
    ],
  };
}
