/**
 * A local price page (SPEC §2 /heizoelpreise/{stateName}/{countyOrCityZipCode?}/{cityZipCode?}):
 * a state, a county or a town with today's price, its trend and its place against the
 * country average, the chart, the places below it and the local calculator (SPEC §4/§5).
 * Server-rendered with all of it; an unknown place is the 404 page, on the server and here.
 */
import { AdvertSlot } from '../../ui/advert/advert-slot';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { dataKey } from '../../api/contract/pages';
import { localPricesNeed, localPricesPathOf } from '../../api/contract/page-needs';
import type { LocalPrices as LocalPricesData, RangeLocal } from '../../api/contract/prices';
import { deriveRangeRows } from '../../api/contract/prices-rules';
import { ApiError } from '../../api/client';
import { formatPrice } from '../../lib/format';
import { Button, ButtonLink } from '../../ui/button/button';
import { Breadcrumbs } from '../../ui/breadcrumbs/breadcrumbs';
import { CrossLinksBlock } from '../../ui/cross-links/cross-links';
import { Card, Page } from '../../ui/page/page';
import { paths } from '../../lib/paths';
import { localeByCountryId } from '../../lib/locale';
import { usePageData } from '../../ui/page-data';
import { useDocumentTitle } from '../../ui/document-title/use-document-title';
import { titleWithProduct } from '../../lib/page-titles';
import { formatDay } from '../../ui/price-chart/price-chart';
import { Calculator } from '../calculator';
import { setLocale, useLocale } from '../locale';
import { fetchLocalPrices } from './api';
import { asCurrency, Failed, History, percent } from './prices-page';
import { localTexts, texts } from './texts';
import { useOlderThanToday } from './use-stale';
import { useResource } from '../../ui/use-resource';
import styles from './prices-page.module.css';

const COUNTRY_IN: Record<number, string> = {
  1: 'in Deutschland',
  2: 'in Österreich',
  3: 'in der Schweiz',
};

function directionOf(value: number): 'up' | 'down' | 'none' {
  return value > 0 ? 'up' : value < 0 ? 'down' : 'none';
}

function TodayCard({ page }: { page: LocalPricesData['Page'] }) {
  const currency = asCurrency(page.Currency);
  const change = directionOf(page.Change);
  const difference = directionOf(page.CountryDifference);
  const stale = useOlderThanToday(page.Date);
  return (
    <div className={styles.average}>
      <p className={styles.averageLabel}>{localTexts.priceLabel}</p>
      {page.Price === null ? (
        <p className={styles.pending}>{localTexts.noPrice}</p>
      ) : (
        <>
          <p className={styles.averageValue}>
            <strong>{formatPrice(page.Price, currency)}</strong>{' '}
            <span className={styles.unit}>{texts.per100}</span>
          </p>
          <p className={styles.change} data-direction={change}>
            <span aria-hidden="true">{change === 'up' ? '▲' : change === 'down' ? '▼' : '■'}</span>{' '}
            {change === 'up'
              ? texts.changeUp(percent(page.Change))
              : change === 'down'
                ? texts.changeDown(percent(page.Change))
                : texts.changeNone}
          </p>
          {page.CountryPrice !== null && (
            <p className={styles.asOf}>
              {localTexts.comparedWith(
                percent(page.CountryDifference),
                difference,
                COUNTRY_IN[page.CountryId] ?? '',
              )}{' '}
              ({formatPrice(page.CountryPrice, currency)})
            </p>
          )}
        </>
      )}
      <p className={styles.asOf}>{texts.asOf(formatDay(page.Date))}</p>
      {stale && (
        <p className={styles.stale} role="status">
          {texts.notToday(formatDay(page.Date))}
        </p>
      )}
    </div>
  );
}

