/**
 * The dealer directory: its caches (`app.dealers`), the page resolvers of its
 * three routes (SPEC §2: a list, a dealer, a branch; unknown → 404, another spelling of a dealer's
 * address → 301 to its one address) with title, description and structured data, and its pages
 * in the sitemap.
 */
import fp from 'fastify-plugin';
import type { Dealer } from '../../../src/api/contract/dealers';
import { DEALER_PRICE_AMOUNT, dealerListPath } from '../../../src/api/contract/dealers';
import { formatOneDigit, formatPrice, formatQuantity } from '../../../src/lib/format';
import { DEFAULT_COUNTRY_ID, localeByCountryId } from '../../../src/lib/locale';
import type { PageResolution } from '../../plugins/page-resolvers';
import { dealerDirectory, DIRECTORY_ROOT_NAME } from './directory';
import { pageDealerDetail, dealerSitemapPaths } from './page';
import { createDealerCaches, type DealerCaches } from './reference';

declare module 'fastify' {
  interface FastifyInstance {
    dealers: DealerCaches;
  }
}

const NOT_FOUND: PageResolution = { kind: 'not-found' };
const ROOT_TITLE = `${DIRECTORY_ROOT_NAME} in Deutschland, Österreich und der Schweiz`;
const COMPARE_TEXT = `Bewertungen, Liefergebiete, Zahlungsarten und der heutige Preis für ${formatQuantity(DEALER_PRICE_AMOUNT)} Liter`;

