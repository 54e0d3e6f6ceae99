/**
 * What a search engine and a link preview learn about each page before any script runs (issue
 * 10): title (product name + page), description, and whether the page is for search engines at
 * all. The server writes it into the head of every page it sends (server/pages/head.ts); the
 * sitemap lists the indexable pages without parameters. One entry per route of paths.ts, so a new
 * route does not compile until it says what it is.
 */
import { PRODUCT_NAME } from './brand';
import type { AppRouteName } from './paths';

export interface PageMeta {
  /** The page's own part of the title; the product name is added (`pageTitle`). */
  title: string;
  description: string;
  /**
   * For search engines: listed in the sitemap (when the path has no parameters) and without
   * `noindex`. Personal, transactional and single-use pages are not.
   */
  indexable: boolean;
}

const DEFAULT_DESCRIPTION =
  'Heizöl und Diesel in Deutschland, Österreich und der Schweiz: Preise regionaler Händler vergleichen und direkt bestellen.';

/** Personal or single-use pages: a title for the tab, nothing for search engines. */
function privatePage(title: string): PageMeta {
  return { title, description: DEFAULT_DESCRIPTION, indexable: false };
}

export const PAGE_META: Record<AppRouteName, PageMeta> = {
  index: {
    title: 'Heizölpreise vergleichen und günstig bestellen',
    description:
      'Heizöl und Diesel zum Tagespreis: Postleitzahl und Menge eingeben, Angebote regionaler Händler vergleichen und direkt bestellen – in Deutschland, Österreich und der Schweiz.',
    indexable: true,
  },
  impressum: {
    title: 'Impressum',
    description: `Anbieterkennzeichnung von ${PRODUCT_NAME}: Betreiber, Kontakt und Verantwortliche.`,
    indexable: true,
  },
  datenschutz: {
    title: 'Datenschutz',
    description: `Wie ${PRODUCT_NAME} mit Ihren Daten umgeht: welche Daten wir speichern, wozu und wie lange.`,
    indexable: true,
  },
  'heizoel-angebotsliste': {
    title: 'Heizöl-Angebote',
    description:
      'Aktuelle Heizölpreise regionaler Händler für Ihre Postleitzahl und Menge, mit Lieferzeit, Bewertung und Gesamtpreis inklusive Mehrwertsteuer.',
    indexable: true,
  },
  'diesel-angebotsliste': {
    title: 'Diesel-Angebote',
    description:
      'Diesel für Betrieb und Hof: aktuelle Preise regionaler Händler für Ihre Postleitzahl und Menge vergleichen und direkt bestellen.',
    indexable: true,
  },
  heizoelpreise: {
    title: 'Heizölpreise aktuell: Preisentwicklung, Marktdaten und Preise nach Region',
    description:
      'Der heutige Durchschnittspreis für Heizöl, die Preisentwicklung der letzten drei Jahre, Rohöl, Gasöl und Wechselkurs sowie die Heizölpreise in jedem Bundesland und Landkreis.',
    indexable: true,
  },
  // The server names the place (server/modules/prices/plugin.ts); this is the app's fallback.
  'heizoelpreise-lokal': {
    title: 'Heizölpreise in Ihrer Region',
    description:
      'Der heutige Heizölpreis in Ihrem Bundesland, Landkreis oder Ort, die Preisentwicklung und die Preise der Orte in der Umgebung.',
    indexable: true,
  },
  // Issue 12. Articles and dealers are named by the server (their page resolvers).
  news: {
    title: 'Heizöl-News und Ratgeber',
    description:
      'Neuigkeiten und Ratgeber rund um Heizöl: der richtige Kaufzeitpunkt, Qualitäten, CO₂-Preis, Tankpflege und Lagerung – verständlich erklärt.',
    indexable: true,
  },
  'news-artikel': {
    title: 'Heizöl-Ratgeber',
    description: 'Ein Artikel aus dem Heizöl-Ratgeber von Ölkompass.',
    indexable: true,
  },
  'info-center': {
    title: 'Info-Center: Fragen und Antworten zu Heizöl',
    description:
      'Antworten auf die häufigsten Fragen zu Bestellung, Lieferung, Bezahlung, Heizöltank, Heizölqualitäten und Preisen – mit Suche.',
    indexable: true,
  },
  'heizoeltank-wartung': {
    title: 'Heizöltank-Wartung und Tankreinigung',
    description:
      'Wann ein Heizöltank gereinigt und geprüft werden sollte, was eine Tankreinigung umfasst und worauf Sie bei Gratis-Angeboten achten.',
    indexable: true,
  },
  heizoelhaendler: {
    title: 'Heizölhändler in Ihrer Nähe',
    description:
      'Heizölhändler nach Bundesland und Postleitzahl: Sitz, Liefergebiet, Öffnungszeiten, Zahlungsarten und Bewertungen echter Kunden.',
    indexable: true,
  },
  'heizoelhaendler-haendler': {
    title: 'Heizölhändler',
    description: 'Ein Heizölhändler mit Liefergebiet, Öffnungszeiten und Kundenbewertungen.',
    indexable: true,
  },
  'heizoelhaendler-filiale': {
    title: 'Heizölhändler – Niederlassung',
    description: 'Eine Niederlassung eines Heizölhändlers mit Liefergebiet und Kundenbewertungen.',
    indexable: true,
  },
  bestellung: privatePage('Bestellung'),
  'bestellung-bestaetigung': privatePage('Bestellbestätigung'),
  bestellungen: privatePage('Bestellungen'),
  'heizoel-verbrauchsvergleich': {
    title: 'Heizölverbrauch vergleichen',
    description:
      'In fünf Schritten zum Vergleich: Wie viel Heizöl braucht Ihr Haus im Vergleich zu ähnlichen Gebäuden, und wo liegt Sparpotenzial?',
    indexable: true,
  },
  'heizoel-verbrauchsvergleich-schritt': privatePage('Heizölverbrauch vergleichen'),
  'leads-oil-consumption-checkout': privatePage('Ihr Heizölverbrauch im Vergleich'),
  'leads-lead-formular': privatePage('Beratung anfordern'),
  'support-user-list': privatePage('Benutzer suchen'),
  'support-telemetrie': privatePage('Fehler und Web Vitals'),
  'kunde-startseite': privatePage('Mein Konto'),
  'persoenliche-daten': privatePage('Persönliche Daten'),
  'account-basedata-modals-addeditaddressmodal': privatePage('Persönliche Daten'),
  'account-basedata-partial': privatePage('Persönliche Daten'),
  'neues-kennwort-setzen': privatePage('Neues Kennwort setzen'),
  'bewerten-sie-uns': privatePage('Bestellung bewerten'),
};

/** "Heizöl-Angebote – Ölkompass"; the home page leads with the product name. */
export function pageTitle(name: AppRouteName): string {
  const { title } = PAGE_META[name];
  return name === 'index' ? `${PRODUCT_NAME} – ${title}` : titleWithProduct(title);
}

/** A page's own title with the product name, e.g. for a place's price page. */
export function titleWithProduct(title: string): string {
  return `${title} – ${PRODUCT_NAME}`;
}

/** pageTitle of a route name from outside the table (e.g. the error frame), else undefined. */
export function routeTitle(name: string): string | undefined {
  return Object.hasOwn(PAGE_META, name) ? pageTitle(name as AppRouteName) : undefined;
}

/** SPEC §2: the error page's title is the product name plus "Fehler" and the status. */
export function errorPageTitle(status: number): string {
  return `${PRODUCT_NAME} Fehler ${status}`;
}

export const NOT_FOUND_DESCRIPTION = 'Die angeforderte Seite existiert nicht.';
