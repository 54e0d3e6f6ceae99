/**
 * The country's average price of the last 30 days as a small line beside today's best price
 * (no price development anywhere on the home page). Server-rendered from the page's
 * data: an inline SVG, no chart library, no request on a first visit. A client navigation to the
 * home page asks for it; nothing is shown while it loads or when it fails (its place is kept).
 */
import { useEffect, useState } from 'react';
import type { PriceHistory } from '../../../api/contract/prices';
import { dataKey } from '../../../api/contract/pages';
import { HOME_TREND_RANGE } from '../../../lib/home-trend';
import { formatDecimal } from '../../../lib/format';
import { usePageData } from '../../../ui/page-data';
import { fetchCountryHistory } from '../api';
import { texts } from '../texts';
import styles from './price-trend.module.css';

const WIDTH = 120;
const HEIGHT = 32;

/** The polyline's points, scaled into the box (flat when every price is the same). */
export function sparklinePoints(prices: readonly number[]): string {
  if (prices.length < 2) return '';
  const min = Math.min(...prices);
  const span = Math.max(...prices) - min || 1;
  return prices
    .map((p, i) => {
      const x = (i / (prices.length - 1)) * WIDTH;
      const y = HEIGHT - 2 - ((p - min) / span) * (HEIGHT - 4);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** The change from the first to the last day, in per cent (one decimal), or null. */
export function trendPercent(prices: readonly number[]): number | null {
  const first = prices[0];
  const last = prices.at(-1);
  if (first === undefined || last === undefined || prices.length < 2 || first <= 0) return null;
  return Math.round(((last - first) / first) * 1000) / 10;
}

export function PriceTrend({ countryId }: { countryId: number }) {
  const rendered = usePageData<PriceHistory>(
    dataKey({ kind: 'priceHistory', countryId, range: HOME_TREND_RANGE }),
  );
  const [loaded, setLoaded] = useState<{ countryId: number; history: PriceHistory } | null>(() =>
    rendered ? { countryId, history: rendered } : null,
  );
  const current = loaded?.countryId === countryId ? loaded.history : null;

  useEffect(() => {
    if (current) return;
    const controller = new AbortController();
    fetchCountryHistory(countryId, HOME_TREND_RANGE, controller.signal).then(
      (history) => setLoaded({ countryId, history }),
      () => undefined, // a trend line is a nicety: no error of its own
    );
    return () => controller.abort();
  }, [countryId, current]);

  const prices = current?.Points.map((p) => p.Price) ?? [];
  const percent = trendPercent(prices);
  if (!current || percent === null) return <p className={styles.trend} aria-hidden="true" />;
  const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'none';
  const change = `${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${formatDecimal(Math.abs(percent), 1, 1)} %`;
  return (
    <p className={styles.trend}>
      <svg
        className={styles.line}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        aria-hidden="true"
        focusable="false"
      >
        <polyline points={sparklinePoints(prices)} data-direction={direction} />
      </svg>
      {/* Text only: nothing to operate comes before the calculator on a phone (home.spec). */}
      <span>{texts.trend(change)}</span>
    </p>
  );
}
