/**
 * /bestellung/bestaetigung/:orderNumber: the order as stored (number, summary, address) and what
 * happens next. The server shows it to its owner or to the browser that placed it as a guest.
 */
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { ApiError, NetworkError } from '../../api/client';
import { onConnectionBack } from '../../api/connection';
import { formatStandDe, formatWeekdayDayDe } from '../../lib/dates';
import { DELIVERY_WINDOW_LABELS } from '../../api/contract/delivery';
import { keepOrder, readOrder } from '../orders';
import type { Order } from '../../api/contract/orders';
import { formatPrice, formatQuantity } from '../../lib/format';
import { paths } from '../../lib/paths';
import { Button, ButtonLink } from '../../ui/button/button';
import { Page, Card } from '../../ui/page/page';
import { sessionState } from '../session';
import { fetchOrder } from './api';
import { texts } from './texts';
import styles from './confirmation-page.module.css';
import { useDocumentTitle } from '../../ui/document-title/use-document-title';

type State =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error' }
  /** `offlineSince`: the kept copy's time (ISO) when the order could not be loaded, else null. */
  | { status: 'ready'; order: Order; offlineSince: string | null };

export function OrderConfirmationPage() {
  const { orderNumber = '' } = useParams();
  const session = useSnapshot(sessionState);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; state: State } | null>(null);
  const key = `${orderNumber}|${attempt}|${session.LoggedIn ? 1 : 0}`;
  const headingRef = useRef<HTMLHeadingElement>(null);

  useDocumentTitle(texts.confirmation.documentTitle(orderNumber));

  // Owners are recognised by their token: wait until the session has settled.
  const settled = session.status === 'settled';
  const userId = session.LoggedIn ? (session.User?.id ?? null) : null;
  useEffect(() => {
    if (!settled) return;
    const controller = new AbortController();
    fetchOrder(orderNumber, controller.signal)
      .then((order) => {
        // A customer's order is kept for offline; a guest's is not.
        if (userId !== null) keepOrder(userId, order);
        setLoaded({ key, state: { status: 'ready', order, offlineSince: null } });
      })
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        const notFound =
          error instanceof ApiError && (error.status === 404 || error.status === 400);
        const copy =
          error instanceof NetworkError && userId !== null
            ? await readOrder(userId, orderNumber)
            : undefined;
        if (controller.signal.aborted) return;
        setLoaded({
          key,
          state: copy
            ? { status: 'ready', order: copy.Order, offlineSince: copy.SavedAt }
            : { status: notFound ? 'notFound' : 'error' },
        });
      });
    return () => controller.abort();
  }, [orderNumber, key, settled, userId]);

  // A kept copy is shown until the connection is back, then the order is loaded again.
  const showingCopy =
    loaded?.key === key && loaded.state.status === 'ready' && loaded.state.offlineSince !== null;
  useEffect(() => {
    if (!showingCopy) return;
    return onConnectionBack(() => setAttempt((n) => n + 1));
  }, [showingCopy]);

  const state: State = loaded?.key === key ? loaded.state : { status: 'loading' };

  useEffect(() => {
    if (state.status === 'ready') headingRef.current?.focus();
  }, [state.status]);

  if (state.status === 'loading') {
    return (
      <Page width="md">
        <Card as="p" className={styles.card} role="status" aria-busy="true">
          {texts.confirmation.loading}
        </Card>
      </Page>
    );
  }
  if (state.status !== 'ready') {
    return (
      <Page width="md">
        <Card as="div" className={styles.card} role="alert">
          <h1>
            {state.status === 'notFound' ? texts.confirmation.notFoundTitle : texts.loadError}
          </h1>
          {state.status === 'notFound' ? (
            <p>{texts.confirmation.notFound}</p>
          ) : (
            <Button onClick={() => setAttempt((n) => n + 1)}>{texts.retry}</Button>
          )}
          <ButtonLink to={paths.home} variant="secondary">
            {texts.confirmation.home}
          </ButtonLink>
        </Card>
      </Page>
    );
  }

  const { order, offlineSince } = state;
  const a = order.DeliveryAddress;
  const money = (value: number) => formatPrice(value, order.Currency);
  const name = [a.Title1, a.FirstName, a.LastName].filter(Boolean).join(' ');
  // The booked day and window; orders from before bookings have none.
  const delivery = order.Delivery
    ? texts.delivery.booked(
        formatWeekdayDayDe(order.Delivery.Date),
        DELIVERY_WINDOW_LABELS[order.Delivery.Window],
      )
    : null;

  return (
    <Page width="md">
      {offlineSince !== null && (
        <Card as="p" className={styles.card} role="status">
          {texts.confirmation.offlineCopy(formatStandDe(new Date(offlineSince)))}
        </Card>
      )}
      <Card className={styles.hero} aria-labelledby="confirmation-title">
        <span className={styles.check} aria-hidden="true" />
        <h1 id="confirmation-title" ref={headingRef} tabIndex={-1}>
          {texts.confirmation.title}
        </h1>
        <p className={styles.number}>
          {texts.confirmation.number}{' '}
          <strong data-testid="order-number">{order.OrderNumber}</strong>
        </p>
        {delivery && (
          <p className={styles.delivery}>
            {texts.confirmation.deliveryLine}{' '}
            <strong data-testid="order-delivery">{delivery}</strong>
          </p>
        )}
        <p>{texts.confirmation.sentTo(order.Email)}</p>
      </Card>

      <Card className={styles.card} aria-labelledby="confirmation-next">
        <h2 id="confirmation-next">{texts.confirmation.nextTitle}</h2>
        <ol className={styles.steps}>
          {texts.confirmation
            .next(order.DealerName, order.DealerPhone, delivery !== null)
            .map((step) => (
              <li key={step}>{step}</li>
            ))}
        </ol>
      </Card>

      <Card className={styles.card} aria-labelledby="confirmation-summary">
        <h2 id="confirmation-summary">{texts.confirmation.summary}</h2>
        <dl className={styles.facts}>
          <div>
            <dt>{texts.offer.dealer}</dt>
            <dd>
              {order.DealerName}, {order.DealerPlace}
            </dd>
          </div>
          <div>
            <dt>{texts.offer.product}</dt>
            <dd>{order.ProductName}</dd>
          </div>
          <div>
            <dt>{texts.offer.amount}</dt>
            <dd>
              {texts.offer.amountValue(formatQuantity(order.Amount))},{' '}
              {texts.offer.stationsValue(order.Stations)}
            </dd>
          </div>
          {order.DeliveryTime && (
            <div>
              <dt>{texts.offer.deliveryTime}</dt>
              <dd>{order.DeliveryTime}</dd>
            </div>
          )}
          {delivery && (
            <div>
              <dt>{texts.confirmation.delivery}</dt>
              <dd>{delivery}</dd>
            </div>
          )}
          <div>
            <dt>{texts.offer.payment}</dt>
            <dd>
              {order.PaymentName}
              {order.Installment && (
                <span className={styles.rate}>
                  {texts.offer.installment(
                    order.Installment.Months,
                    money(order.Installment.MonthlyRate),
                  )}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>{texts.confirmation.address}</dt>
            <dd>
              {name}
              <br />
              {a.Company && (
                <>
                  {a.Company}
                  <br />
                </>
              )}
              {a.Street} {a.HouseNumber}
              <br />
              {a.ZipCode} {a.Place}
            </dd>
          </div>
          <div>
            <dt>{texts.confirmation.contact}</dt>
            <dd>
              {order.Email}
              <br />
              {order.Phone}
            </dd>
          </div>
          {order.AccessNotes && (
            <div>
              <dt>{texts.confirmation.accessNotes}</dt>
              <dd>{order.AccessNotes}</dd>
            </div>
          )}
        </dl>
        <table className={styles.lines}>
          <caption className="visually-hidden">{texts.offer.breakdownTitle}</caption>
          <tbody>
            {order.Lines.map((line, i) => (
              <tr key={`${line.Label}-${i}`}>
                <th scope="row">{line.Label}</th>
                <td className="tabular">{money(line.Amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{texts.offer.total}</th>
              <td className="tabular" data-testid="order-total">
                {money(order.TotalPrice)}
              </td>
            </tr>
          </tfoot>
        </table>
        <p className={styles.note}>{texts.confirmation.vatNote}</p>
      </Card>

      <div className={styles.actions}>
        {session.LoggedIn && (
          <ButtonLink to={paths.orders} variant="primary">
            {texts.confirmation.orders}
          </ButtonLink>
        )}
        <ButtonLink to={paths.home} variant="secondary">
          {texts.confirmation.home}
        </ButtonLink>
      </div>
    </Page>
  );
}
