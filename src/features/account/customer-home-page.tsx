/**
 * /kunde/startseite (SPEC §2 customer homepage): a greeting, the last three orders (GET
 * /api/orders), the ways on: orders, personal data, the calculator, and the price alarms
 * (price-alarms.tsx, loaded lazily).
 */
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import type { OrderListItem } from '../../api/contract/orders';
import { formatPrice, formatQuantity } from '../../lib/format';
import { paths } from '../../lib/paths';
import { displayName, sessionState } from '../session';
import { fetchOrders } from './api';
import { texts } from './texts';
import styles from './account.module.css';
import { Page, Card } from '../../ui/page/page';
import { lazyImport } from '../../lib/lazy-import';
import { lazyPart } from '../../ui/lazy-part';

const TEASER_SIZE = 3;

/** The price alarms in their own chunk (they bring the contract's zod schemas). */
const loadPriceAlarms = lazyImport(() => import('./price-alarms'));
const PriceAlarms = lazyPart(() => loadPriceAlarms().then((m) => ({ default: m.PriceAlarms })));

type Orders =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: OrderListItem[] };

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });

export function CustomerHomePage() {
  const { User } = useSnapshot(sessionState);
  const [orders, setOrders] = useState<Orders>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchOrders(controller.signal)
      .then((items) => setOrders({ status: 'ready', items: items.slice(0, TEASER_SIZE) }))
      .catch(() => {
        if (!controller.signal.aborted) setOrders({ status: 'error' });
      });
    return () => controller.abort();
  }, []);

  const name = User ? displayName(User) : '';

  return (
    <Page width="xl" gap="lg">
      <header>
        <p className={styles.eyebrow}>{texts.home.eyebrow}</p>
        <h1>{texts.home.greeting(name)}</h1>
        <p className={styles.lead}>{texts.home.lead}</p>
      </header>

      <ul className={styles.tiles}>
        <li>
          <Link className={styles.tile} to={paths.orders}>
            <strong>{texts.home.orders}</strong>
            <span>{texts.home.ordersHint}</span>
          </Link>
        </li>
        <li>
          <Link className={styles.tile} to={paths.personalData}>
            <strong>{texts.home.personalData}</strong>
            <span>{texts.home.personalDataHint}</span>
          </Link>
        </li>
        <li>
          <Link className={styles.tile} to={paths.home}>
            <strong>{texts.home.calculator}</strong>
            <span>{texts.home.calculatorHint}</span>
          </Link>
        </li>
      </ul>

      <Card className={styles.card} aria-labelledby="letzte-bestellungen">
        <div className={styles.sectionHeader}>
          <h2 id="letzte-bestellungen">{texts.home.ordersTitle}</h2>
          <Link to={paths.orders}>{texts.home.allOrders}</Link>
        </div>
        {orders.status === 'loading' && (
          <p className={styles.status} role="status">
            {texts.home.ordersLoading}
          </p>
        )}
        {orders.status === 'error' && <p className={styles.muted}>{texts.home.ordersError}</p>}
        {orders.status === 'ready' &&
          (orders.items.length === 0 ? (
            <p className={styles.muted}>{texts.home.ordersEmpty}</p>
          ) : (
            <ul className={styles.orderList}>
              {orders.items.map((order) => (
                <li key={order.OrderNumber} className={styles.orderItem}>
                  <span>
                    <strong>{order.OrderNumber}</strong>
                    <br />
                    <span className={styles.orderMeta}>
                      {formatDate(order.CreatedAt)} ·{' '}
                      {texts.home.orderLine(formatQuantity(order.Amount), order.DealerName)}
                    </span>
                  </span>
                  <span className={styles.orderTotal}>
                    {formatPrice(order.TotalPrice, order.Currency)}
                    <br />
                    <span className={styles.statusPill} data-status={order.Status}>
                      {texts.home.status[order.Status] ?? order.Status}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          ))}
      </Card>

      <Suspense
        fallback={
          <p className={styles.status} role="status">
            Preisalarme werden geladen …
          </p>
        }
      >
        <PriceAlarms />
      </Suspense>
    </Page>
  );
}
