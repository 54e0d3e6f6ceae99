/**
 * PriceChart: a price series as a line with its area, for the price pages.
 *
 * Rendered the same on the server and in the browser: the line is an SVG stretched over the plot
 * (preserveAspectRatio none, strokes that do not scale), the axis labels are HTML placed in
 * percent, so nothing is measured while rendering and nothing moves after hydration. The height is
 * fixed by the stylesheet (no layout shift while the data of another range loads).
 *
 * Reading a value: pointer over the plot, or focus it and use ←/→, Pos1/Ende (the readout above
 * the plot says it, politely, to a screen reader). The figure's description names the latest,
 * highest and lowest value, and every value is in a table under "Werte als Tabelle" (newest
 * first, made when it is first opened), so the chart is understood without seeing it.
 */
import { useId, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatPrice, type CurrencyCode } from '../../lib/format';
import { formatDayDe, formatMonthYearDe, formatShortDayDe } from '../../lib/dates';
import styles from './price-chart.module.css';

export interface PricePoint {
  /** The day, yyyy-mm-dd. */
  date: string;
  /** Price per 100 litres. */
  price: number;
}

export interface PriceChartProps {
  points: readonly PricePoint[];
  currency: CurrencyCode;
  /** What the series is, e.g. "Heizölpreis Bayern, 3 Monate". */
  label: string;
  /** Shown while another range loads: the old line stays, dimmed. */
  busy?: boolean;
}

const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);
export const formatDay = formatDayDe;

/** Up to `count` round values that cover [min, max], e.g. 80, 90, 100, 110. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!(max > min)) return [Math.round(min)];
  const raw = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + 1e-9; v += step) {
    ticks.push(Number(v.toFixed(6)));
  }
  return ticks;
}

interface Extent {
  low: number;
  high: number;
  lowIndex: number;
  highIndex: number;
}

function extentOf(points: readonly PricePoint[]): Extent {
  let lowIndex = 0;
  let highIndex = 0;
  points.forEach((p, i) => {
    if (p.price < points[lowIndex]!.price) lowIndex = i;
    if (p.price > points[highIndex]!.price) highIndex = i;
  });
  return {
    low: points[lowIndex]!.price,
    high: points[highIndex]!.price,
    lowIndex,
    highIndex,
  };
}

/** Indexes of the x-axis labels: the ends and evenly spaced days between, at most `count`. */
function xLabelIndexes(length: number, count: number): number[] {
  if (length <= 1) return [0];
  const steps = Math.min(count - 1, length - 1);
  return Array.from({ length: steps + 1 }, (_, i) => Math.round((i * (length - 1)) / steps));
}

