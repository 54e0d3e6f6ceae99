/**
 * /haendlerbereich (guard 'dealer', decision 026): the dealer's orders — grouped by status, a
 * Sammelbestellung's households as one tour — with the dealer's decisions on them, a filter by
 * delivery day (in the address, asked of the server) and depot, and the day's tour list to
 * print. A dealer user sees its own dealer; dealer support and admins name one (`?dealer=`).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { NetworkError } from '../../api/client';
import { connectionLost, onConnectionBack } from '../../api/connection';
import type { DealerOrder, DealerOrdersResponse } from '../../api/contract/dealer-area';
import { isDealerUser } from '../../lib/roles';
import { Button } from '../../ui/button/button';
import { Page } from '../../ui/page/page';
import { guardUserOf, sessionState } from '../session';
import { fetchDealerOrders, type DealerDecision } from './api';
import { OrderCard, orderHeadingId } from './order-card';
import { TourList } from './tour-list';
import {
  dayOf,
  depotName,
  depotsOf,
  groupByStatus,
  idOf,
  tourOf,
  withOrder,
  type Entry,
} from './model';
import { texts } from './texts';
import styles from './dealer-area.module.css';

type State =
  | { status: 'loading' }
  | { status: 'error'; offline: boolean; message?: string }
  | { status: 'ready'; data: DealerOrdersResponse };

const DONE: Record<DealerDecision, (orderNumber: string) => string> = {
  bestaetigen: texts.actions.done.confirmed,
  ablehnen: texts.actions.done.declined,
  geliefert: texts.actions.done.delivered,
};

export function DealerAreaPage() {
  const [params, setParams] = useSearchParams();
  const day = dayOf(params.get('day'));
  const depot = idOf(params.get('depot'), 0);
  const dealerParam = idOf(params.get('dealer'), 1);
  const roles = guardUserOf(useSnapshot(sessionState).User)?.roles ?? [];
  // A dealer user acts for its own dealer; staff name the one they act for.
  const actsForOther = !isDealerUser(roles);
  const dealer = actsForOther ? dealerParam : undefined;
  const needsDealer = actsForOther && dealer === undefined;

  const [attempt, setAttempt] = useState(0);
  const query = `${day ?? ''}|${dealer ?? ''}|${attempt}`;
  const [loaded, setLoaded] = useState<{ query: string; state: State } | null>(null);
  const [notice, setNotice] = useState('');
  /** The order decided on last: its heading gets the focus once it is in its new group. */
  const focusAfter = useRef<number | null>(null);

  useEffect(() => {
    if (needsDealer) return;
    const controller = new AbortController();
    fetchDealerOrders({ day, dealer }, controller.signal)
      .then((data) => setLoaded({ query, state: { status: 'ready', data } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const offline = error instanceof NetworkError || connectionLost();
        const message = !offline && error instanceof Error ? error.message : undefined;
        setLoaded({ query, state: { status: 'error', offline, message } });
      });
    return () => controller.abort();
  }, [day, dealer, needsDealer, query]);

  const state: State = loaded?.query === query ? loaded.state : { status: 'loading' };
  const offline = state.status === 'error' && state.offline;
  // No connection is not the end: the list loads by itself once it is back.
  useEffect(() => {
    if (!offline) return;
    return onConnectionBack(() => setAttempt((n) => n + 1));
  }, [offline]);

  // After a decision the order is in another group: the focus follows it there.
  useEffect(() => {
    if (focusAfter.current === null) return;
    document.getElementById(orderHeadingId(focusAfter.current))?.focus();
    focusAfter.current = null;
  });

  const setParam = (name: string, value: string | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const onDecided = (changed: DealerOrder, decision: DealerDecision) => {
    setLoaded((prev) =>
      prev?.state.status === 'ready'
        ? {
            ...prev,
            state: {
              status: 'ready',
              data: { ...prev.state.data, Orders: withOrder(prev.state.data.Orders, changed) },
            },
          }
        : prev,
    );
    setNotice(DONE[decision](changed.OrderNumber));
    focusAfter.current = changed.Id;
  };

  const data = state.status === 'ready' ? state.data : undefined;
  const orders = (data?.Orders ?? []).filter((o) => depot === undefined || o.DepotId === depot);

  return (
    <Page width="2xl" className={styles.page}>
      <header className={styles.pageHead}>
        <h1>{texts.title}</h1>
        {data && (
          <p className={styles.dealerName} data-testid="dealer-name">
            {data.DealerName}
          </p>
        )}
      </header>
      <nav aria-label={texts.sections} className={styles.subnav}>
        <ul>
          <li>
            <a href="#auftraege" aria-current="page">
              {texts.orders}
            </a>
          </li>
        </ul>
      </nav>
      {actsForOther && (
        <DealerChoice
          key={dealerParam ?? ''}
          value={dealerParam}
          onChoose={(id) => setParam('dealer', String(id))}
        />
      )}
      {!needsDealer && (
        <section id="auftraege" aria-labelledby="auftraege-titel" className={styles.section}>
          <h2 id="auftraege-titel" className="visually-hidden">
            {texts.orders}
          </h2>
          <Filters
            day={day}
            depot={depot}
            depots={depotsOf(data?.Orders ?? [])}
            onDay={(value) => setParam('day', value)}
            onDepot={(value) => setParam('depot', value)}
          />
          <p className={notice ? styles.notice : undefined} role="status">
            {notice}
          </p>
          {state.status === 'loading' && <LoadingOrders />}
          {state.status === 'error' && (
            <div className={styles.failed} role="alert">
              <p>{state.offline ? texts.offline : (state.message ?? texts.error)}</p>
              <Button onClick={() => setAttempt((n) => n + 1)}>{texts.retry}</Button>
            </div>
          )}
          {data && orders.length === 0 && (
            <p className={styles.empty}>{day ? texts.emptyDay : texts.emptyAll}</p>
          )}
          {data && orders.length > 0 && (
            <StatusGroups orders={orders} dealer={dealer} onDecided={onDecided} />
          )}
          {data && day && (
            <TourList day={day} dealerName={data.DealerName} orders={tourOf(orders, day)} />
          )}
        </section>
      )}
    </Page>
  );
}

function Filters({
  day,
  depot,
  depots,
  onDay,
  onDepot,
}: {
  day?: string;
  depot?: number;
  depots: readonly number[];
  onDay: (value: string | undefined) => void;
  onDepot: (value: string | undefined) => void;
}) {
  const id = useId();
  const f = texts.filters;
  // A depot chosen before stays a choice, though the day has no order from it.
  const choices = depot === undefined || depots.includes(depot) ? depots : [...depots, depot];
  return (
    <div className={styles.filters} role="group" aria-label={f.legend}>
      <div className={styles.field}>
        <label htmlFor={`${id}-day`}>{f.day}</label>
        <input
          id={`${id}-day`}
          type="date"
          value={day ?? ''}
          aria-describedby={`${id}-day-hint`}
          onChange={(e) => onDay(e.target.value || undefined)}
        />
        <p id={`${id}-day-hint`} className={styles.hint}>
          {f.dayHint}
        </p>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-depot`}>{f.depot}</label>
        <select
          id={`${id}-depot`}
          value={depot === undefined ? '' : String(depot)}
          onChange={(e) => onDepot(e.target.value || undefined)}
        >
          <option value="">{f.allDepots}</option>
          {choices.map((d) => (
            <option key={d} value={String(d)}>
              {depotName(d)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filterActions}>
        {day ? (
          <>
            <Button variant="secondary" onClick={() => onDay(undefined)}>
              {f.allDays}
            </Button>
            <Button onClick={() => window.print()}>{texts.print.button}</Button>
          </>
        ) : (
          <p className={styles.hint}>{texts.print.needsDay}</p>
        )}
      </div>
    </div>
  );
}

function StatusGroups({
  orders,
  dealer,
  onDecided,
}: {
  orders: readonly DealerOrder[];
  dealer?: number;
  onDecided: (order: DealerOrder, decision: DealerDecision) => void;
}) {
  const card = (order: DealerOrder) => (
    <OrderCard order={order} dealer={dealer} onDecided={onDecided} />
  );
  const entry = (e: Entry) =>
    e.kind === 'order' ? (
      <li key={e.order.Id}>{card(e.order)}</li>
    ) : (
      <li key={`tour-${e.groupOrderId}`} className={styles.tourGroup}>
        <p className={styles.tourTitle}>{texts.tour.heading(e.groupOrderId, e.orders.length)}</p>
        <ul
          className={styles.list}
          aria-label={texts.tour.heading(e.groupOrderId, e.orders.length)}
        >
          {e.orders.map((o) => (
            <li key={o.Id}>{card(o)}</li>
          ))}
        </ul>
      </li>
    );
  return groupByStatus(orders).map((group) => {
    const label = texts.sectionLabel(texts.status[group.status], group.count);
    return (
      <section key={group.status} className={styles.group} aria-label={label}>
        <h2 className={styles.groupTitle} data-status={group.status}>
          {label}
        </h2>
        <ul className={styles.list}>{group.entries.map(entry)}</ul>
      </section>
    );
  });
}

function LoadingOrders() {
  return (
    <div className={styles.loading} role="status" aria-busy="true">
      <span className="visually-hidden">{texts.loading}</span>
      {[0, 1, 2].map((n) => (
        <div key={n} className={styles.skeletonCard} aria-hidden="true" />
      ))}
    </div>
  );
}

/** Dealer support and admins: the dealer whose orders to show. */
function DealerChoice({ value, onChoose }: { value?: number; onChoose: (id: number) => void }) {
  const id = useId();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [invalid, setInvalid] = useState(false);
  const s = texts.staff;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = idOf(text.trim(), 1);
    setInvalid(chosen === undefined);
    if (chosen !== undefined) onChoose(chosen);
  };
  return (
    <form className={styles.filters} aria-label={s.legend} noValidate onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={id}>{s.dealer}</label>
        <input
          id={id}
          inputMode="numeric"
          value={text}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
          onChange={(e) => setText(e.target.value)}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {value === undefined ? s.choose : s.hint}
        </p>
        {invalid && (
          <p id={`${id}-error`} className={styles.fieldError}>
            {s.invalid}
          </p>
        )}
      </div>
      <div className={styles.filterActions}>
        <Button type="submit">{s.show}</Button>
      </div>
    </form>
  );
}
