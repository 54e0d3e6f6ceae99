/**
 * Word material for fictitious dealer names, streets and descriptions (ARCHITECTURE §6: never real
 * company names). Names are composed from common family names and landscape or place names of the
 * dealer's seat; `REAL_COMPANY_NAMES` lists brands and well-known firms of the heating-oil trade
 * that a generated name must never contain (checked by dealers.test.ts).
 */
import { haversineKm } from '../../../src/lib/geo';
import type { Rng } from '../../../src/lib/prng';
import { chance, pick } from '../../../src/lib/prng';

export type Language = 'de' | 'fr' | 'it';

/** Word-boundary, case-insensitive blocklist; a generated name containing one is rejected. */
export const REAL_COMPANY_NAMES: readonly string[] = [
  'Shell',
  'Aral',
  'Avia',
  'OMV',
  'Tamoil',
  'Esso',
  'Total',
  'TotalEnergies',
  'Jet',
  'Hoyer',
  'Raiffeisen',
  'BayWa',
  'Migrol',
  'Agrola',
  'Westfalen',
  'Mabanaft',
  'Oilfox',
  'Esyoil',
  'Heizoel24',
  'HeizOel24',
  'Fastenergy',
  'Orlen',
  'Agip',
  'Eni',
  'BP',
  'Socar',
  'Gulf',
  'Turmöl',
  'Doppler',
  'Genol',
  'Landi',
  'Coop',
  'Varo',
  'Lagerhaus',
  'Star',
];

export function containsRealCompanyName(text: string): boolean {
  return REAL_COMPANY_NAMES.some((n) =>
    new RegExp(`(^|[^\\p{L}\\d])${n}($|[^\\p{L}\\d])`, 'iu').test(text),
  );
}

/** Family names per name style; common surnames, no firm of the trade. */
const FAMILY: Record<NameStyle, readonly string[]> = {
  'de-DE': [
    'Brandt',
    'Kessler',
    'Hofmann',
    'Lindner',
    'Gärtner',
    'Wendler',
    'Rautenberg',
    'Steinmetz',
    'Kröger',
    'Vollmer',
    'Sauter',
    'Reinhold',
    'Albers',
    'Bachmeier',
    'Dörfler',
    'Eberhardt',
    'Falkner',
    'Gottschalk',
    'Hartwig',
    'Imhoff',
    'Jankowski',
    'Kellermann',
    'Lorenz',
    'Mertens',
    'Nowak',
    'Oberländer',
    'Pfeiffer',
    'Quante',
    'Riedel',
    'Schwarzer',
    'Thalmann',
    'Ullrich',
    'Vogler',
    'Wachter',
    'Zeidler',
    'Bergmann',
    'Kuhnert',
    'Trautmann',
    'Wendt',
    'Petersen',
    'Claasen',
    'Janssen',
    'Harms',
    'Ohlsen',
    'Schöning',
    'Köhler',
    'Ruppert',
    'Sommerfeld',
    'Weidner',
    'Ziegler',
    'Engel',
    'Krämer',
    'Rothe',
    'Hessel',
    'Bachmann',
    'Lehmkuhl',
  ],
  'de-AT': [
    'Stöckl',
    'Hinterberger',
    'Moosbrugger',
    'Leitner',
    'Grabner',
    'Pichler',
    'Wimmer',
    'Brunner',
    'Huber',
    'Aigner',
    'Reisinger',
    'Kastner',
    'Seidl',
    'Fuchsbichler',
    'Lechner',
    'Haas',
    'Hofer',
    'Gruber',
    'Steiner',
    'Moser',
    'Eder',
    'Schwaiger',
    'Wallner',
    'Strasser',
    'Holzer',
    'Rainer',
    'Lackner',
    'Kogler',
    'Ebner',
    'Mayrhofer',
    'Unterberger',
    'Pirker',
    'Gasser',
    'Novotny',
    'Horvath',
    'Tschernutter',
  ],
  'de-CH': [
    'Baumgartner',
    'Blaser',
    'Wyss',
    'Gisler',
    'Imhof',
    'Zürcher',
    'Schnyder',
    'Amstutz',
    'Käser',
    'Flückiger',
    'Bieri',
    'Rüegg',
    'Odermatt',
    'Tschudi',
    'Häfliger',
    'Aebischer',
    'Zaugg',
    'Hämmerli',
    'Gerber',
    'Stucki',
    'Wälti',
    'Zimmerli',
    'Inäbnit',
    'Kälin',
    'Bucher',
    'Arnold',
    'Marti',
    'Steiger',
    'Vogt',
    'Egli',
  ],
  fr: [
    'Favrod',
    'Rochat',
    'Chappuis',
    'Monnier',
    'Perrin',
    'Jaquier',
    'Ducret',
    'Girardet',
    'Vuilleumier',
    'Berthoud',
    'Cuénod',
    'Dufaux',
    'Mottier',
    'Pittet',
    'Roulin',
    'Savary',
    'Maillard',
    'Vuagniaux',
  ],
  it: [
    'Bernasconi',
    'Rossetti',
    'Cattaneo',
    'Pedrazzini',
    'Gianola',
    'Bianchetti',
    'Lurati',
    'Camponovo',
    'Fumagalli',
    'Quadri',
    'Rusconi',
    'Zanini',
  ],
};

