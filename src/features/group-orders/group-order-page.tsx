/**
 * /sammelbestellung/{code} (user guard): one group for everyone who has its link. The
 * place, product, state and deadline; the group's best offer now (price per 100 L for the total
 * and the stations, dealer, when it was calculated); the households by number and litres only.
 * A member sees their share, price, what they save against ordering alone, and may leave; the
 * organiser may close early and invites by link and code. Anyone else may join (or reads why
 * not). After the closing each viewer sees their own order or why they were left out.
 *
 * The view refreshes itself (use-group-view.ts) without moving the focus or the layout; a new
 * group price is announced politely.
 */
import { useRef, useState, type RefObject } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, NetworkError } from '../../api/client';
import { DELIVERY_WINDOW_LABELS } from '../../api/contract/delivery';
import type { GroupHousehold, GroupView } from '../../api/contract/group-orders';
import { formatStandDe, formatWeekdayDayDe } from '../../lib/dates';
import { formatPrice, formatQuantity } from '../../lib/format';
import { orderConfirmationPath, paths } from '../../lib/paths';
import { Button, ButtonLink } from '../../ui/button/button';
import { useDocumentTitle } from '../../ui/document-title/use-document-title';
import { Card, Page } from '../../ui/page/page';
import { closeGroup, leaveGroup } from './api';
import { ConfirmDialog } from './components/confirm-dialog';
import { JoinForm } from './components/join-form';
import { ShareBox } from './components/share-box';
import { formatCalculatedAt, formatDeadline, formatGroupCode, remainingText } from './format';
import type { SendOutcome } from './store';
import { texts } from './texts';
import { useGroupView } from './use-group-view';
import { useNow } from './use-now';
import states from './group-states.module.css';
import styles from './group-orders.module.css';

/** The households that count: taking part now, or ordered / left out at the closing. */
export function countedHouseholds(view: GroupView): GroupHousehold[] {
  return view.Households.filter((h) => h.State !== 'left');
}

/** "Haushalt 2 · 2.000 L · Organisator (Sie)" */
export function householdLine(h: GroupHousehold): string {
  const parts = [texts.group.household(h.Number, formatQuantity(h.Amount))];
  if (h.IsOrganiser) parts.push(texts.group.organiser);
  const state = texts.group.memberStates[h.State];
  if (state) parts.push(state);
  return `${parts.join(' · ')}${h.IsYou ? ` ${texts.group.you}` : ''}`;
}

