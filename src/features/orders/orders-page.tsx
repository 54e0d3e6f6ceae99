/**
 * /bestellungen (SPEC §2 account orders, user guard): the customer's orders, newest first, with
 * status, date and total; an empty state leads to the calculator. Below them the customer's
 * group orders, a part of the group-orders feature loaded as its own chunk.
 */
import { Suspense, useEffect, useState } from 'react';
import { NetworkError } from '../../api/client';
import { connectionLost, onConnectionBack } from '../../api/connection';
import type { OrderListItem } from '../../api/contract/orders';
import { DELIVERY_WINDOW_LABELS } from '../../api/contract/delivery';
import { useSnapshot } from 'valtio';
import { formatPrice, formatQuantity } from '../../lib/format';
import { formatStandDe, formatWeekdayDayDe } from '../../lib/dates';
import { sessionState } from '../session';
import { keepOrders, readOrders } from './offline';
import { orderConfirmationPath, paths } from '../../lib/paths';
import { Button, ButtonLink } from '../../ui/button/button';
import { Page, Card } from '../../ui/page/page';
import { fetchOrders } from './api';
import { texts } from './texts';
import { lazyImport } from '../../lib/lazy-import';
import { lazyPart } from '../../ui/lazy-part';
import { PartBoundary } from '../../ui/part-boundary/part-boundary';
import styles from './orders-page.module.css';

const loadGroupOrders = lazyImport(() => import('../group-orders'));
const MyGroupOrders = lazyPart(() => loadGroupOrders().then((m) => ({ default: m.MyGroupOrders })));

type State =
  | { status: 'loading' }
  | { status: 'error'; offline: boolean }
  /** `offlineSince`: the kept copy's time (ISO) when the list could not be loaded, else null. */
  | { status: 'ready'; orders: OrderListItem[]; offlineSince: string | null };

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});

export function OrdersPage() {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ attempt: number; state: State } | null>(null);
  /** The group-orders part: its mount number (a retry mounts it afresh), -1 once closed. */
  const [groupPart, setGroupPart] = useState(0);
  // The page is behind the user guard: there is a user.
  const userId = useSnapshot(sessionState).User?.id ?? null;

  useEffect(() => {
    const controller = new AbortController();
    fetchOrders(controller.signal)
      .then((orders) => {
        if (userId !== null) keepOrders(userId, orders);
        setLoaded({ attempt, state: { status: 'ready', orders, offlineSince: null } });
      })
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        const offline = error instanceof NetworkError || connectionLost();
        // No answer, but the list of the last visit is kept: shown with its age.
        const copy = offline && userId !== null ? await readOrders(userId) : undefined;
        if (controller.signal.aborted) return;
        setLoaded({
          attempt,
          state: copy
            ? { status: 'ready', orders: copy.Orders, offlineSince: copy.SavedAt }
            : { status: 'error', offline },
        });
      });
    return () => controller.abort();
  }, [attempt, userId]);

  const state: State = loaded?.attempt === attempt ? loaded.state : { status: 'loading' };
  const waitingForConnection =
    (state.status === 'error' && state.offline) ||
    (state.status === 'ready' && state.offlineSince !== null);

  // No connection is not the end; the list loads by itself once it is back.
  useEffect(() => {
    if (!waitingForConnection) return;
    return onConnectionBack(() => setAttempt((n) => n + 1));
  }, [waitingForConnection]);

  return (
    <Page width="lg">
      <h1>{texts.title}</h1>
      {state.status === 'loading' && (
        <Card as="p" className={styles.card} role="status" aria-busy="true">
          {texts.loading}
        </Card>
      )}
      {state.status === 'error' && (
        <Card as="div" className={styles.card} role="alert">
          <p>{state.offline ? texts.offline : texts.error}</p>
          <Button onClick={() => setAttempt((n) => n + 1)}>{texts.retry}</Button>
        </Card>
      )}
      {state.status === 'ready' && state.offlineSince !== null && (
        <Card as="p" className={styles.card} role="status">
          {texts.offlineCopy(formatStandDe(new Date(state.offlineSince)))}
        </Card>
      )}
      {state.status === 'ready' && state.orders.length === 0 && (
        <Card as="div" className={styles.card}>
          <h2>{texts.emptyTitle}</h2>
          <p>{texts.empty}</p>
          <ButtonLink to={paths.home}>{texts.toCalculator}</ButtonLink>
        </Card>
      )}
      {state.status === 'ready' && state.orders.length > 0 && (
        <ul className={styles.list} aria-label={texts.listLabel}>
          {state.orders.map((order) => (
            <li key={order.OrderNumber} className={styles.item}>
              <OrderRow order={order} />
            </li>
          ))}
        </ul>
      )}
      {groupPart >= 0 && (
        <PartBoundary
          name={texts.groupOrders}
          onClose={() => setGroupPart(-1)}
          onRetry={() => setGroupPart((n) => n + 1)}
        >
          <Suspense fallback={null}>
            <MyGroupOrders key={groupPart} />
          </Suspense>
        </PartBoundary>
      )}
    </Page>
  );
}

function OrderRow({ order }: { order: OrderListItem }) {
  const status = texts.status[order.Status];
  return (
    <article className={styles.order} aria-labelledby={`order-${order.OrderNumber}`}>
      <div className={styles.head}>
        <h2 id={`order-${order.OrderNumber}`} className={styles.number}>
          {order.OrderNumber}
        </h2>
        <span className={`${styles.badge} ${styles[order.Status] ?? ''}`}>
          <span className="visually-hidden">{texts.statusPrefix}</span>
          {status}
        </span>
      </div>
      <p className={styles.meta}>
        {texts.orderedOn(dateFormat.format(new Date(order.CreatedAt)))} · {order.DealerName}
      </p>
      <p>{texts.amount(formatQuantity(order.Amount), order.ProductName)}</p>
      {order.Delivery && (
        <p className={styles.delivery} data-testid="order-delivery">
          {texts.delivery}{' '}
          <strong>
            {texts.deliveryValue(
              formatWeekdayDayDe(order.Delivery.Date),
              DELIVERY_WINDOW_LABELS[order.Delivery.Window],
            )}
          </strong>
        </p>
      )}
      {order.Status === 'declined' && order.DeclineReason && (
        <p className={styles.declineReason} data-testid="order-decline-reason">
          {texts.declineReason} {order.DeclineReason}
        </p>
      )}
      <div className={styles.foot}>
        <p className={styles.total}>
          <strong className="tabular">{formatPrice(order.TotalPrice, order.Currency)}</strong>
          {order.InstallmentRate !== null && (
            <span className={styles.rate}>
              {texts.installment(formatPrice(order.InstallmentRate, order.Currency))}
            </span>
          )}
        </p>
        <ButtonLink
          to={orderConfirmationPath(order.OrderNumber)}
          variant="secondary"
          aria-label={texts.detailsLabel(order.OrderNumber)}
        >
          {texts.details}
        </ButtonLink>
      </div>
    </article>
  );
}