/**
 * Landscapes and rivers by global state id (countryId * 100 + mapId), each with a rough centre, so
 * that a dealer is only named after a region near its seat.
 */
const REGIONS: Record<number, readonly (readonly [name: string, lat: number, lon: number])[]> = {
  101: [
    ['Nordfriesland', 54.6, 8.9],
    ['Dithmarschen', 54.15, 9.1],
    ['Angeln', 54.7, 9.7],
    ['Holstein', 54.1, 10.2],
    ['Förde', 54.35, 10.15],
    ['Marsch', 53.9, 9.3],
  ],
  102: [
    ['Elbe', 53.55, 9.95],
    ['Alster', 53.6, 10.0],
    ['Hanse', 53.55, 10.0],
    ['Vierlande', 53.45, 10.2],
  ],
  103: [
    ['Heide', 52.95, 10.0],
    ['Weser', 52.6, 9.2],
    ['Ems', 52.9, 7.3],
    ['Harz', 51.8, 10.4],
    ['Leine', 52.2, 9.8],
    ['Wendland', 53.0, 11.2],
    ['Ostfriesland', 53.4, 7.5],
    ['Solling', 51.7, 9.6],
  ],
  104: [
    ['Weser', 53.1, 8.8],
    ['Hanse', 53.08, 8.8],
    ['Unterweser', 53.4, 8.5],
  ],
  105: [
    ['Sauerland', 51.2, 8.1],
    ['Münsterland', 52.0, 7.5],
    ['Niederrhein', 51.5, 6.4],
    ['Lippe', 51.95, 8.9],
    ['Siegerland', 50.9, 8.0],
    ['Ruhr', 51.45, 7.2],
    ['Eifel', 50.55, 6.5],
  ],
  106: [
    ['Wetterau', 50.35, 8.85],
    ['Vogelsberg', 50.55, 9.25],
    ['Odenwald', 49.65, 8.95],
    ['Taunus', 50.25, 8.3],
    ['Lahn', 50.5, 8.5],
    ['Rheingau', 50.0, 8.0],
    ['Rhön', 50.5, 9.95],
  ],
  107: [
    ['Eifel', 50.25, 6.8],
    ['Hunsrück', 49.9, 7.3],
    ['Westerwald', 50.6, 7.8],
    ['Pfalz', 49.35, 7.9],
    ['Mosel', 49.95, 7.0],
    ['Nahe', 49.8, 7.6],
    ['Rheinhessen', 49.85, 8.1],
  ],
  108: [
    ['Kraichgau', 49.15, 8.8],
    ['Hohenlohe', 49.2, 9.7],
    ['Schwarzwald', 48.3, 8.2],
    ['Bodensee', 47.7, 9.3],
    ['Neckar', 48.8, 9.2],
    ['Alb', 48.4, 9.5],
    ['Oberschwaben', 48.0, 9.6],
  ],
  109: [
    ['Altmühl', 49.0, 11.2],
    ['Chiemgau', 47.85, 12.5],
    ['Allgäu', 47.7, 10.4],
    ['Rhön', 50.35, 10.0],
    ['Frankenwald', 50.3, 11.5],
    ['Donau', 48.8, 12.3],
    ['Isar', 48.3, 12.0],
    ['Oberpfalz', 49.3, 12.1],
  ],
  110: [
    ['Saar', 49.3, 6.9],
    ['Bliesgau', 49.15, 7.2],
    ['Saargau', 49.35, 6.55],
  ],
  111: [
    ['Spree', 52.5, 13.4],
    ['Havel', 52.5, 13.2],
    ['Spreebogen', 52.52, 13.37],
  ],
  112: [
    ['Havelland', 52.55, 12.7],
    ['Uckermark', 53.15, 13.85],
    ['Spreewald', 51.9, 14.0],
    ['Prignitz', 53.15, 12.0],
    ['Barnim', 52.8, 13.7],
    ['Oderland', 52.55, 14.3],
    ['Fläming', 51.95, 12.9],
  ],
  113: [
    ['Vorpommern', 53.9, 13.6],
    ['Mecklenburg', 53.6, 11.6],
    ['Müritz', 53.45, 12.7],
    ['Rügen', 54.4, 13.4],
    ['Uecker', 53.55, 13.95],
    ['Peene', 53.85, 13.3],
    ['Warnow', 53.9, 12.1],
  ],
  114: [
    ['Erzgebirge', 50.6, 13.0],
    ['Vogtland', 50.45, 12.2],
    ['Lausitz', 51.3, 14.4],
    ['Elbtal', 51.1, 13.6],
    ['Mulde', 51.2, 12.7],
  ],
  115: [
    ['Altmark', 52.7, 11.5],
    ['Börde', 52.1, 11.3],
    ['Saale', 51.5, 11.9],
    ['Harz', 51.7, 10.9],
    ['Anhalt', 51.85, 12.2],
    ['Elbaue', 52.0, 12.0],
  ],
  116: [
    ['Rennsteig', 50.6, 10.8],
    ['Saale', 50.85, 11.55],
    ['Eichsfeld', 51.35, 10.2],
    ['Werra', 50.8, 10.1],
    ['Orlatal', 50.75, 11.6],
    ['Unstrut', 51.2, 11.0],
  ],
  201: [
    ['Seewinkel', 47.8, 16.8],
    ['Leithagebirge', 47.9, 16.6],
    ['Mittelburgenland', 47.5, 16.5],
    ['Südburgenland', 47.15, 16.25],
  ],
  202: [
    ['Drautal', 46.75, 13.4],
    ['Lavanttal', 46.85, 14.85],
    ['Gailtal', 46.62, 13.4],
    ['Mölltal', 46.9, 13.1],
    ['Gurktal', 46.85, 14.1],
  ],
  203: [
    ['Weinviertel', 48.55, 16.4],
    ['Waldviertel', 48.65, 15.2],
    ['Mostviertel', 48.05, 15.0],
    ['Wachau', 48.35, 15.4],
    ['Marchfeld', 48.25, 16.65],
    ['Tullnerfeld', 48.3, 15.95],
  ],
  204: [
    ['Mühlviertel', 48.5, 14.3],
    ['Innviertel', 48.2, 13.3],
    ['Hausruck', 48.1, 13.6],
    ['Traunviertel', 47.95, 14.0],
    ['Salzkammergut', 47.75, 13.6],
  ],
  205: [
    ['Pinzgau', 47.3, 12.6],
    ['Pongau', 47.35, 13.2],
    ['Lungau', 47.12, 13.75],
    ['Flachgau', 47.9, 13.1],
    ['Tennengau', 47.62, 13.15],
  ],
  206: [
    ['Ennstal', 47.5, 14.0],
    ['Murtal', 47.2, 14.7],
    ['Vulkanland', 46.9, 15.9],
    ['Mürztal', 47.5, 15.4],
    ['Schilcherland', 46.85, 15.25],
  ],
  207: [
    ['Zillertal', 47.25, 11.85],
    ['Inntal', 47.35, 11.5],
    ['Ötztal', 47.1, 10.95],
    ['Unterland', 47.5, 12.1],
    ['Außerfern', 47.45, 10.7],
    ['Wipptal', 47.15, 11.45],
  ],
  208: [
    ['Montafon', 47.05, 9.95],
    ['Walgau', 47.2, 9.75],
    ['Rheintal', 47.4, 9.65],
    ['Bregenzerwald', 47.4, 9.9],
  ],
  209: [
    ['Donau', 48.22, 16.4],
    ['Wienerwald', 48.2, 16.15],
    ['Donaustadt', 48.22, 16.5],
  ],
  301: [
    ['Zürcher Unterland', 47.5, 8.5],
    ['Weinland', 47.6, 8.7],
    ['Knonaueramt', 47.25, 8.45],
    ['Glattal', 47.4, 8.6],
    ['Zürisee', 47.25, 8.65],
  ],
  302: [
    ['Emmental', 46.95, 7.75],
    ['Seeland', 47.05, 7.25],
    ['Oberland', 46.65, 7.8],
    ['Aaretal', 46.85, 7.55],
    ['Gürbetal', 46.85, 7.5],
    ['Oberaargau', 47.2, 7.75],
  ],
  303: [
    ['Entlebuch', 46.95, 8.05],
    ['Seetal', 47.2, 8.3],
    ['Rigi', 47.05, 8.45],
    ['Wiggertal', 47.15, 7.95],
  ],
  304: [
    ['Reusstal', 46.8, 8.65],
    ['Urnersee', 46.95, 8.6],
    ['Gotthard', 46.6, 8.57],
  ],
  305: [
    ['Ybrig', 47.05, 8.8],
    ['March', 47.2, 8.95],
    ['Höfe', 47.2, 8.75],
    ['Muotatal', 46.97, 8.75],
  ],
  306: [
    ['Sarnersee', 46.88, 8.23],
    ['Melchtal', 46.83, 8.3],
  ],
  307: [
    ['Stanserhorn', 46.93, 8.34],
    ['Bürgenstock', 46.99, 8.38],
  ],
  308: [
    ['Glarnerland', 47.0, 9.05],
    ['Linthal', 46.92, 9.0],
    ['Sernftal', 46.9, 9.15],
  ],
  309: [
    ['Ennetsee', 47.17, 8.43],
    ['Zugerberg', 47.15, 8.54],
  ],
  310: [
    ['Sense', 46.85, 7.25],
    ['Broye', 46.8, 6.95],
    ['Gruyère', 46.6, 7.1],
    ['Glâne', 46.68, 6.9],
  ],
  311: [
    ['Thal', 47.3, 7.6],
    ['Wasseramt', 47.18, 7.6],
    ['Bucheggberg', 47.13, 7.45],
    ['Gäu', 47.28, 7.75],
  ],
  312: [
    ['Rhein', 47.56, 7.6],
    ['Birs', 47.54, 7.61],
  ],
  313: [
    ['Baselbiet', 47.45, 7.75],
    ['Birseck', 47.5, 7.6],
    ['Laufental', 47.42, 7.5],
    ['Ergolz', 47.48, 7.78],
  ],
  314: [
    ['Randen', 47.75, 8.6],
    ['Klettgau', 47.68, 8.5],
    ['Reiat', 47.75, 8.7],
  ],
  315: [
    ['Hinterland', 47.35, 9.3],
    ['Säntis', 47.3, 9.35],
  ],
  316: [
    ['Alpstein', 47.28, 9.4],
    ['Säntis', 47.3, 9.35],
  ],
  317: [
    ['Toggenburg', 47.3, 9.1],
    ['Rheintal', 47.35, 9.6],
    ['Fürstenland', 47.45, 9.2],
    ['Sarganserland', 47.05, 9.45],
    ['Linth', 47.2, 9.0],
  ],
  318: [
    ['Engadin', 46.6, 10.0],
    ['Prättigau', 46.95, 9.7],
    ['Surselva', 46.75, 9.1],
    ['Domleschg', 46.75, 9.45],
    ['Bündner Rheintal', 46.9, 9.5],
  ],
  319: [
    ['Freiamt', 47.3, 8.3],
    ['Fricktal', 47.5, 8.0],
    ['Wynental', 47.3, 8.15],
    ['Surbtal', 47.53, 8.32],
    ['Limmattal', 47.43, 8.35],
  ],
  320: [
    ['Seerücken', 47.65, 9.0],
    ['Untersee', 47.67, 9.05],
    ['Thurtal', 47.55, 9.1],
    ['Hinterthurgau', 47.45, 8.95],
  ],
  321: [
    ['Leventina', 46.45, 8.8],
    ['Mendrisiotto', 45.88, 8.97],
    ['Bellinzonese', 46.2, 9.02],
    ['Locarnese', 46.18, 8.8],
    ['Luganese', 46.02, 8.95],
  ],
  322: [
    ['Lavaux', 46.5, 6.75],
    ['Broye', 46.75, 6.9],
    ['Gros-de-Vaud', 46.65, 6.6],
    ['Léman', 46.45, 6.5],
    ['Chablais', 46.3, 6.95],
    ['Jura-Nord', 46.75, 6.5],
  ],
  323: [
    ['Chablais', 46.25, 6.95],
    ['Valais central', 46.25, 7.4],
    ['Oberwallis', 46.3, 7.9],
    ['Goms', 46.45, 8.2],
  ],
  324: [
    ['Val-de-Travers', 46.9, 6.6],
    ['Val-de-Ruz', 47.05, 6.9],
    ['Littoral', 47.0, 6.9],
  ],
  325: [
    ['Léman', 46.2, 6.15],
    ['Arve', 46.18, 6.18],
    ['Mandement', 46.23, 6.0],
  ],
  326: [
    ['Ajoie', 47.42, 7.07],
    ['Franches-Montagnes', 47.25, 7.0],
    ['Delémont', 47.36, 7.35],
  ],
};

