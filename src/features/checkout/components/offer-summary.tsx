/**
 * The chosen offer as recalculated by the server: dealer, product, amount and unloading points
 * (read-only here, changed on the offer list), delivery time, payment (with the monthly rate when
 * paying in installments) and the itemised total.
 */
import { Link } from 'react-router';
import type { CalculatorConfig } from '../../../api/contract/calculation';
import { formatQuantity } from '../../../lib/format';
import type { OfferView } from '../../../workers/offers';
import { OfferBreakdown, RatingStars } from '../../offers';
import { texts } from '../texts';
import styles from './offer-summary.module.css';

export function OfferSummary({
  offer,
  config,
  backHref,
  className,
}: {
  offer: OfferView;
  config: CalculatorConfig;
  backHref: string;
  className?: string;
}) {
  const options: string[] = [];
  if (offer.climateNeutral) options.push(texts.offer.climateNeutral);
  if (offer.appointmentPlus) options.push(texts.offer.appointmentPlus);
  return (
    <section
      className={[styles.card, className].filter(Boolean).join(' ')}
      aria-labelledby="checkout-offer-title"
    >
      <h2 id="checkout-offer-title" className={styles.title}>
        {texts.offer.title}
      </h2>
      <div className={styles.dealer}>
        <p className={styles.name}>{offer.dealerName}</p>
        <p className={styles.meta}>
          {offer.dealerZip} {offer.dealerPlace}
        </p>
        <RatingStars offer={offer} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{texts.offer.product}</dt>
          <dd>{offer.productName}</dd>
        </div>
        <div>
          <dt>{texts.offer.amount}</dt>
          <dd>
            {texts.offer.amountValue(formatQuantity(config.Amount))}{' '}
            <Link to={backHref} className={styles.change} aria-label={texts.offer.changeLabel}>
              {texts.offer.change}
            </Link>
          </dd>
        </div>
        <div>
          <dt>{texts.offer.stations}</dt>
          <dd>
            <span data-testid="checkout-stations">
              {texts.offer.stationsValue(config.Stations)}
            </span>{' '}
            {/* SPEC §2 openSettings=1: the offer list opens its settings, where the stations are. */}
            <Link
              to={`${backHref}&openSettings=1`}
              className={styles.change}
              aria-label={texts.offer.changeStationsLabel}
            >
              {texts.offer.change}
            </Link>
          </dd>
        </div>
        <div>
          <dt>{texts.offer.deliveryTime}</dt>
          <dd>{offer.deliveryTime}</dd>
        </div>
        <div>
          <dt>{texts.offer.payment}</dt>
          <dd>
            {offer.paymentName}
            {offer.installment && (
              <span className={styles.rate} data-testid="checkout-installment">
                {texts.offer.installment(offer.installment.months, offer.installment.monthlyRate)}
              </span>
            )}
          </dd>
        </div>
        {options.length > 0 && (
          <div>
            <dt>{texts.offer.options}</dt>
            <dd>{options.join(', ')}</dd>
          </div>
        )}
      </dl>
      <div className={styles.breakdown}>
        <h3 className={styles.breakdownTitle}>{texts.offer.breakdownTitle}</h3>
        <OfferBreakdown offer={offer} />
      </div>
      <p className={styles.total}>
        <span>{texts.offer.total}</span>
        <strong className="tabular" data-testid="checkout-total">
          {offer.totalPrice}
        </strong>
      </p>
      <p className={styles.unit}>{texts.offer.unitPrice(offer.unitPrice)}</p>
      {offer.installment && (
        <p className={styles.unit}>
          {texts.offer.installmentNote(
            offer.installment.total,
            offer.installment.effectiveRatePercent,
          )}
        </p>
      )}
    </section>
  );
}
