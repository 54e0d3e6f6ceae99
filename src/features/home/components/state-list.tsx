import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CountryState, CountryStatesResponse } from '../../../api/contract/site';
import { usePageData } from '../../../ui/page-data';
import { dataKey } from '../../../api/contract/pages';
import { Button } from '../../../ui/button/button';
import { statePricesPath } from '../../../lib/paths';
import { StateMap } from '../../state-map';
import { fetchCountryStates } from '../api';
import { texts } from '../texts';
import styles from './state-list.module.css';

/** The default entry (Id 0) names the country; the list shows the states. */
function statesOf(list: CountryStatesResponse): CountryState[] {
  return list.filter((s) => s.Id !== 0);
}

type Result = { key: string } & (
  { status: 'error' } | { status: 'ready'; states: readonly CountryState[] }
);
type Load = { status: 'loading' } | Result;

export function StateList({ countryId, countryName }: { countryId: number; countryName: string }) {
  const rendered = usePageData<CountryStatesResponse>(
    dataKey({ kind: 'countryStates', countryId }),
  );
  const [result, setResult] = useState<Result | null>(() =>
    rendered ? { key: `${countryId}:0`, status: 'ready', states: statesOf(rendered) } : null,
  );
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // A result belongs to one request; a new country or a retry shows loading until it answers.
  const key = `${countryId}:${attempt}`;
  const load: Load = result?.key === key ? result : { status: 'loading' };

  const loaded = result?.key === key;
  useEffect(() => {
    if (loaded) return;
    const controller = new AbortController();
    fetchCountryStates(countryId, controller.signal).then(
      (list) => setResult({ key, status: 'ready', states: statesOf(list) }),
      () => {
        if (!controller.signal.aborted) setResult({ key, status: 'error' });
      },
    );
    return () => controller.abort();
  }, [countryId, key, loaded]);

  return (
    <section
      className={styles.section}
      aria-labelledby="states-title"
      aria-busy={load.status === 'loading'}
    >
      <h2 id="states-title">{texts.statesTitle(countryName)}</h2>
      <p className={styles.lead}>
        {load.status === 'ready' ? texts.statesLead(load.states.length, countryId) : '\u00a0'}
      </p>
      <div className={styles.layout}>
        <StateMap countryId={countryId} className={styles.map} />
        <div className={styles.listColumn}>
          {load.status === 'loading' && (
            <ul className={styles.grid} aria-label={texts.statesLoading}>
              {Array.from({ length: 9 }, (_, i) => (
                <li key={i} className={`${styles.item} ${styles.skeleton}`} />
              ))}
            </ul>
          )}
          {load.status === 'error' && (
            <div className={styles.error} role="alert">
              <p>{texts.statesError}</p>
              <Button variant="secondary" onClick={retry}>
                {texts.retry}
              </Button>
            </div>
          )}
          {load.status === 'ready' && (
            <ul className={styles.grid}>
              {load.states.map((s) => (
                <li key={s.Id}>
                  <Link className={styles.item} to={statePricesPath(s.FriendlyName)}>
                    {s.Name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