export function GroupOrderPage() {
  const code = useParams().code ?? '';
  const { load, announcement, apply, reload } = useGroupView(code);
  const view = load.status === 'ready' ? load.view : null;
  useDocumentTitle(
    texts.group.documentTitle(view ? texts.group.title(view.ZipCode, view.Place) : texts.eyebrow),
  );

  return (
    <Page width="2xl">
      <p className={styles.back}>
        <Link to={paths.orders}>
          <span aria-hidden="true">← </span>
          {texts.backToOrders}
        </Link>
      </p>
      {/* Always in the page, so a price change is announced (a region added with its text is not). */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {load.status === 'loading' && (
        <>
          <h1>{texts.eyebrow}</h1>
          <Card as="p" className={styles.messageCard} role="status" aria-busy="true">
            {texts.group.loading}
          </Card>
        </>
      )}
      {load.status === 'notFound' && (
        <>
          <h1>{texts.group.notFoundTitle}</h1>
          <Card as="div" className={styles.messageCard}>
            <p>{texts.group.notFound}</p>
            <ButtonLink to={paths.orders} variant="secondary">
              {texts.backToOrders}
            </ButtonLink>
          </Card>
        </>
      )}
      {load.status === 'error' && (
        <>
          <h1>{texts.eyebrow}</h1>
          <Card as="div" className={styles.messageCard} role="alert">
            <p>{load.offline ? texts.group.offline : texts.group.loadError}</p>
            <Button onClick={reload}>{texts.retry}</Button>
          </Card>
        </>
      )}
      {view && (
        <GroupContent
          view={view}
          offlineSince={load.status === 'ready' && load.offline ? load.at : null}
          apply={apply}
          reload={reload}
        />
      )}
    </Page>
  );
}

function GroupContent({
  view,
  offlineSince,
  apply,
  reload,
}: {
  view: GroupView;
  /** No answer to the last refresh: when the view shown was loaded (ms), else null. */
  offlineSince: number | null;
  apply: (view: GroupView) => void;
  reload: () => void;
}) {
  const now = useNow(30_000);
  const you = view.You;
  const member = you !== null && you.State !== 'left';
  const open = view.State === 'open';
  const canJoin = open && !member && view.JoinBlockedReason === null;
  const shareRef = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function joined(outcome: SendOutcome) {
    if (outcome.kind === 'sent') {
      apply(outcome.view);
      setNotice(texts.group.joined);
      // The form is gone: the focus goes to what the neighbour now has, their share.
      requestAnimationFrame(() => shareRef.current?.focus());
    } else if (outcome.kind === 'refused') {
      reload();
    }
  }

  const remaining = open ? remainingText(view.Deadline, now) : '';
  const households = countedHouseholds(view);

  return (
    <>
      <header className={styles.head}>
        <p className={styles.eyebrow}>
          {texts.eyebrow} · {texts.group.code}{' '}
          <span className={styles.codeInline}>{formatGroupCode(view.Code)}</span>
        </p>
        <h1>{texts.group.title(view.ZipCode, view.Place)}</h1>
        <dl className={styles.headFacts}>
          <div>
            <dt>{texts.group.product}</dt>
            <dd>{view.ProductName}</dd>
          </div>
          <div>
            <dt>{texts.group.state}</dt>
            <dd>
              <span
                className={`${styles.badge} ${states[`state-${view.State}`] ?? ''}`}
                data-testid="group-state"
              >
                {texts.states[view.State]}
              </span>
            </dd>
          </div>
          <div>
            <dt>{texts.group.deadline}</dt>
            <dd>
              {texts.group.deadlineValue(
                formatDeadline(view.Deadline),
                open ? remaining || texts.group.remainingPast : '',
              )}
            </dd>
          </div>
        </dl>
      </header>

      {offlineSince !== null && (
        <Card as="p" className={styles.messageCard} role="status">
          {texts.group.offlineStale(formatStandDe(new Date(offlineSince)))}
        </Card>
      )}

      <div className={styles.groupLayout}>
        <div className={styles.groupMain}>
          <Outcome view={view} />
          {notice && member && (
            <p className={styles.success} role="status">
              {notice}
            </p>
          )}
          {member && you && (
            <YourShare view={view} headingRef={shareRef} apply={apply} reload={reload} />
          )}
          {open && you?.IsOrganiser && member && (
            <ShareBox
              code={view.Code}
              zip={`${view.ZipCode} ${view.Place}`}
              product={view.ProductName}
              className={styles.orderShare}
            />
          )}
          {you?.State === 'left' && open && <p className={styles.note}>{texts.group.left}</p>}
          {canJoin && <JoinForm view={view} onOutcome={joined} className={styles.orderJoin} />}
          {open && !member && view.JoinBlockedReason !== null && (
            <Card as="div" className={`${styles.messageCard} ${styles.orderJoin}`}>
              <h2 className={styles.cardTitle}>{texts.group.blockedTitle}</h2>
              <p>{view.JoinBlockedReason}</p>
            </Card>
          )}
        </div>
        <div className={styles.groupAside}>
          <GroupOfferCard view={view} now={now} />
          <section
            className={`${styles.card} ${styles.orderHouseholds}`}
            aria-labelledby="group-households-title"
          >
            <h2 id="group-households-title" className={styles.cardTitle}>
              {texts.group.householdsTitle}
            </h2>
            <p className={styles.capacity} data-testid="group-households-count">
              {texts.group.capacity(households.length, view.MaxHouseholds)}
            </p>
            <ul className={styles.households}>
              {households.map((h) => (
                <li key={h.Number} className={h.IsYou ? styles.yourHousehold : undefined}>
                  {householdLine(h)}
                </li>
              ))}
            </ul>
            <p className={styles.muted}>{texts.group.householdsNote}</p>
          </section>
        </div>
      </div>
    </>
  );
}

function GroupOfferCard({ view, now }: { view: GroupView; now: number }) {
  const offer = view.Offer;
  const closed = view.State === 'closed';
  return (
    <section className={`${styles.card} ${styles.orderOffer}`} aria-labelledby="group-offer-title">
      <h2 id="group-offer-title" className={styles.cardTitle}>
        {closed ? texts.group.closingPrice : texts.group.offerTitle}
      </h2>
      {offer ? (
        <>
          <p className={styles.price}>
            <strong className="tabular" data-testid="group-unit-price">
              {formatPrice(offer.UnitPrice, view.Currency)}
            </strong>{' '}
            <span>{texts.group.perHundred}</span>
          </p>
          <p className={styles.muted}>
            {texts.group.offerFor(formatQuantity(offer.TotalAmount), offer.Stations)}
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>{texts.group.dealer}</dt>
              <dd data-testid="group-dealer">
                {offer.DealerName}
                <span className={styles.muted}> · {offer.DealerPlace}</span>
              </dd>
            </div>
            {offer.DeliveryTime && (
              <div>
                <dt>{texts.group.deliveryTime}</dt>
                <dd>{offer.DeliveryTime}</dd>
              </div>
            )}
            {offer.Delivery ? (
              <div>
                <dt>{texts.group.bookedDelivery}</dt>
                <dd data-testid="group-delivery">
                  {formatWeekdayDayDe(offer.Delivery.Date)},{' '}
                  {DELIVERY_WINDOW_LABELS[offer.Delivery.Window]}
                </dd>
              </div>
            ) : (
              offer.EarliestDelivery && (
                <div>
                  <dt>{texts.group.earliestDelivery}</dt>
                  <dd data-testid="group-delivery">
                    {texts.group.earliestFrom(formatWeekdayDayDe(offer.EarliestDelivery))}
                  </dd>
                </div>
              )
            )}
            <div>
              <dt>{texts.group.total}</dt>
              <dd className="tabular">{formatPrice(offer.TotalPrice, view.Currency)}</dd>
            </div>
          </dl>
          <p className={styles.muted}>
            {texts.group.calculatedAt(formatCalculatedAt(offer.CalculatedAt, now))}
          </p>
        </>
      ) : (
        <p>{texts.group.noOffer}</p>
      )}
    </section>
  );
}

function YourShare({
  view,
  headingRef,
  apply,
  reload,
}: {
  view: GroupView;
  headingRef: RefObject<HTMLHeadingElement | null>;
  apply: (view: GroupView) => void;
  reload: () => void;
}) {
  const you = view.You;
  const [dialog, setDialog] = useState<'leave' | 'close' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!you) return null;
  const currency = view.Currency;
  const active = view.State === 'open' && you.State === 'active';
  const overMax = you.ShareUnitPrice !== null && you.ShareUnitPrice > you.MaxUnitPrice + 0.005;

  async function act(kind: 'leave' | 'close') {
    setBusy(true);
    setError(null);
    try {
      const next = kind === 'leave' ? await leaveGroup(view.Code) : await closeGroup(view.Code);
      setDialog(null);
      apply(next);
    } catch (failure) {
      setError(
        failure instanceof NetworkError
          ? texts.group.actionOffline
          : failure instanceof ApiError && failure.status < 500
            ? failure.message
            : texts.serverError,
      );
      if (failure instanceof ApiError && (failure.status === 409 || failure.status === 403))
        reload();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={`${styles.card} ${styles.orderYou}`} aria-labelledby="group-you-title">
      <h2 id="group-you-title" ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
        {texts.group.yourTitle}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{texts.group.yourAmount}</dt>
          <dd>{`${formatQuantity(you.Amount)} Liter`}</dd>
        </div>
        {you.ShareUnitPrice !== null && (
          <div>
            <dt>{texts.group.yourUnitPrice}</dt>
            <dd className="tabular" data-testid="group-your-unit-price">
              {formatPrice(you.ShareUnitPrice, currency)}
            </dd>
          </div>
        )}
        {you.Share !== null && (
          <div>
            <dt>{texts.group.yourShare}</dt>
            <dd className="tabular">{formatPrice(you.Share, currency)}</dd>
          </div>
        )}
        {you.AloneTotal !== null && (
          <div>
            <dt>{texts.group.alone}</dt>
            <dd className="tabular">{formatPrice(you.AloneTotal, currency)}</dd>
          </div>
        )}
        <div>
          <dt>{texts.group.yourMaxPrice}</dt>
          <dd className="tabular">{formatPrice(you.MaxUnitPrice, currency)}</dd>
        </div>
        <div>
          <dt>{texts.group.yourPayment}</dt>
          <dd>{you.PaymentName}</dd>
        </div>
        <div>
          <dt>{texts.group.yourDelivery}</dt>
          <dd>{`${you.ZipCode} ${you.Place}`}</dd>
        </div>
      </dl>
      {you.Saving !== null && you.Saving >= 0.005 && (
        <p className={styles.saving}>{texts.group.saving(formatPrice(you.Saving, currency))}</p>
      )}
      {you.Saving !== null && you.Saving <= -0.005 && (
        <p className={styles.note}>{texts.group.noSaving(formatPrice(-you.Saving, currency))}</p>
      )}
      {active && overMax && <p className={styles.note}>{texts.group.overMax}</p>}
      {error && !dialog && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
      {active && (
        <div className={styles.actions}>
          {you.IsOrganiser && (
            <Button onClick={() => setDialog('close')}>{texts.group.close}</Button>
          )}
          <Button variant="secondary" onClick={() => setDialog('leave')}>
            {texts.group.leave}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={dialog === 'leave'}
        title={texts.group.leaveTitle}
        text={
          you.IsOrganiser
            ? [texts.group.leaveText, texts.group.leaveOrganiserText]
            : [texts.group.leaveText]
        }
        confirm={busy ? texts.group.leaving : texts.group.leaveConfirm}
        cancel={texts.group.cancel}
        busy={busy}
        error={error}
        onConfirm={() => void act('leave')}
        onClose={() => {
          setDialog(null);
          setError(null);
        }}
      />
      <ConfirmDialog
        open={dialog === 'close'}
        title={texts.group.closeTitle}
        text={[texts.group.closeText(countedHouseholds(view).length)]}
        confirm={busy ? texts.group.closingNow : texts.group.closeConfirm}
        cancel={texts.group.cancel}
        busy={busy}
        error={error}
        onConfirm={() => void act('close')}
        onClose={() => {
          setDialog(null);
          setError(null);
        }}
      />
    </section>
  );
}

/** The group's end, as it concerns the viewer: closing, their order, left out, cancelled, failed. */
function Outcome({ view }: { view: GroupView }) {
  const you = view.You;
  switch (view.State) {
    case 'open':
      return null;
    case 'closing':
      return (
        <Card as="div" className={`${styles.messageCard} ${styles.orderOutcome}`} role="status">
          <h2 className={styles.cardTitle}>{texts.group.closingTitle}</h2>
          <p>{texts.group.closing}</p>
        </Card>
      );
    case 'closed':
      if (you?.State === 'ordered' && you.OrderNumber) {
        return (
          <Card
            as="div"
            className={`${styles.messageCard} ${styles.success} ${styles.orderOutcome}`}
          >
            <h2 className={styles.cardTitle}>{texts.group.closedTitle}</h2>
            <p>
              {texts.group.orderedLead}{' '}
              <Link
                to={orderConfirmationPath(you.OrderNumber)}
                className={styles.orderLink}
                data-testid="group-order-number"
              >
                {texts.group.orderLink(you.OrderNumber)}
              </Link>
            </p>
            <p>{texts.group.orderedMail}</p>
          </Card>
        );
      }
      if (you?.State === 'excluded') {
        return (
          <Card as="div" className={`${styles.messageCard} ${styles.orderOutcome}`}>
            <h2 className={styles.cardTitle}>{texts.group.excludedTitle}</h2>
            <p>{you.Note ?? texts.group.excludedFallback}</p>
          </Card>
        );
      }
      return (
        <Card as="div" className={`${styles.messageCard} ${styles.orderOutcome}`}>
          <h2 className={styles.cardTitle}>{texts.group.closedTitle}</h2>
          <p>{texts.group.closedOther}</p>
        </Card>
      );
    case 'cancelled':
    case 'failed':
      return (
        <Card as="div" className={`${styles.messageCard} ${styles.orderOutcome}`}>
          <h2 className={styles.cardTitle}>
            {view.State === 'cancelled' ? texts.group.cancelledTitle : texts.group.failedTitle}
          </h2>
          <p>{view.State === 'cancelled' ? texts.group.cancelled : texts.group.failed}</p>
          {you?.Note && <p>{you.Note}</p>}
          <ButtonLink to={paths.home} variant="secondary">
            {texts.group.startNew}
          </ButtonLink>
        </Card>
      );
  }
}
