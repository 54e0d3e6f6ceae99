/**
 * /support/telemetrie (support guard): what visitors' browsers reported in the last 7
 * days. Client errors grouped by message (how often, when last, where, the stack), and the 75th
 * percentile of each web vital per page, rated like web.dev does (good / needs improvement / poor).
 */
import { useEffect, useState } from 'react';
import type { TelemetryOverview, VitalName } from '../../../api/contract/telemetry';
import { formatDecimal, formatQuantity } from '../../../lib/format';
import { formatStandDe } from '../../../lib/dates';
import { Button } from '../../../ui/button/button';
import { StaffPage } from '../kit';
import { fetchTelemetry } from './api';
import styles from './telemetry-page.module.css';
import kit from '../kit/kit.module.css';

const VITALS: readonly VitalName[] = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'];

/** web.dev's thresholds: good up to the first, poor from the second. */
const THRESHOLDS: Record<VitalName, [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

const texts = {
  title: 'Fehler und Web Vitals',
  lead: 'Was die Browser der Besucher in den letzten 7 Tagen gemeldet haben: Fehler nach Meldung gruppiert, und für jede Seite das 75. Perzentil der Web Vitals (drei von vier Seitenaufrufen waren so schnell oder schneller).',
  loading: 'Die Berichte werden geladen …',
  error: 'Die Berichte konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  errorsTitle: 'Fehler',
  noErrors: 'Keine Fehler gemeldet. Sehr gut.',
  vitalsTitle: 'Web Vitals (75. Perzentil)',
  noVitals:
    'Noch keine Messwerte. Sie kommen nur von Besuchern, die der Statistik zugestimmt haben.',
  columns: { message: 'Meldung', count: 'Anzahl', last: 'Zuletzt', page: 'Seite' },
  stack: 'Stack anzeigen',
  rating: { good: 'gut', 'needs-improvement': 'verbesserungswürdig', poor: 'schlecht' },
  measurements: (n: number) => `${formatQuantity(n)} ${n === 1 ? 'Messung' : 'Messungen'}`,
} as const;

type Rating = keyof typeof texts.rating;

function ratingOf(name: VitalName, p75: number): Rating {
  const [good, poor] = THRESHOLDS[name];
  return p75 <= good ? 'good' : p75 <= poor ? 'needs-improvement' : 'poor';
}

function formatVital(name: VitalName, value: number): string {
  return name === 'CLS' ? formatDecimal(value, 3, 3) : `${formatQuantity(value)} ms`;
}

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: TelemetryOverview };

export function TelemetryPage() {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<{ attempt: number; state: Load } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchTelemetry(controller.signal).then(
      (data) => setLoad({ attempt, state: { status: 'ready', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error && error.message ? error.message : texts.error;
        setLoad({ attempt, state: { status: 'error', message } });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const state: Load = load?.attempt === attempt ? load.state : { status: 'loading' };

  // In the support frame, with its side menu (this page had none).
  return (
    <StaffPage title={texts.title} intro={<p>{texts.lead}</p>}>
      {state.status === 'loading' && (
        <div className={kit.skeleton} role="status" aria-busy="true" aria-label={texts.loading} />
      )}
      {state.status === 'error' && (
        <div className={kit.alertBox} role="alert">
          <p>{state.message}</p>
          <Button onClick={() => setAttempt((n) => n + 1)}>{texts.retry}</Button>
        </div>
      )}
      {state.status === 'ready' && <Overview data={state.data} />}
    </StaffPage>
  );
}

function Overview({ data }: { data: TelemetryOverview }) {
  const routes = [...new Set(data.Vitals.map((v) => v.Route))];
  return (
    <>
      <section className={styles.section} aria-labelledby="telemetry-errors">
        <h2 id="telemetry-errors">{texts.errorsTitle}</h2>
        {data.Errors.length === 0 ? (
          <p className={kit.emptyBox}>{texts.noErrors}</p>
        ) : (
          <div className={styles.scroll}>
            <table className={kit.cardTable}>
              <thead>
                <tr>
                  <th scope="col">{texts.columns.message}</th>
                  <th scope="col" className={styles.number}>
                    {texts.columns.count}
                  </th>
                  <th scope="col">{texts.columns.last}</th>
                </tr>
              </thead>
              <tbody>
                {data.Errors.map((error) => (
                  <tr key={error.Message}>
                    <td>
                      <p className={styles.message}>{error.Message}</p>
                      {error.LastStack && (
                        <details className={kit.details} data-variant="stack">
                          <summary>{texts.stack}</summary>
                          <pre>{error.LastStack}</pre>
                        </details>
                      )}
                    </td>
                    <td className={styles.number} data-label={texts.columns.count}>
                      {formatQuantity(error.Count)}
                    </td>
                    <td data-label={texts.columns.last}>
                      <p>{formatStandDe(new Date(error.LastSeen))}</p>
                      <p className={kit.muted}>{error.LastHref}</p>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={styles.section} aria-labelledby="telemetry-vitals">
        <h2 id="telemetry-vitals">{texts.vitalsTitle}</h2>
        {routes.length === 0 ? (
          <p className={kit.emptyBox}>{texts.noVitals}</p>
        ) : (
          <div className={styles.scroll}>
            <table className={kit.cardTable}>
              <thead>
                <tr>
                  <th scope="col">{texts.columns.page}</th>
                  {VITALS.map((name) => (
                    <th key={name} scope="col" className={styles.number}>
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {routes.map((route) => (
                  <tr key={route}>
                    <th scope="row" className={styles.route}>
                      {route}
                    </th>
                    {VITALS.map((name) => {
                      const vital = data.Vitals.find((v) => v.Route === route && v.Name === name);
                      if (!vital) {
                        return (
                          <td key={name} className={styles.number} data-label={name}>
                            –
                          </td>
                        );
                      }
                      const rating = ratingOf(name, vital.P75);
                      return (
                        <td
                          key={name}
                          className={`${styles.number} ${styles[rating]}`}
                          data-label={name}
                        >
                          <span>{formatVital(name, vital.P75)}</span>
                          <span className="visually-hidden">, {texts.rating[rating]}</span>
                          <span className={styles.count}>{texts.measurements(vital.Count)}</span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
