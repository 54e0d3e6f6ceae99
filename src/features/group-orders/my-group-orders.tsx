/**
 * "Ihre Sammelbestellungen" on the customer's orders page ("Customer account: the group
 * orders a customer started or joined, with their state"), and the form that opens a group by
 * the code a neighbour gave them ("abcd 2345" is fine: normaliseGroupCode).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { NetworkError } from '../../api/client';
import { connectionLost, onConnectionBack } from '../../api/connection';
import { normaliseGroupCode, type MyGroup } from '../../api/contract/group-orders';
import { formatQuantity } from '../../lib/format';
import { groupOrderPath, orderConfirmationPath } from '../../lib/paths';
import { Button } from '../../ui/button/button';
import { fetchMyGroups } from './api';
import { formatDeadline, formatGroupCode } from './format';
import { texts } from './texts';
import { formStyles } from './components/form-styles';
import states from './group-states.module.css';
import styles from './my-group-orders.module.css';

type Load =
  | { status: 'loading' }
  | { status: 'error'; offline: boolean }
  | { status: 'ready'; groups: MyGroup[] };

/** The code as typed → the group's page, or the German reason it is no code. */
export function codeTarget(typed: string): { path: string } | { error: string } {
  if (typed.trim() === '') return { error: texts.mine.codeMissing };
  const code = normaliseGroupCode(typed);
  return code ? { path: groupOrderPath(code) } : { error: texts.mine.codeInvalid };
}

export function MyGroupOrders() {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ attempt: number; load: Load } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchMyGroups(controller.signal)
      .then((groups) => setLoaded({ attempt, load: { status: 'ready', groups } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const offline = error instanceof NetworkError || connectionLost();
        setLoaded({ attempt, load: { status: 'error', offline } });
      });
    return () => controller.abort();
  }, [attempt]);

  const load: Load = loaded?.attempt === attempt ? loaded.load : { status: 'loading' };
  const offline = load.status === 'error' && load.offline;
  useEffect(() => {
    if (!offline) return;
    return onConnectionBack(() => setAttempt((n) => n + 1));
  }, [offline]);

  return (
    <section className={styles.section} aria-labelledby="my-groups-title">
      <h2 id="my-groups-title" className={styles.title}>
        {texts.mine.title}
      </h2>
      {load.status === 'loading' && (
        <p className={styles.muted} role="status">
          {texts.mine.loading}
        </p>
      )}
      {/* Offline the orders list above already alerts (and the banner): one alert per page,
          this section waits quietly and loads when the connection is back. */}
      {offline && <p className={styles.muted}>{texts.mine.offline}</p>}
      {load.status === 'error' && !offline && (
        <div className={styles.message} role="alert">
          <p>{texts.mine.error}</p>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {texts.retry}
          </Button>
        </div>
      )}
      {load.status === 'ready' && load.groups.length === 0 && (
        <p className={styles.muted}>{texts.mine.empty}</p>
      )}
      {load.status === 'ready' && load.groups.length > 0 && (
        <ul className={styles.list} aria-label={texts.mine.listLabel}>
          {load.groups.map((group) => (
            <li key={group.Code}>
              <GroupRow group={group} />
            </li>
          ))}
        </ul>
      )}
      <CodeForm />
    </section>
  );
}

function GroupRow({ group }: { group: MyGroup }) {
  const titleId = `my-group-${group.Code}`;
  return (
    <article className={styles.group} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h3 id={titleId} className={styles.groupTitle}>
          <Link to={groupOrderPath(group.Code)}>
            {texts.mine.line(group.ZipCode, group.Place, group.ProductName)}
          </Link>
        </h3>
        <span className={`${styles.badge} ${states[`state-${group.State}`] ?? ''}`}>
          <span className="visually-hidden">Status: </span>
          {texts.states[group.State]}
        </span>
      </div>
      <p className={styles.meta}>
        {texts.mine.code(formatGroupCode(group.Code))} ·{' '}
        {texts.mine.households(group.Households, formatQuantity(group.TotalAmount))}
        {group.State === 'open' && ` · ${texts.mine.until(formatDeadline(group.Deadline))}`}
      </p>
      <p>
        {texts.mine.yourPart(formatQuantity(group.YourAmount), group.IsOrganiser)} ·{' '}
        <strong>{texts.mine.yourStates[group.YourState]}</strong>
        {group.OrderNumber && (
          <>
            {' · '}
            <Link to={orderConfirmationPath(group.OrderNumber)}>
              {texts.mine.order(group.OrderNumber)}
            </Link>
          </>
        )}
      </p>
    </article>
  );
}

function CodeForm() {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const inputId = `${id}-code`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = codeTarget(typed);
    if ('error' in target) {
      setError(target.error);
      document.getElementById(inputId)?.focus();
      return;
    }
    void navigate(target.path);
  }

  return (
    <form className={styles.codeForm} noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.codeTitle}>
        {texts.mine.codeTitle}
      </h3>
      <div className={`${formStyles.field} ${styles.codeField}`}>
        <label htmlFor={inputId}>{texts.mine.codeLabel}</label>
        <div className={styles.codeRow}>
          <input
            id={inputId}
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            value={typed}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? errorId : '', hintId].filter(Boolean).join(' ')}
            onChange={(e) => {
              setTyped(e.target.value);
              if (error) setError(null);
            }}
          />
          <Button type="submit" variant="secondary">
            {texts.mine.codeSubmit}
          </Button>
        </div>
        {error && (
          <p id={errorId} className={formStyles.error}>
            {error}
          </p>
        )}
        <p id={hintId} className={formStyles.hint}>
          {texts.mine.codeHint}
        </p>
      </div>
    </form>
  );
}