/** How far a region's centre may be from the seat to lend its name. */
const REGION_REACH_KM = 40;

/** A region word from the seat's county ("Landkreis Oberallgäu" → "Oberallgäu") if it is short. */
function countyWord(county: string): string | undefined {
  const word = county
    .replace(/^(Landkreis|Kreis|Politischer Bezirk|Bezirk|Region|Verwaltungskreis) /, '')
    .replace(/,? Stadt$/, '')
    .replace(/ \(Stadt\)$/, '');
  if (!/^[\p{Lu}][\p{L}-]{3,15}$/u.test(word) || /kreis$/i.test(word)) return undefined;
  return word;
}

/** A place name usable in a company name: one short word ("Dresden", not "Wien, Innere Stadt"). */
function placeWord(place: string): string | undefined {
  return /^[\p{Lu}][\p{L}-]{2,13}$/u.test(place) ? place : undefined;
}

export interface NameInput {
  countryId: number;
  stateId: number;
  language: Language;
  place: string;
  county: string;
  lat: number;
  lon: number;
}

export function regionWord(rng: Rng, input: NameInput): string {
  const fromCounty = countyWord(input.county);
  const near = (REGIONS[input.stateId] ?? []).filter(
    ([, lat, lon]) =>
      haversineKm({ lat: input.lat, lon: input.lon }, { lat: lat, lon: lon }) <= REGION_REACH_KM,
  );
  if (fromCounty && (near.length === 0 || chance(rng, 0.5))) return fromCounty;
  if (near.length > 0) return pick(rng, near)[0];
  return placeWord(input.place) ?? input.place;
}

