/**
 * /heizoelpreise (SPEC §2 price overview): today's country average and its change, the
 * price history with ranges, the market factors, the FAQ with the three-year high and low, and
 * the way to every state. Server-rendered with all of it (src/api/contract/pages.ts).
 */
import { AdvertSlot } from '../../ui/advert/advert-slot';
import { useState } from 'react';
import { Link } from 'react-router';
import { dataKey } from '../../api/contract/pages';
import { PRICES_DEFAULT_RANGE } from '../../api/contract/page-needs';
import type { PriceFactors, PriceHistory, PriceRange } from '../../api/contract/prices';
import { PRICE_RANGES } from '../../api/contract/prices-rules';
import type { CountryStatesResponse } from '../../api/contract/site';
import {
  formatDecimal,
  formatExchange,
  formatOneDigit,
  formatPrice,
  type CurrencyCode,
} from '../../lib/format';
import { paths, statePricesPath } from '../../lib/paths';
import { ButtonLink, Button } from '../../ui/button/button';
import { Card, Page } from '../../ui/page/page';
import { formatDay, PriceChart } from '../../ui/price-chart/price-chart';
import { useLocale } from '../locale';
import { StateMap } from '../state-map';
import {
  fetchCountryAverage,
  fetchPriceFactors,
  fetchPriceFaq,
  fetchPriceHistory,
  fetchStates,
} from './api';
import { texts } from './texts';
import { useOlderThanToday } from './use-stale';
import { useResource, type Resource } from '../../ui/use-resource';
import styles from './prices-page.module.css';

export const asCurrency = (code: string): CurrencyCode => (code === 'CHF' ? 'CHF' : 'EUR');
export const percent = (value: number) => formatDecimal(Math.abs(value), 2, 2);

export function Failed({ retry }: { retry: () => void }) {
  return (
    <p className={styles.failed} role="alert">
      {texts.loadFailed}{' '}
      <Button variant="secondary" onClick={retry}>
        {texts.retry}
      </Button>
    </p>
  );
}

function Average({ countryId }: { countryId: number }) {
  const average = useResource(
    dataKey({ kind: 'priceAverage', countryId }),
    `average:${countryId}`,
    (signal) => fetchCountryAverage(countryId, signal),
  );
  const stale = useOlderThanToday(average.status === 'ready' ? average.data.date : undefined);
  if (average.status === 'error') {
    return <p className={styles.pending}>{texts.noPricesYet}</p>;
  }
  if (average.status === 'loading') {
    return <div className={`${styles.average} ${styles.skeleton}`} aria-busy="true" />;
  }
  const { price, changePercent, date, currency } = average.data;
  const direction = changePercent > 0 ? 'up' : changePercent < 0 ? 'down' : 'none';
  return (
    <div className={styles.average}>
      <p className={styles.averageLabel}>{texts.averageLabel}</p>
      <p className={styles.averageValue}>
        <strong>{formatPrice(price, asCurrency(currency))}</strong>{' '}
        <span className={styles.unit}>{texts.per100}</span>
      </p>
      <p className={styles.change} data-direction={direction}>
        <span aria-hidden="true">
          {direction === 'up' ? '▲' : direction === 'down' ? '▼' : '■'}
        </span>{' '}
        {direction === 'up'
          ? texts.changeUp(percent(changePercent))
          : direction === 'down'
            ? texts.changeDown(percent(changePercent))
            : texts.changeNone}
      </p>
      <p className={styles.asOf}>{texts.asOf(formatDay(date))}</p>
      {stale && (
        <p className={styles.stale} role="status">
          {texts.notToday(formatDay(date))}
        </p>
      )}
    </div>
  );
}

export function History({
  countryId,
  name,
  renderedKey,
  initial,
  place,
  note,
}: {
  countryId: number;
  /** The place the chart is for ("Deutschland", "Landkreis München"). */
  name: string;
  /** The page-data key of the default range's series, when the page is rendered with it. */
  renderedKey?: string;
  /** The default range's series when the caller has it already. */
  initial?: PriceHistory | null;
  place?: { state?: string; county?: string };
  note?: string;
}) {
  const [range, setRange] = useState<PriceRange>(PRICES_DEFAULT_RANGE);
  const isDefault = range === PRICES_DEFAULT_RANGE;
  const history = useResource(
    isDefault && renderedKey ? renderedKey : '',
    `history:${countryId}:${place?.state ?? ''}:${place?.county ?? ''}:${range}`,
    (signal) => fetchPriceHistory(countryId, range, signal, place),
    isDefault ? (initial ?? undefined) : undefined,
  );
  const shown = history.status === 'ready' ? history.data : history.stale;
  return (
    <Card className={styles.chartCard} aria-labelledby="chart-title">
      <div className={styles.chartHead}>
        <h2 id="chart-title">{texts.chartTitle}</h2>
        <div className={styles.ranges} role="group" aria-label={texts.rangeGroup}>
          {PRICE_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              className={styles.range}
              aria-pressed={r === range}
              onClick={() => setRange(r)}
            >
              {texts.ranges[r]}
            </button>
          ))}
        </div>
      </div>
      {note && <p className={styles.note}>{note}</p>}
      {history.status === 'error' && <Failed retry={history.retry} />}
      {shown ? (
        <PriceChart
          points={shown.Points.map((p) => ({ date: p.Date, price: p.Price }))}
          currency={asCurrency(shown.Currency)}
          label={texts.chartLabel(name, texts.ranges[shown.Range])}
          busy={history.status === 'loading'}
        />
      ) : (
        <div className={`${styles.chartSkeleton} ${styles.skeleton}`} aria-busy="true" />
      )}
      {range === '3y' && <p className={styles.note}>{texts.weeklyNote}</p>}
    </Card>
  );
}

