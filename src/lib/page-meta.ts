/**
 * What a search engine and a link preview learn about each page before any script runs:
 * title (product name + page), description, and whether the page is for search engines at
 * all. The server writes it into the head of every page it sends (server/pages/head.ts); the
 * sitemap lists the indexable pages without parameters. One entry per route of paths.ts, so a new
 * route does not compile until it says what it is. The titles are in page-titles.ts, the only part
 * the browser needs (descriptions stay off the first download).
 */
import { PRODUCT_NAME } from './brand';
import type { AppRouteName } from './paths';
import { PAGE_TITLES } from './page-titles';

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

/** Personal or single-use pages: a title for the tab (page-titles.ts), nothing for search engines. */
const PRIVATE: Omit<PageMeta, 'title'> = { description: DEFAULT_DESCRIPTION, indexable: false };

const FOR_SEARCH: Record<AppRouteName, Omit<PageMeta, 'title'>> = {
  index: {
    description:
      'Heizöl und Diesel zum Tagespreis: Postleitzahl und Menge eingeben, Angebote regionaler Händler vergleichen und direkt bestellen – in Deutschland, Österreich und der Schweiz.',
    indexable: true,
  },
  impressum: {
    description: `Anbieterkennzeichnung von ${PRODUCT_NAME}: Betreiber, Kontakt und Verantwortliche.`,
    indexable: true,
  },
  datenschutz: {
    description: `Wie ${PRODUCT_NAME} mit Ihren Daten umgeht: welche Daten wir speichern, wozu und wie lange.`,
    indexable: true,
  },
  'heizoel-angebotsliste': {
    description:
      'Aktuelle Heizölpreise regionaler Händler für Ihre Postleitzahl und Menge, mit Lieferzeit, Bewertung und Gesamtpreis inklusive Mehrwertsteuer.',
    indexable: true,
  },
  'diesel-angebotsliste': {
    description:
      'Diesel für Betrieb und Hof: aktuelle Preise regionaler Händler für Ihre Postleitzahl und Menge vergleichen und direkt bestellen.',
    indexable: true,
  },
  heizoelpreise: {
    description:
      'Der heutige Durchschnittspreis für Heizöl, die Preisentwicklung der letzten drei Jahre, Rohöl, Gasöl und Wechselkurs sowie die Heizölpreise in jedem Bundesland und Landkreis.',
    indexable: true,
  },
  // The server names the place (server/modules/prices/plugin.ts); this is the app's fallback.
  'heizoelpreise-lokal': {
    description:
      'Der heutige Heizölpreis in Ihrem Bundesland, Landkreis oder Ort, die Preisentwicklung und die Preise der Orte in der Umgebung.',
    indexable: true,
  },
  // Articles and dealers are named by the server (their page resolvers).
  news: {
    description:
      'Neuigkeiten und Ratgeber rund um Heizöl: der richtige Kaufzeitpunkt, Qualitäten, CO₂-Preis, Tankpflege und Lagerung – verständlich erklärt.',
    indexable: true,
  },
  'news-artikel': {
    description: 'Ein Artikel aus dem Heizöl-Ratgeber von Ölkompass.',
    indexable: true,
  },
  'info-center': {
    description:
      'Antworten auf die häufigsten Fragen zu Bestellung, Lieferung, Bezahlung, Heizöltank, Heizölqualitäten und Preisen – mit Suche.',
    indexable: true,
  },
  'heizoeltank-wartung': {
    description:
      'Wann ein Heizöltank gereinigt und geprüft werden sollte, was eine Tankreinigung umfasst und worauf Sie bei Gratis-Angeboten achten.',
    indexable: true,
  },
  heizoelhaendler: {
    description:
      'Heizölhändler nach Bundesland und Postleitzahl: Sitz, Liefergebiet, Öffnungszeiten, Zahlungsarten und Bewertungen echter Kunden.',
    indexable: true,
  },
  'heizoelhaendler-haendler': {
    description: 'Ein Heizölhändler mit Liefergebiet, Öffnungszeiten und Kundenbewertungen.',
    indexable: true,
  },
  'heizoelhaendler-filiale': {
    description: 'Eine Niederlassung eines Heizölhändlers mit Liefergebiet und Kundenbewertungen.',
    indexable: true,
  },
  // The resolver writes the page's own title and description (server/modules/content/plugin.ts).
  'cms-seite': { description: 'Eine Seite von Ölkompass.', indexable: true },
  bestellung: PRIVATE,
  'bestellung-bestaetigung': PRIVATE,
  bestellungen: PRIVATE,
  'heizoel-verbrauchsvergleich': {
    description:
      'In fünf Schritten zum Vergleich: Wie viel Heizöl braucht Ihr Haus im Vergleich zu ähnlichen Gebäuden, und wo liegt Sparpotenzial?',
    indexable: true,
  },
  'heizoel-verbrauchsvergleich-schritt': PRIVATE,
  'leads-oil-consumption-checkout': PRIVATE,
  'leads-lead-formular': PRIVATE,
  'kunde-startseite': PRIVATE,
  'persoenliche-daten': PRIVATE,
  'mein-mex': PRIVATE,
  haendlerbereich: PRIVATE,
  'account-basedata-modals-addeditaddressmodal': PRIVATE,
  'account-basedata-partial': PRIVATE,
  'neues-kennwort-setzen': PRIVATE,
  'bewerten-sie-uns': PRIVATE,
  // Behind the login, personal to the households of a group.
  'sammelbestellung-starten': PRIVATE,
  sammelbestellung: PRIVATE,
};

export const PAGE_META: Record<AppRouteName, PageMeta> = Object.fromEntries(
  Object.entries(FOR_SEARCH).map(([name, meta]) => [
    name,
    { ...meta, title: PAGE_TITLES[name as AppRouteName] },
  ]),
) as Record<AppRouteName, PageMeta>;

/** Every staff screen (staff-routes.ts): the screen sets its own title in the browser. */
export const STAFF_PAGE_META: PageMeta = { ...PRIVATE, title: 'Support-Bereich' };

export { errorPageTitle, pageTitle, routeTitle, titleWithProduct } from './page-titles';

export const NOT_FOUND_DESCRIPTION = 'Die angeforderte Seite existiert nicht.';