type NameStyle = 'de-DE' | 'de-AT' | 'de-CH' | 'fr' | 'it';

function nameStyle(countryId: number, language: Language): NameStyle {
  if (language !== 'de') return language;
  return countryId === 1 ? 'de-DE' : countryId === 2 ? 'de-AT' : 'de-CH';
}

type Template = (p: { family: string; family2: string; region: string; place: string }) => string;

const TEMPLATES: Record<NameStyle, readonly Template[]> = {
  'de-DE': [
    (p) => `Mineralöl ${p.family} & Söhne`,
    (p) => `Heizöl-Service ${p.region}`,
    (p) => `Energiehandel ${p.family}`,
    (p) => `Brennstoffe ${p.family} KG`,
    (p) => `Ölversorgung ${p.region}`,
    (p) => `${p.family} Mineralölhandel GmbH`,
    (p) => `Heizölhandel ${p.family} e. K.`,
    (p) => `${p.region}-Energie ${p.family} GmbH`,
    (p) => `Brennstoffhandel ${p.family} & ${p.family2}`,
    (p) => `${p.family} Wärme & Energie`,
    (p) => `${p.family} Brennstoffe ${p.place}`,
    (p) => `Heizöl ${p.family} ${p.place}`,
  ],
  'de-AT': [
    (p) => `Brennstoffhandel ${p.family}`,
    (p) => `${p.family} Energie GmbH`,
    (p) => `Heizöl ${p.family} & Co KG`,
    (p) => `Mineralöle ${p.region}`,
    (p) => `Energiehandel ${p.region} GmbH`,
    (p) => `${p.family} Heizöl & Diesel GmbH`,
    (p) => `Brennstoffe ${p.family} ${p.place}`,
    (p) => `${p.family} & ${p.family2} Energiehandel`,
  ],
  'de-CH': [
    (p) => `${p.family} Energie AG`,
    (p) => `Heizöl ${p.family} GmbH`,
    (p) => `Brennstoffe ${p.region} AG`,
    (p) => `${p.family} & Co. Brennstoffe`,
    (p) => `${p.region} Energie AG`,
    (p) => `${p.family} Heizöl ${p.place}`,
    (p) => `Energiehandel ${p.family} AG`,
  ],
  fr: [
    (p) => `Combustibles ${p.family} SA`,
    (p) => `${p.family} Énergies Sàrl`,
    (p) => `Mazout ${p.region} SA`,
    (p) => `${p.family} & ${p.family2} Combustibles`,
    (p) => `Combustibles ${p.place} SA`,
  ],
  it: [
    (p) => `Carburanti ${p.family} SA`,
    (p) => `${p.family} Combustibili Sagl`,
    (p) => `Nafta ${p.region} SA`,
    (p) => `${p.family} & ${p.family2} Energia SA`,
  ],
};

