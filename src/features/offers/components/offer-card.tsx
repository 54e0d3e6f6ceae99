/**
 * One offer: dealer, rating, distance, delivery time, payment, price per 100 L and total (and
 * the installment plan), the first delivery day, the best-three badge, the itemised breakdown on demand, "Bestellen",
 * and for a logged-in customer the favourite heart.
 * Every number arrives formatted from the offers worker; the card only puts words around them.
 */
import { useId, useState } from 'react';
import type { OfferView } from '../../../workers/offers';
import { ButtonLink } from '../../../ui/button/button';
import { texts } from '../texts';
import { FavouriteButton } from './favourite-button';
import { RatingStars } from './rating-stars';
import styles from './offer-card.module.css';

const PLACE_CLASS: Record<1 | 2 | 3, string | undefined> = {
  1: styles.first,
  2: styles.second,
  3: styles.third,
};

export function OfferCard({
  offer,
  orderHref,
  otherQuery,
}: {
  offer: OfferView;
  orderHref?: string;
  /** The list is not for the calculator's selection: the button names what it orders. */
  otherQuery?: { amount: string; zip: string };
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const titleId = `${id}-title`;
  const breakdownId = `${id}-breakdown`;
  const place = offer.place;

  return (
    <article
      className={`${styles.card} ${place ? (PLACE_CLASS[place] ?? '') : ''}`}
      aria-labelledby={titleId}
    >
      {place && <p className={styles.badge}>{texts.card.places[place]}</p>}
      <div className={styles.body}>
        <div className={styles.dealer}>
          <div className={styles.head}>
            <h3 id={titleId} className={styles.name}>
              {offer.dealerName}
            </h3>
            <FavouriteButton offer={offer} describedBy={titleId} />
          </div>
          <p className={styles.meta}>
            {offer.dealerPlace}
            <span aria-hidden="true"> · </span>
            <span>
              {offer.deliveredFrom
                ? texts.card.distanceFrom(offer.distance, offer.deliveredFrom)
                : texts.card.distance(offer.distance)}
            </span>
          </p>
          <RatingStars offer={offer} />
          <dl className={styles.facts}>
            <div>
              <dt>{texts.card.deliveryTime}</dt>
              <dd>{offer.deliveryTime}</dd>
            </div>
            <div>
              <dt>{texts.card.payment}</dt>
              <dd>{offer.paymentName}</dd>
            </div>
          </dl>
        </div>

        <div className={styles.price}>
          <p className={styles.total}>
            <span className={styles.totalLabel}>{texts.card.total}</span>
            <strong className="tabular" data-testid="offer-total">
              {offer.totalPrice}
            </strong>
          </p>
          <p className={`${styles.unit} tabular`} data-testid="offer-unit-price">
            {offer.unitPrice} {texts.card.unitPrice}
          </p>
          {offer.earliestDelivery && (
            <p className={styles.earliest} data-testid="offer-earliest-delivery">
              {texts.card.earliestDelivery}{' '}
              <strong className="tabular">{offer.earliestDelivery}</strong>
            </p>
          )}
          {offer.installment && (
            <div className={styles.installment} data-testid="offer-installment">
              <p className={`${styles.rate} tabular`}>
                <strong>
                  {texts.card.installmentRate(
                    offer.installment.months,
                    offer.installment.monthlyRate,
                  )}
                </strong>{' '}
                {texts.card.monthly}
              </p>
              <p className={styles.rateNote}>
                {texts.card.installmentTotal(
                  offer.installment.total,
                  offer.installment.effectiveRatePercent,
                )}
              </p>
            </div>
          )}
          {orderHref && (
            <ButtonLink
              to={orderHref}
              className={styles.order}
              aria-label={
                otherQuery
                  ? texts.card.orderAmountLabel(offer.dealerName, otherQuery.amount, otherQuery.zip)
                  : texts.card.orderLabel(offer.dealerName)
              }
            >
              {otherQuery ? texts.card.orderAmount(otherQuery.amount) : texts.card.order}
            </ButtonLink>
          )}
        </div>
      </div>

      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={open}
        aria-controls={breakdownId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? texts.card.breakdownHide : texts.card.breakdownShow}
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      <div id={breakdownId} className={styles.breakdown} hidden={!open}>
        {open && <OfferBreakdown offer={offer} />}
      </div>
    </article>
  );
}

export function OfferBreakdown({ offer }: { offer: OfferView }) {
  return (
    <>
      <table className={styles.table}>
        <caption className="visually-hidden">{texts.card.breakdownTitle(offer.dealerName)}</caption>
        <tbody>
          {offer.breakdown.map((line, i) => (
            <tr key={`${line.kind}-${i}`}>
              <th scope="row">{line.label}</th>
              <td className="tabular" data-testid="breakdown-amount">
                {line.amount}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{texts.card.breakdownTotal}</th>
            <td className="tabular">{offer.totalPrice}</td>
          </tr>
        </tfoot>
      </table>
      <p className={styles.vat}>{texts.card.vat(offer.vatRatePercent, offer.vatAmount)}</p>
    </>
  );
}

/** Same outline and height as a card, so nothing jumps when the offers arrive. */
export function OfferCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
      <div className={styles.body}>
        <div className={styles.dealer}>
          <span className={`${styles.bone} ${styles.boneTitle}`} />
          <span className={`${styles.bone} ${styles.boneLine}`} />
          <span className={`${styles.bone} ${styles.boneShort}`} />
          <span className={`${styles.bone} ${styles.boneLine}`} />
        </div>
        <div className={styles.price}>
          <span className={`${styles.bone} ${styles.bonePrice}`} />
          <span className={`${styles.bone} ${styles.boneShort}`} />
          {/* "Lieferung ab …" */}
          <span className={`${styles.bone} ${styles.boneShort} ${styles.boneRight}`} />
          <span className={`${styles.bone} ${styles.boneButton}`} />
        </div>
      </div>
      <span className={`${styles.bone} ${styles.boneDisclosure}`} />
    </div>
  );
}
