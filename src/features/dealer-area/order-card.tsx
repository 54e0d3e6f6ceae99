/**
 * One order as the dealer works on it: when, what, where, who (phone as a tel: link), and the
 * decisions its status allows — confirm and decline a new order (decline asks for the reason in
 * an inline form), mark a confirmed one delivered. A running decision shows on its button and a
 * second click does nothing; a refusal (409) or no connection is said in German in the card's
 * live region, the typed reason kept.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError, NetworkError } from '../../api/client';
import { DELIVERY_WINDOW_LABELS } from '../../api/contract/delivery';
import {
  DECLINE_REASON_MAX,
  DECLINE_REASON_MIN,
  type DealerOrder,
} from '../../api/contract/dealer-area';
import { formatWeekdayDayDe } from '../../lib/dates';
import { formatQuantity } from '../../lib/format';
import { Button } from '../../ui/button/button';
import { decideOrder, type DealerDecision } from './api';
import { addressLine, reasonError } from './model';
import { texts } from './texts';
import list from '../../ui/list/list.module.css';
import badge from '../../ui/badge/badge.module.css';
import tone from '../../ui/tone/tone.module.css';
import styles from './dealer-area.module.css';

const t = texts.order;

/** The pill's tone of each status (src/ui/tone). */
const TONE: Record<DealerOrder['Status'], string | undefined> = {
  received: tone.brand,
  confirmed: tone.warning,
  declined: tone.danger,
  delivered: tone.success,
  cancelled: tone.muted,
};

/** The id of an order's heading: the page moves focus there after a decision. */
export const orderHeadingId = (id: number) => `haendler-auftrag-${id}`;

/** A failed decision in German: the server's message (409, 400), else the connection's. */
export function decisionError(error: unknown): string {
  if (error instanceof ApiError) return error.issues[0]?.message ?? error.message;
  if (error instanceof NetworkError) return texts.actions.network;
  return texts.actions.failed;
}

export interface OrderCardProps {
  order: DealerOrder;
  /** Staff act for this dealer (`?dealer=`); undefined for a dealer user. */
  dealer?: number;
  onDecided: (order: DealerOrder, decision: DealerDecision) => void;
}

