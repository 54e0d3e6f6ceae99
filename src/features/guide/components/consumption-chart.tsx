/**
 * Own vs expected vs efficient consumption as an accessible SVG bar chart. uPlot (ARCHITECTURE
 * §3) is made for time series; three bars need no library, and this adds well under 1 kB
 * instead of uPlot's ~45 kB, draws with the design tokens, prints, and reads as a table to a
 * screen reader (the figures are in a visually hidden table beside the picture).
 */
import type { CompareChartPoint } from '../../../api/contract/leads';
import { formatPrice, formatQuantity, type CurrencyCode } from '../../../lib/format';
import { texts } from '../texts';
import styles from '../guide.module.css';

const WIDTH = 640;
const BAR_HEIGHT = 44;
const GAP = 26;
const LABEL_HEIGHT = 22;

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
  const rowHeight = LABEL_HEIGHT + BAR_HEIGHT + GAP;
  const height = points.length * rowHeight;
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle}>{texts.result.chartTitle}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        role="img"
        aria-labelledby="chart-desc"
        className={styles.chartSvg}
      >
        <desc id="chart-desc">{texts.result.chartDesc}</desc>
        {points.map((p, i) => {
          const y = i * rowHeight;
          const w = Math.max(4, (p.LitresPerYear / max) * (WIDTH - 8));
          return (
            <g key={p.Key}>
              <text x={0} y={y + 16} className={styles.chartLabel}>
                {p.Label}
              </text>
              <rect
                x={0}
                y={y + LABEL_HEIGHT}
                width={w}
                height={BAR_HEIGHT}
                rx={6}
                fill={fill[p.Key]}
              />
              <text
                x={w > 260 ? w - 12 : w + 10}
                y={y + LABEL_HEIGHT + BAR_HEIGHT / 2 + 6}
                textAnchor={w > 260 ? 'end' : 'start'}
                className={w > 260 ? styles.chartValueInside : styles.chartValue}
              >
                {`${formatQuantity(p.LitresPerYear)} L · ${formatPrice(p.CostPerYear, currency)}`}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{texts.result.chartTitle}</caption>
        <tbody>
          {points.map((p) => (
            <tr key={p.Key}>
              <th scope="row">{p.Label}</th>
              <td>{`${formatQuantity(p.LitresPerYear)} ${texts.result.litresPerYear}`}</td>
              <td>{`${formatPrice(p.CostPerYear, currency)} ${texts.result.perYear}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
