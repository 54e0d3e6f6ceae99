/**
 * A tank's level over time: range buttons Tage / Wochen / Saison, the chart (uPlot,
 * loaded with its own chunk) in a box of fixed height so nothing moves, and the same points as
 * a table for screen readers and keyboard users (newest first).
 */
import { Suspense, useState } from 'react';
import { MEX_RANGES, type MexRange, type MexReadingPoint } from '../../../api/contract/mex';
import { berlinDay, berlinTimeOfDay, formatDayDe } from '../../../lib/dates';
import { formatQuantity } from '../../../lib/format';
import { Button } from '../../../ui/button/button';
import { formatAge, newestFirst } from '../mex-format';
import { texts } from '../texts';
import { useReadings } from '../use-mex-data';
import styles from './level-chart.module.css';
import { lazyImport } from '../../../lib/lazy-import';
import { lazyPart } from '../../../ui/lazy-part';

const UplotChart = lazyPart(lazyImport(() => import('./uplot-chart')));

function when(iso: string, range: MexRange): string {
  const instant = new Date(iso);
  const day = formatDayDe(berlinDay(instant));
  return range === 'tage' ? `${day}, ${berlinTimeOfDay(instant)} Uhr` : day;
}

export function LevelChart({
  userId,
  sensorId,
  name,
  capacity,
}: {
  userId: string;
  sensorId: number;
  name: string;
  capacity: number;
}) {
  const [range, setRange] = useState<MexRange>('tage');
  const readings = useReadings(userId, sensorId, range);
  const titleId = `mex-chart-${sensorId}`;

  return (
    // Named with the tank ("Füllstand im Verlauf, Keller"): each tank's chart is its own region.
    <section className={styles.chart} aria-label={`${texts.chart.title}, ${name}`}>
      <div className={styles.head}>
        <h3 id={titleId}>{texts.chart.title}</h3>
        <div className={styles.ranges} role="group" aria-label={texts.chart.rangeGroup}>
          {MEX_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              className={styles.range}
              aria-pressed={r === range}
              onClick={() => setRange(r)}
            >
              {texts.chart.ranges[r]}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.area}>
        {readings.status === 'loading' && <p className={styles.note}>{texts.chart.loading}</p>}
        {readings.status === 'error' && (
          <div className={styles.note} role="alert">
            <p>{texts.chart.failed}</p>
            <Button variant="secondary" onClick={readings.retry}>
              {texts.retry}
            </Button>
          </div>
        )}
        {readings.status === 'ready' &&
          (readings.data.Points.length === 0 ? (
            <p className={styles.note}>{texts.chart.empty}</p>
          ) : (
            <Suspense fallback={<p className={styles.note}>{texts.chart.loading}</p>}>
              <UplotChart
                points={readings.data.Points}
                capacity={capacity}
                label={texts.chart.label(name)}
              />
            </Suspense>
          ))}
      </div>
      {readings.status === 'ready' && readings.offlineSince && (
        <p className={styles.offline}>{texts.chart.offline(formatAge(readings.offlineSince))}</p>
      )}
      {readings.status === 'ready' && readings.data.Points.length > 0 && (
        <PointsTable points={readings.data.Points} range={range} name={name} />
      )}
    </section>
  );
}

function PointsTable({
  points,
  range,
  name,
}: {
  points: readonly MexReadingPoint[];
  range: MexRange;
  name: string;
}) {
  return (
    <details className={styles.details}>
      <summary>{texts.chart.table}</summary>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>{texts.chart.caption(name)}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.chart.when}</th>
              <th scope="col">{texts.chart.litres}</th>
            </tr>
          </thead>
          <tbody>
            {newestFirst(points).map((p) => (
              <tr key={p.At}>
                <td>{when(p.At, range)}</td>
                <td>{formatQuantity(p.Litres)} L</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
