/**
 * The title of every page: the browser sets it on navigation, the server writes it
 * into the head (with the description from page-meta.ts, which the browser never loads). One
 * entry per route of paths.ts, so a new route does not compile until it has a title.
 */
import { PRODUCT_NAME } from './brand';
import type { AppRouteName } from './paths';

/** The page's own part of the title; the product name is added (`pageTitle`). */
export const PAGE_TITLES: Record<AppRouteName, string> = {
  bestellung: 'Bestellung',
  'bestellung-bestaetigung': 'Bestellbestätigung',
  bestellungen: 'Bestellungen',
  'heizoel-verbrauchsvergleich-schritt': 'Heizölverbrauch vergleichen',
  'leads-oil-consumption-checkout': 'Ihr Heizölverbrauch im Vergleich',
  'leads-lead-formular': 'Beratung anfordern',
  'kunde-startseite': 'Mein Konto',
  'persoenliche-daten': 'Persönliche Daten',
  'mein-mex': 'Mein meX',
  'account-basedata-modals-addeditaddressmodal': 'Persönliche Daten',
  'account-basedata-partial': 'Persönliche Daten',
  'neues-kennwort-setzen': 'Neues Kennwort setzen',
  'bewerten-sie-uns': 'Bestellung bewerten',
  // The group page names its place once loaded.
  'sammelbestellung-starten': 'Sammelbestellung starten',
  sammelbestellung: 'Sammelbestellung',
  haendlerbereich: 'Händlerbereich',
  index: 'Heizölpreise vergleichen und günstig bestellen',
  impressum: 'Impressum',
  datenschutz: 'Datenschutz',
  'heizoel-angebotsliste': 'Heizöl-Angebote',
  'diesel-angebotsliste': 'Diesel-Angebote',
  heizoelpreise: 'Heizölpreise aktuell: Preisentwicklung, Marktdaten und Preise nach Region',
  'heizoelpreise-lokal': 'Heizölpreise in Ihrer Region',
  news: 'Heizöl-News und Ratgeber',
  'news-artikel': 'Heizöl-Ratgeber',
  'info-center': 'Info-Center: Fragen und Antworten zu Heizöl',
  'heizoeltank-wartung': 'Heizöltank-Wartung und Tankreinigung',
  heizoelhaendler: 'Heizölhändler in Ihrer Nähe',
  'heizoelhaendler-haendler': 'Heizölhändler',
  'heizoelhaendler-filiale': 'Heizölhändler – Niederlassung',
  'heizoel-verbrauchsvergleich': 'Heizölverbrauch vergleichen',
  // The page sets its own title once loaded; the server writes it from the database.
  'cms-seite': 'Ratgeber',
};

/** "Heizöl-Angebote – Ölkompass"; the home page leads with the product name. */
export function pageTitle(name: AppRouteName): string {
  const title = PAGE_TITLES[name];
  return name === 'index' ? `${PRODUCT_NAME} – ${title}` : titleWithProduct(title);
}

/** A page's own title with the product name, e.g. for a place's price page. */
export function titleWithProduct(title: string): string {
  return `${title} – ${PRODUCT_NAME}`;
}

/** pageTitle of a route name from outside the table (e.g. the error frame), else undefined. */
export function routeTitle(name: string): string | undefined {
  return Object.hasOwn(PAGE_TITLES, name) ? pageTitle(name as AppRouteName) : undefined;
}

/** SPEC §2: the error page's title is the product name plus "Fehler" and the status. */
export function errorPageTitle(status: number): string {
  return `${PRODUCT_NAME} Fehler ${status}`;
}