export function OrderCard({ order, dealer, onDecided }: OrderCardProps) {
  const [running, setRunning] = useState<DealerDecision | null>(null);
  const runningRef = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const formId = useId();
  const declineButtonId = `${formId}-open`;

  const run = (decision: DealerDecision, reason?: string) => {
    // One decision at a time: a second click (or Enter) while one is on the wire does nothing.
    if (runningRef.current) return;
    runningRef.current = true;
    setRunning(decision);
    setError(null);
    decideOrder(order.Id, decision, { dealer, reason })
      .then((changed) => onDecided(changed, decision))
      .catch((e: unknown) => setError(decisionError(e)))
      .finally(() => {
        runningRef.current = false;
        setRunning(null);
      });
  };

  const closeDecline = () => {
    setDeclining(false);
    // Back where the form was opened from.
    document.getElementById(declineButtonId)?.focus();
  };

  const label = (text: string, decision: DealerDecision) => (
    <>
      {running === decision ? texts.actions.busy : text}
      <span className="visually-hidden">
        {' '}
        ({texts.order.number} {order.OrderNumber})
      </span>
    </>
  );
  const busy = (decision: DealerDecision) =>
    running === decision ? { 'aria-disabled': true as const, 'aria-busy': true as const } : {};

  return (
    <article className={styles.order} aria-labelledby={orderHeadingId(order.Id)}>
      <div className={list.tileHead}>
        <h3 id={orderHeadingId(order.Id)} className={styles.number} tabIndex={-1}>
          <span className="visually-hidden">{t.number} </span>
          {order.OrderNumber}
        </h3>
        <span className={`${badge.pill} ${TONE[order.Status] ?? ''}`}>
          <span className="visually-hidden">{texts.statusPrefix}</span>
          {texts.status[order.Status]}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t.delivery}</dt>
          <dd>
            {order.Delivery ? (
              <strong>
                {t.deliveryValue(
                  formatWeekdayDayDe(order.Delivery.Date),
                  DELIVERY_WINDOW_LABELS[order.Delivery.Window],
                )}
              </strong>
            ) : (
              <span className={styles.muted}>{t.noDelivery}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t.product}</dt>
          <dd>{t.amount(formatQuantity(order.Amount), order.ProductName)}</dd>
        </div>
        <div>
          <dt>{t.stations}</dt>
          <dd className="tabular">{order.Stations}</dd>
        </div>
        <div>
          <dt>{t.customer}</dt>
          <dd>{order.CustomerName}</dd>
        </div>
        <div>
          <dt>{t.address}</dt>
          <dd>{addressLine(order)}</dd>
        </div>
        <div>
          <dt>{t.phone}</dt>
          <dd>
            {order.Phone ? (
              <a href={`tel:${order.Phone.replace(/[^\d+]/g, '')}`}>{order.Phone}</a>
            ) : (
              '–'
            )}
          </dd>
        </div>
        {order.AccessNotes && (
          <div className={styles.wide}>
            <dt>{t.accessNotes}</dt>
            <dd>{order.AccessNotes}</dd>
          </div>
        )}
        {order.DeclineReason && (
          <div className={styles.wide}>
            <dt>{t.reason}</dt>
            <dd>{order.DeclineReason}</dd>
          </div>
        )}
      </dl>
      {(order.Status === 'received' || order.Status === 'confirmed') && (
        <div className={styles.actions}>
          {order.Status === 'received' && (
            <>
              <Button {...busy('bestaetigen')} onClick={() => run('bestaetigen')}>
                {label(texts.actions.confirm, 'bestaetigen')}
              </Button>
              <Button
                id={declineButtonId}
                variant="secondary"
                aria-expanded={declining}
                aria-controls={declining ? formId : undefined}
                onClick={() => (declining ? closeDecline() : setDeclining(true))}
              >
                {label(texts.actions.decline, 'ablehnen')}
              </Button>
            </>
          )}
          {order.Status === 'confirmed' && (
            <Button {...busy('geliefert')} onClick={() => run('geliefert')}>
              {label(texts.actions.deliver, 'geliefert')}
            </Button>
          )}
        </div>
      )}
      {declining && order.Status === 'received' && (
        <DeclineForm
          id={formId}
          orderNumber={order.OrderNumber}
          busy={running === 'ablehnen'}
          onSubmit={(reason) => run('ablehnen', reason)}
          onClose={closeDecline}
        />
      )}
      <p className={styles.error} role="alert">
        {error}
      </p>
    </article>
  );
}

function DeclineForm({
  id,
  orderNumber,
  busy,
  onSubmit,
  onClose,
}: {
  id: string;
  orderNumber: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>(undefined);
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = `${id}-reason`;

  // The form opens for typing: the reason field has the focus.
  useEffect(() => field.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = reasonError(reason);
    setInvalid(problem);
    if (problem) {
      field.current?.focus();
      return;
    }
    onSubmit(reason.trim());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };

  return (
    <form
      id={id}
      className={styles.decline}
      aria-labelledby={`${id}-legend`}
      noValidate
      onSubmit={submit}
      onKeyDown={onKeyDown}
    >
      <p id={`${id}-legend`} className={styles.declineTitle}>
        {texts.decline.legend(orderNumber)}
      </p>
      <div className={styles.field}>
        <label htmlFor={fieldId}>{texts.decline.reason}</label>
        <textarea
          ref={field}
          id={fieldId}
          rows={3}
          value={reason}
          maxLength={DECLINE_REASON_MAX}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${fieldId}-hint${invalid ? ` ${fieldId}-error` : ''}`}
          onChange={(e) => {
            setReason(e.target.value);
            if (invalid) setInvalid(reasonError(e.target.value));
          }}
        />
        <p id={`${fieldId}-hint`} className={styles.hint}>
          {texts.decline.hint(DECLINE_REASON_MIN, DECLINE_REASON_MAX)}{' '}
          <span className="tabular">
            {texts.decline.count(reason.trim().length, DECLINE_REASON_MAX)}
          </span>
        </p>
        {invalid && (
          <p id={`${fieldId}-error`} className={styles.fieldError}>
            {invalid}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <Button type="submit" {...(busy ? { 'aria-disabled': true, 'aria-busy': true } : {})}>
          {busy ? texts.actions.busy : texts.decline.submit}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {texts.decline.cancel}
        </Button>
      </div>
    </form>
  );
}