type Factor = PriceFactors['Factors'][number];

/** The number only: every factor's unit follows it, the currency too ("104,34 € je 100 l"). */
function formatFactor(factor: Factor): string {
  if (factor.Id === 3) return formatDecimal(factor.Price, 2, 2);
  if (factor.Id === 4 || factor.Id === 5) return formatExchange(factor.Price);
  return formatOneDigit(factor.Price);
}

function Sparkline({ points }: { points: Factor['Points'] }) {
  if (points.length < 2) return null;
  const prices = points.map((p) => p.Price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const span = max - min || 1;
  const d = prices
    .map(
      (p, i) =>
        `${i === 0 ? 'M' : 'L'}${((i / (prices.length - 1)) * 100).toFixed(2)},${(28 - ((p - min) / span) * 26).toFixed(2)}`,
    )
    .join('');
  return (
    <svg
      className={styles.sparkline}
      viewBox="0 0 100 30"
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}

function Factors({ countryId }: { countryId: number }) {
  const factors = useResource(
    dataKey({ kind: 'priceFactors', countryId }),
    `factors:${countryId}`,
    (signal) => fetchPriceFactors(countryId, signal),
  );
  return (
    <section aria-labelledby="factors-title" className={styles.section}>
      <h2 id="factors-title">{texts.factorsTitle}</h2>
      <p className={styles.lead}>{texts.factorsLead}</p>
      {factors.status === 'error' && <Failed retry={factors.retry} />}
      <ul className={styles.factors} aria-busy={factors.status === 'loading'}>
        {(factors.status === 'ready' ? factors.data.Factors : []).map((factor) => (
          <li key={factor.Id} className={styles.factor}>
            <span className={styles.factorName}>{factor.Name}</span>
            <span className={styles.factorValue}>
              {formatFactor(factor)} <span className={styles.factorUnit}>{factor.Unit}</span>
            </span>
            <span
              className={styles.factorChange}
              data-direction={factor.Change > 0 ? 'up' : factor.Change < 0 ? 'down' : 'none'}
            >
              {factor.Change > 0 ? '+' : factor.Change < 0 ? '−' : '±'}
              {percent(factor.Change)} %
            </span>
            <Sparkline points={factor.Points} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Faq({ countryId }: { countryId: number }) {
  const faq = useResource(dataKey({ kind: 'priceFaq', countryId }), `faq:${countryId}`, (signal) =>
    fetchPriceFaq(countryId, signal),
  );
  const data = faq.status === 'ready' ? faq.data : null;
  const currency = asCurrency(data?.currency ?? 'EUR');
  return (
    <section aria-labelledby="faq-title" className={styles.section}>
      <h2 id="faq-title">{texts.faqTitle}</h2>
      <div className={styles.faq}>
        {data && (
          <>
            <details>
              <summary>{texts.faqHigh}</summary>
              <p>
                {texts.faqHighAnswer(
                  formatDay(data.high3YDate),
                  formatPrice(data.high3YPrice, currency),
                )}
              </p>
            </details>
            <details>
              <summary>{texts.faqLow}</summary>
              <p>
                {texts.faqLowAnswer(
                  formatDay(data.low3YDate),
                  formatPrice(data.low3YPrice, currency),
                )}
              </p>
            </details>
          </>
        )}
        <details>
          <summary>{texts.faqMade}</summary>
          <p>{texts.faqMadeAnswer}</p>
        </details>
        <details>
          <summary>{texts.faqWhen}</summary>
          <p>{texts.faqWhenAnswer}</p>
        </details>
      </div>
    </section>
  );
}

function States({ countryId }: { countryId: number }) {
  const states: Resource<CountryStatesResponse> = useResource(
    dataKey({ kind: 'countryStates', countryId }),
    `states:${countryId}`,
    (signal) => fetchStates(countryId, signal),
  );
  return (
    <section aria-labelledby="regions-title" className={styles.section}>
      <h2 id="regions-title">{texts.statesTitle(countryId)}</h2>
      <p className={styles.lead}>{texts.statesLead(countryId)}</p>
      <div className={styles.regions}>
        <StateMap countryId={countryId} className={styles.map} />
        {states.status === 'error' && <Failed retry={states.retry} />}
        <ul className={styles.stateLinks}>
          {(states.status === 'ready' ? states.data.filter((s) => s.Id !== 0) : []).map((s) => (
            <li key={s.Id}>
              <Link to={statePricesPath(s.FriendlyName)}>{s.Name}</Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function PricesPage() {
  const locale = useLocale();
  return (
    <Page width="2xl" gap="lg">
      <header className={styles.header}>
        <div>
          <h1>{texts.title(locale.countryName)}</h1>
          <p className={styles.lead}>{texts.lead}</p>
        </div>
        <Card className={styles.averageCard} aria-label={texts.averageLabel}>
          <Average countryId={locale.countryId} />
          <ButtonLink to={paths.home} variant="primary" block className={styles.cta}>
            {texts.compare}
          </ButtonLink>
        </Card>
      </header>
      <History
        countryId={locale.countryId}
        name={locale.countryName}
        renderedKey={dataKey({
          kind: 'priceHistory',
          countryId: locale.countryId,
          range: PRICES_DEFAULT_RANGE,
        })}
      />
      <AdvertSlot slotKey="prices-side" />
      <Factors countryId={locale.countryId} />
      <Faq countryId={locale.countryId} />
      <States countryId={locale.countryId} />
    </Page>
  );
}