export function PriceChart({ points, currency, label, busy = false }: PriceChartProps) {
  const descriptionId = useId();
  const [selected, setSelected] = useState<number | null>(null);
  const [tableShown, setTableShown] = useState(false);

  if (points.length === 0) {
    return (
      <figure className={styles.chart} aria-label={label}>
        <p className={styles.empty}>Für diesen Zeitraum liegen noch keine Preise vor.</p>
      </figure>
    );
  }

  const extent = extentOf(points);
  const ticks = niceTicks(extent.low, extent.high);
  // Some room above and below the line, and never a flat line glued to an edge.
  const pad = Math.max((extent.high - extent.low) * 0.08, extent.high * 0.01);
  const yMin = Math.min(extent.low - pad, ticks[0]!);
  const yMax = Math.max(extent.high + pad, ticks.at(-1)!);
  const last = points.length - 1;
  const x = (i: number) => (last === 0 ? 50 : (i / last) * 100);
  const y = (price: number) => ((yMax - price) / (yMax - yMin)) * 100;

  const line = points.map(
    (p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(3)},${y(p.price).toFixed(3)}`,
  );
  const area = `${line.join('')}L100,100L0,100Z`;
  const spanDays = (dayOf(points[last]!.date).getTime() - dayOf(points[0]!.date).getTime()) / 864e5;
  const xFormat = spanDays > 120 ? formatMonthYearDe : formatShortDayDe;

  const shown = selected ?? last;
  const point = points[shown]!;
  const latest = points[last]!;
  const high = points[extent.highIndex]!;
  const low = points[extent.lowIndex]!;
  const price = (value: number) => formatPrice(value, currency);

  const pick = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    const fraction = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    setSelected(Math.round(fraction * last));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 7 : 1;
    const next =
      event.key === 'ArrowLeft'
        ? Math.max(0, shown - step)
        : event.key === 'ArrowRight'
          ? Math.min(last, shown + step)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
  };

  return (
    <figure
      className={`${styles.chart} ${busy ? styles.busy : ''}`}
      aria-label={label}
      aria-describedby={descriptionId}
      aria-busy={busy || undefined}
    >
      <p className={styles.readout} aria-live="polite">
        <span className={styles.readoutDate}>{formatDay(point.date)}</span>{' '}
        <strong className={styles.readoutPrice}>{price(point.price)}</strong>{' '}
        <span className={styles.readoutUnit}>je 100 Liter</span>
      </p>
      <div className={styles.frame}>
        <div className={styles.yAxis} aria-hidden="true">
          {ticks.map((tick) => (
            <span key={tick} className={styles.yLabel} style={{ top: `${y(tick)}%` }}>
              {formatPrice(tick, currency).replace(/,00(?=\s|$)/, '')}
            </span>
          ))}
        </div>
        <div
          className={styles.plot}
          role="slider"
          tabIndex={0}
          aria-label={`${label}: Tag wählen`}
          aria-valuemin={0}
          aria-valuemax={last}
          aria-valuenow={shown}
          aria-valuetext={`${formatDay(point.date)}: ${price(point.price)} je 100 Liter`}
          onPointerMove={pick}
          onPointerDown={pick}
          onPointerLeave={() => setSelected(null)}
          onKeyDown={onKeyDown}
        >
          <svg
            className={styles.svg}
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
          >
            {ticks.map((tick) => (
              <line key={tick} className={styles.grid} x1="0" x2="100" y1={y(tick)} y2={y(tick)} />
            ))}
            <path className={styles.area} d={area} />
            <path className={styles.line} d={line.join('')} />
            <line className={styles.cursor} x1={x(shown)} x2={x(shown)} y1="0" y2="100" />
          </svg>
          <span
            className={styles.dot}
            style={{ left: `${x(shown)}%`, top: `${y(point.price)}%` }}
            aria-hidden="true"
          />
        </div>
        <div className={styles.xAxis} aria-hidden="true">
          {xLabelIndexes(points.length, 4).map((i, n, all) => (
            <span
              key={i}
              className={styles.xLabel}
              data-edge={n === 0 ? 'start' : n === all.length - 1 ? 'end' : undefined}
              style={{ left: `${x(i)}%` }}
            >
              {xFormat(points[i]!.date)}
            </span>
          ))}
        </div>
      </div>
      {/* The rows are made when the table is first opened: a year of days was over
          a thousand elements that every visitor's phone parsed and hydrated, folded away. */}
      <details
        className={styles.table}
        onToggle={(event) => {
          if (event.currentTarget.open) setTableShown(true);
        }}
      >
        <summary>Werte als Tabelle</summary>
        {tableShown && (
          <div className={styles.tableScroll}>
            <table>
              <caption className={styles.srOnly}>{label}</caption>
              <thead>
                <tr>
                  <th scope="col">Tag</th>
                  <th scope="col">Preis je 100 Liter</th>
                </tr>
              </thead>
              <tbody>
                {[...points].reverse().map((p) => (
                  <tr key={p.date}>
                    <th scope="row">{formatDay(p.date)}</th>
                    <td>{price(p.price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
      <figcaption id={descriptionId} className={styles.summary}>
        Aktuell {price(latest.price)} ({formatDay(latest.date)}). Höchster Preis im Zeitraum{' '}
        {price(high.price)} am {formatDay(high.date)}, niedrigster {price(low.price)} am{' '}
        {formatDay(low.date)}. Preise je 100 Liter.
      </figcaption>
    </figure>
  );
}