function Places({ places, page }: { places: RangeLocal; page: LocalPricesData['Page'] }) {
  const rows = useMemo(
    () => deriveRangeRows(places.Result).filter((r) => r.link !== page.Link),
    [places, page.Link],
  );
  if (rows.length === 0) return null;
  const currency = asCurrency(places.Header.Currency);
  const title =
    page.Level === 'town'
      ? localTexts.townsTitle(places.Header.GroupTitle)
      : localTexts.placesTitle(places.Header.Title, places.Header.GroupTitle);
  const withChange = rows.some((r) => r.change !== null);
  return (
    <section aria-labelledby="places-title" className={styles.section}>
      <h2 id="places-title">{title}</h2>
      <p className={styles.lead}>{texts.asOf(formatDay(places.Header.DateTime))}</p>
      <div className={styles.placesWrap}>
        <table className={styles.places}>
          <thead>
            <tr>
              <th scope="col">{localTexts.place}</th>
              <th scope="col" className={styles.num}>
                {localTexts.price}
              </th>
              {withChange && (
                <th scope="col" className={styles.num}>
                  {localTexts.change}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.link}>
                <th scope="row">
                  <Link to={row.link}>{row.groupTitle}</Link>
                </th>
                <td className={styles.num}>{formatPrice(row.price, currency)}</td>
                {withChange && (
                  <td className={styles.num} data-direction={directionOf(row.change ?? 0)}>
                    {row.change === null
                      ? '–'
                      : `${row.change > 0 ? '+' : row.change < 0 ? '−' : '±'}${percent(row.change)} %`}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function LocalCalculator({ data }: { data: LocalPricesData }) {
  const locale = useLocale();
  const { Page: page } = data;
  const params = useParams();
  if (page.CountryId !== locale.countryId) {
    // A page of another country (an Austrian town for a visitor from Germany): one click
    // switches the calculator to that country (it was a dead end).
    const pageLocale = localeByCountryId(page.CountryId);
    return (
      <div className={styles.otherCountry}>
        <p className={styles.note}>{localTexts.otherCountry(COUNTRY_IN[page.CountryId] ?? '')}</p>
        {pageLocale && (
          <Button variant="primary" onClick={() => setLocale(pageLocale.code)}>
            {localTexts.switchCountry(pageLocale.countryName)}
          </Button>
        )}
      </div>
    );
  }
  return (
    <Calculator
      target="DEFAULT"
      variant="local"
      labelledBy="local-calculator-title"
      localPage={{
        path: page.Link,
        stateName: params.stateName ?? page.StateSlug,
        countyOrCityZipCode: params.countyOrCityZipCode,
        cityZipCode: params.cityZipCode,
        ...(page.ZipCode ? { zipCode: page.ZipCode } : {}),
      }}
    />
  );
}

/** The server answered 404 with this page: a place our data does not know. */
function UnknownPlace() {
  return (
    <Page width="md" gap="md">
      <h1>{localTexts.notFoundTitle}</h1>
      <p className={styles.lead}>{localTexts.notFoundText}</p>
      <p>
        <ButtonLink to={paths.prices} variant="primary">
          {localTexts.notFoundLink}
        </ButtonLink>
      </p>
    </Page>
  );
}

export function LocalPricesPage() {
  const params = useParams();
  const need = localPricesNeed(params);
  const key = dataKey(need);
  // null: the server found no such place and answered 404 with this page.
  if (usePageData<LocalPricesData | null>(key) === null) return <UnknownPlace />;
  return <LocalPrices key={key} need={need} />;
}

function LocalPrices({ need }: { need: ReturnType<typeof localPricesNeed> }) {
  const key = dataKey(need);
  const local = useResource(key, key, (signal) =>
    fetchLocalPrices({ state: need.state, county: need.county, town: need.town }, signal),
  );
  if (local.status === 'error') {
    if (local.error instanceof ApiError && local.error.status === 404) {
      return <UnknownPlace />;
    }
    return (
      <Page width="2xl" gap="lg">
        <Failed retry={local.retry} />
      </Page>
    );
  }
  const data = local.status === 'ready' ? local.data : local.stale;
  if (!data) {
    return (
      <Page width="2xl" gap="lg" aria-busy="true">
        <div className={`${styles.chartSkeleton} ${styles.skeleton}`} />
      </Page>
    );
  }
  return <LocalPricesView data={data} />;
}

function LocalPricesView({ data }: { data: LocalPricesData }) {
  const { Page: page, History: history, Places: places } = data;
  const locale = useLocale();
  const params = useParams();
  // The same title the server wrote into the head (server/modules/prices/plugin.ts).
  useDocumentTitle(titleWithProduct(localTexts.title(page.Name)));
  return (
    <Page width="2xl" gap="lg">
      <Breadcrumbs items={page.Breadcrumbs} />
      <header className={styles.header}>
        <div>
          <h1>{localTexts.title(page.Name)}</h1>
          <p className={styles.lead}>{localTexts.lead(page.Level)}</p>
        </div>
        <Card className={styles.averageCard} aria-label={localTexts.priceLabel}>
          <TodayCard page={page} />
        </Card>
      </header>
      <Card aria-labelledby="local-calculator-title" className={styles.localCalculator}>
        <h2 id="local-calculator-title">{localTexts.calculatorTitle(page.Name)}</h2>
        <LocalCalculator data={data} />
      </Card>
      <History
        key={page.Link}
        countryId={page.CountryId}
        name={history?.Name ?? page.Name}
        initial={history}
        place={{ state: page.StateSlug, county: page.CountySlug ?? undefined }}
        note={
          page.Level === 'town' && page.CountyName
            ? localTexts.countySeriesNote(page.CountyName)
            : undefined
        }
      />
      {places && <Places places={places} page={page} />}
      <AdvertSlot slotKey="prices-side" />
      <CrossLinksBlock countryId={locale.countryId} path={localPricesPathOf(params)} />
    </Page>
  );
}
