/**
 * SPEC §7 GET /api/cross-linking/get?countryId=&path=: links that relate a page to others.
 * A town's price page leads to the dealers that deliver there and to articles about prices;
 * a state's or county's to its dealers; a dealer's page to its town's and state's prices; an
 * article to the prices and the dealers of the reader's country. Any other path: no groups.
 * Whatever cannot be found is left out. A failure (the database) is thrown: the API answers an
 * empty object then (SPEC §7 "failure gives an empty object"), kept by no cache, and a rendered
 * page without its links counts as incomplete, so no shared copy keeps it.
 */
import type { FastifyInstance } from 'fastify';
import type { CrossLinks } from '../../../src/api/contract/content';
import { dealerListPath } from '../../../src/api/contract/dealers';
import { formatOneDigit } from '../../../src/lib/format';
import { paths, statePricesPath } from '../../../src/lib/paths';
import { dealersForZip } from '../dealers';
import { resolveLocal, townPathOf } from '../prices';
import { articlesTagged } from './service';

type Group = CrossLinks['Groups'][number];

const PRICE_TAGS = ['Preise', 'Kaufzeitpunkt', 'Sparen'];
const DEALER_TAGS = ['Tank', 'Ratgeber', 'Lagerung'];

async function articleGroup(
  app: FastifyInstance,
  countryId: number,
  tags: readonly string[],
  exceptLink?: string,
): Promise<Group | null> {
  const items = (await articlesTagged(app.db, countryId, tags, 4))
    .filter((i) => i.Link !== exceptLink)
    .slice(0, 3);
  if (items.length === 0) return null;
  return {
    Title: 'Ratgeber',
    Links: items.map((i) => ({ Title: i.Title, Link: i.Link, Note: i.Description })),
  };
}

export async function crossLinks(
  app: FastifyInstance,
  countryId: number,
  path: string,
): Promise<CrossLinks> {
  const groups = await groupsOf(app, countryId, path);
  return { Groups: groups.filter((g): g is Group => g !== null && g.Links.length > 0) };
}

const COUNTRY_IN: Readonly<Record<number, string>> = {
  1: 'in Deutschland',
  2: 'in Österreich',
  3: 'in der Schweiz',
};

/**
 * The groups of a page. A price or dealer page's country is its place's; an article's links lead
 * to the reader's country (`countryId`).
 */
async function groupsOf(
  app: FastifyInstance,
  countryId: number,
  path: string,
): Promise<(Group | null)[]> {
  const segments = path.split('/').filter(Boolean);
  const [first, ...rest] = segments;

  if (first === 'heizoelpreise' && rest.length > 0) {
    const local = await app.prices.local();
    const place = resolveLocal(local.tree, local.towns, null, {
      state: rest[0] ?? '',
      county: rest[1],
      town: rest[2],
    });
    if (!place) return [];
    const stateSlug = place.state.stateSlug ?? '';
    const country = place.state.countryId;
    if (place.town) {
      const dealers = await dealersForZip(app, country, place.town.zip, 5);
      return [
        {
          Title: `Heizölhändler für ${place.town.zip} ${place.town.place}`,
          Links: [
            ...dealers.map((d) => ({
              Title: d.Name,
              Link: d.Link,
              Note:
                d.RatingCount > 0
                  ? `${d.Place} · ${formatOneDigit(d.Rating)} von 5 (${d.RatingCount})`
                  : d.Place,
            })),
            {
              Title: `Alle Händler für PLZ ${place.town.zip}`,
              Link: dealerListPath(stateSlug, place.town.zip),
              Note: 'Händlerverzeichnis',
            },
          ],
        },
        await articleGroup(app, country, PRICE_TAGS),
      ];
    }
    return [
      {
        Title: 'Händler in der Region',
        Links: [
          {
            Title: `Heizölhändler in ${place.state.name}`,
            Link: dealerListPath(stateSlug),
            Note: 'Händlerverzeichnis mit Bewertungen',
          },
        ],
      },
      await articleGroup(app, country, PRICE_TAGS),
    ];
  }

  if (first === 'heizoelhaendler' && rest.length >= 3) {
    const [stateSlug = '', zip = ''] = rest;
    const local = await app.prices.local();
    const state = local.tree.states.find((s) => s.stateSlug === stateSlug);
    if (!state) return [];
    const townPath = townPathOf(local.tree, local.towns, state.countryId, zip);
    return [
      {
        Title: 'Heizölpreise in der Umgebung',
        Links: [
          ...(townPath
            ? [
                {
                  Title: `Heizölpreis in ${local.towns.byZip.get(`${state.countryId}:${zip}`)?.[0]?.place ?? zip}`,
                  Link: townPath,
                  Note: 'Tagespreis und Preisentwicklung',
                },
              ]
            : []),
          {
            Title: `Heizölpreise in ${state.name}`,
            Link: statePricesPath(stateSlug),
            Note: 'Landesdurchschnitt und Landkreise',
          },
          {
            Title: `Weitere Händler in ${state.name}`,
            Link: dealerListPath(stateSlug),
            Note: 'Händlerverzeichnis',
          },
        ],
      },
      await articleGroup(app, state.countryId, DEALER_TAGS),
    ];
  }

  if (first === 'news' && rest[0] === 'artikel' && rest[1]) {
    return [
      {
        Title: 'Preise und Händler',
        Links: [
          {
            Title: `Heizölpreise ${COUNTRY_IN[countryId] ?? ''}`.trim(),
            Link: paths.prices,
            Note: 'Durchschnittspreis, Preisentwicklung und Preise nach Region',
          },
          {
            Title: 'Heizölhändler in Ihrer Nähe',
            Link: paths.dealers,
            Note: 'Nach Bundesland und Postleitzahl',
          },
          {
            Title: 'Info-Center',
            Link: paths.infoCenter,
            Note: 'Fragen und Antworten rund um die Bestellung',
          },
        ],
      },
    ];
  }

  return [];
}
