/**
 * Own vs expected vs efficient consumption as an accessible bar chart: labels and figures are
 * text (they wrap and keep their size on a phone), each bar a small SVG drawn with the design
 * tokens. uPlot (ARCHITECTURE §3) is made for time series; three bars need no library, and this
 * costs well under 1 kB instead of uPlot's ~45 kB. A screen reader gets one image description
 * plus the figures as a list.
 */
import type { CompareChartPoint } from '../../../api/contract/leads';
import { formatQuantity, type CurrencyCode } from '../../../lib/format';
import { formatMoney } from '../money';
import { texts } from '../texts';
import styles from '../guide.module.css';

const fill: Record<CompareChartPoint['Key'], string> = {
  own: 'var(--color-accent-500)',
  expected: 'var(--color-brand-600)',
  efficient: 'var(--color-success-600)',
};

export function ConsumptionChart({
  points,
  currency,
}: {
  points: readonly CompareChartPoint[];
  currency: CurrencyCode;
}) {
  const max = Math.max(1, ...points.map((p) => p.LitresPerYear));
  return (
    <figure className={styles.chart} aria-labelledby="chart-title" aria-describedby="chart-desc">
      <figcaption id="chart-title" className={styles.chartTitle}>
        {texts.result.chartTitle}
      </figcaption>
      <p id="chart-desc" className="visually-hidden">
        {texts.result.chartDesc}
      </p>
      <ul className={styles.chartRows}>
        {points.map((p) => (
          <li key={p.Key} className={styles.chartRow}>
            <span className={styles.chartLabel}>{p.Label}</span>
            <span className={styles.chartValue}>
              {`${formatQuantity(p.LitresPerYear)} ${texts.result.litresPerYear} · ${formatMoney(p.CostPerYear, currency)}`}
            </span>
            <svg
              className={styles.chartBar}
              viewBox="0 0 100 10"
              preserveAspectRatio="none"
              aria-hidden="true"
              focusable="false"
            >
              <rect x={0} y={0} width={100} height={10} rx={1} fill="var(--color-surface-sunken)" />
              <rect
                x={0}
                y={0}
                width={Math.max(1, (p.LitresPerYear / max) * 100)}
                height={10}
                rx={1}
                fill={fill[p.Key]}
              />
            </svg>
          </li>
        ))}
      </ul>
    </figure>
  );
}