/** A page-path segment as a dealer or branch id; undefined for anything else. */
function idOf(segment: string | undefined): number | undefined {
  const id = Number(segment);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** schema.org day names of the German abbreviations. */
const SCHEMA_DAYS: Readonly<Record<string, string>> = {
  Mo: 'Mo',
  Di: 'Tu',
  Mi: 'We',
  Do: 'Th',
  Fr: 'Fr',
  Sa: 'Sa',
  So: 'Su',
};
const DAY_RANGE = /^(Mo|Di|Mi|Do|Fr|Sa|So)(?:–(Mo|Di|Mi|Do|Fr|Sa|So))?$/;
const TIME_RANGE = /^(\d{2}:\d{2})–(\d{2}:\d{2})$/;

/**
 * schema.org openingHours ("Mo-Fr 07:00-17:00"), one string per time range; entries that are no
 * day and time ranges ("nach Vereinbarung") are left out.
 */
export function schemaOpeningHours(hours: Dealer['OpeningHours']): string[] {
  return hours.flatMap(({ Days, Hours }) => {
    const days = DAY_RANGE.exec(Days);
    if (!days) return [];
    const [, from = '', to] = days;
    const dayText = `${SCHEMA_DAYS[from]}${to ? `-${SCHEMA_DAYS[to]}` : ''}`;
    return Hours.split(',').flatMap((range) => {
      const time = TIME_RANGE.exec(range.trim());
      return time ? [`${dayText} ${time[1]}-${time[2]}`] : [];
    });
  });
}

function ratingText(dealer: Dealer): string {
  const { Average, Count } = dealer.Rating;
  if (Count === 0) return 'noch ohne Bewertungen';
  return `bewertet mit ${formatOneDigit(Average)} von 5 Sternen (${formatQuantity(Count)} ${
    Count === 1 ? 'Bewertung' : 'Bewertungen'
  })`;
}

function priceText(dealer: Dealer): string {
  const price = dealer.PriceToday;
  if (!price) return '';
  const currency = price.Currency === 'CHF' ? 'CHF' : 'EUR';
  return ` Heute ${formatPrice(price.UnitPrice, currency)} je 100 Liter bei ${formatQuantity(price.Amount)} Litern.`;
}

export const dealersPlugin = fp(
  async (app) => {
    const caches = createDealerCaches(app.db);
    app.decorate('dealers', caches);
    app.caches.register({
      name: 'dealer-directory',
      label: 'Händlerverzeichnis (Orte und Liefergebiete)',
      entries: () => caches.stats().entries,
      oldestAt: () => caches.stats().oldestAt,
      clear: () => caches.clear(),
    });

    const breadcrumbList = (crumbs: readonly { Name: string; Link: string }[]) => ({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((c, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: c.Name,
        item: app.absoluteUrl(c.Link),
      })),
    });

    /**
     * schema.org LocalBusiness of the dealer, or of the branch it is asked for. AggregateRating
     * only from the reviews written through the rating link, which the page lists.
     */
    const localBusiness = (dealer: Dealer) => {
      const branch = dealer.Branch;
      const { Average, Count } = dealer.Reviews;
      return {
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        name: branch ? `${dealer.Name} – ${branch.Name}` : dealer.Name,
        address: {
          '@type': 'PostalAddress',
          ...(branch ? {} : { streetAddress: dealer.Street }),
          postalCode: branch?.ZipCode ?? dealer.ZipCode,
          addressLocality: branch?.Place ?? dealer.Place,
          addressCountry: localeByCountryId(dealer.CountryId)?.code.toUpperCase() ?? '',
        },
        telephone: dealer.Phone,
        email: dealer.Email,
        url: app.absoluteUrl(branch?.Link ?? dealer.Link),
        openingHours: schemaOpeningHours(dealer.OpeningHours),
        ...(Count > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: Average,
                reviewCount: Count,
                bestRating: 5,
              },
            }
          : {}),
      };
    };

    const dealerPage = (dealer: Dealer): PageResolution => {
      const branch = dealer.Branch;
      const place = branch?.Place ?? dealer.Place;
      const zip = branch?.ZipCode ?? dealer.ZipCode;
      const crumbs = [
        { Name: DIRECTORY_ROOT_NAME, Link: dealerListPath() },
        dealer.State,
        ...(branch
          ? [
              { Name: dealer.Name, Link: dealer.Link },
              { Name: branch.Name, Link: branch.Link },
            ]
          : [
              {
                Name: `PLZ-Gebiet ${dealer.ZipCode.slice(0, 2)}`,
                Link: `${dealer.State.Link}/${dealer.ZipCode.slice(0, 2)}`,
              },
              { Name: dealer.Name, Link: dealer.Link },
            ]),
      ];
      return {
        kind: 'page',
        title: `${DIRECTORY_ROOT_NAME} ${dealer.Name} in ${place}`,
        description: `${dealer.Name}${branch ? ` (${branch.Name})` : ''}, Heizölhändler in ${zip} ${place}, ${ratingText(dealer)}: Öffnungszeiten, Liefergebiet, Zahlungsarten und Kontakt.${priceText(dealer)}`,
        jsonLd: [breadcrumbList(crumbs), localBusiness(dealer)],
      };
    };

    // SPEC §2 /heizoelhaendler/{stateName?}/{zipCode?}
    app.pageResolvers.register('heizoelhaendler', async (params) => {
      if (!params.stateName) {
        if (params.zipCode) return NOT_FOUND;
        return {
          kind: 'page',
          title: ROOT_TITLE,
          description: `${ROOT_TITLE} nach Bundesland, Kanton und Postleitzahl: ${COMPARE_TEXT}.`,
          jsonLd: [breadcrumbList([{ Name: DIRECTORY_ROOT_NAME, Link: dealerListPath() }])],
        };
      }
      const directory = await dealerDirectory(app, {
        countryId: DEFAULT_COUNTRY_ID,
        state: params.stateName,
        zipCode: params.zipCode || undefined,
      });
      if (!directory) return NOT_FOUND;
      const count = `${directory.Dealers.length} Händler`;
      const description =
        directory.Level === 'state'
          ? `${directory.Title}: ${count} nach PLZ-Gebiet – ${COMPARE_TEXT}.`
          : `${directory.Title}: ${count}${directory.Level === 'zip' ? ', die hierher liefern' : ''} – ${COMPARE_TEXT}.`;
      return {
        kind: 'page',
        title: directory.Title,
        description,
        jsonLd: [breadcrumbList(directory.Breadcrumbs)],
      };
    });

    // SPEC §2 …/{stateName}/{zipCode}/{dealerId}: the one address is the seat's.
    app.pageResolvers.register('heizoelhaendler-haendler', async (params) => {
      const id = idOf(params.dealerId);
      const dealer =
        id === undefined ? null : await pageDealerDetail(app, params, DEFAULT_COUNTRY_ID, id);
      if (!dealer) return NOT_FOUND;
      const asked = `/heizoelhaendler/${params.stateName}/${params.zipCode}/${params.dealerId}`;
      if (asked !== dealer.Link) return { kind: 'redirect', location: dealer.Link };
      return dealerPage(dealer);
    });

    // SPEC §2 …/{stateName}/{zipCode}/{branchId}/{dealerId}: a branch of that dealer only.
    app.pageResolvers.register('heizoelhaendler-filiale', async (params) => {
      const id = idOf(params.dealerId);
      const branchId = idOf(params.branchId);
      const dealer =
        id === undefined || branchId === undefined
          ? null
          : await pageDealerDetail(app, params, DEFAULT_COUNTRY_ID, id, branchId);
      if (!dealer?.Branch) return NOT_FOUND;
      const asked = `/heizoelhaendler/${params.stateName}/${params.zipCode}/${params.branchId}/${params.dealerId}`;
      if (asked !== dealer.Branch.Link) return { kind: 'redirect', location: dealer.Branch.Link };
      return dealerPage(dealer);
    });

    app.sitemap.register('dealer-pages', async () =>
      (await dealerSitemapPaths(app.db)).map((path) => ({ path })),
    );
  },
  { name: 'dealers', dependencies: ['database', 'calculation', 'page-resolvers', 'seo', 'caches'] },
);