/** One candidate name; the caller retries until it is unique and not a real company's. */
export function dealerName(rng: Rng, input: NameInput): string {
  const style = nameStyle(input.countryId, input.language);
  const family = pick(rng, FAMILY[style]);
  let family2 = pick(rng, FAMILY[style]);
  while (family2 === family) family2 = pick(rng, FAMILY[style]);
  const region = regionWord(rng, input);
  const place = placeWord(input.place) ?? region;
  const name = pick(rng, TEMPLATES[style])({ family, family2, region, place });
  return input.countryId === 3 ? swissSpelling(name) : name;
}

const STREETS: Record<Language, readonly string[]> = {
  de: [
    'Industriestraße',
    'Gewerbestraße',
    'Am Tanklager',
    'Hafenstraße',
    'Bahnhofstraße',
    'Lagerstraße',
    'Im Gewerbegebiet',
    'Am Güterbahnhof',
    'Dieselstraße',
    'Mühlenweg',
    'Max-Planck-Straße',
    'Zum Hafen',
    'Gewerbering',
    'Otto-Hahn-Straße',
    'Handwerkerstraße',
  ],
  fr: [
    "Route de l'Industrie",
    'Chemin des Ateliers',
    'Rue de la Gare',
    'Route Cantonale',
    'Zone industrielle',
  ],
  it: ['Via Industria', 'Via Cantonale', 'Via della Stazione', 'Zona industriale'],
};

export function street(rng: Rng, countryId: number, language: Language): string {
  const name = pick(rng, STREETS[language]);
  const number = 1 + Math.floor(rng() * 48);
  if (language !== 'de') return `${name} ${number}`;
  const withNumber = `${name} ${number}`;
  return countryId === 3 ? swissSpelling(withNumber) : withNumber;
}

/** Swiss Standard German writes ss for ß. */
export function swissSpelling(text: string): string {
  return text.replace(/ß/g, 'ss');
}

/** A lower-case ASCII slug for e-mail domains. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' und ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
