/**
 * /bestellung: the offer chosen on the offer list, recalculated from the address (dealer,
 * product group and the SPEC §3 query), so the page shows today's price and not one carried
 * along in the link. Online ordering is built with accounts and ordering; until then the page
 * says so and gives the phone number to order now (no form that pretends to order).
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { CalculatorConfig } from '../../api/contract/calculation';
import { formatQuantity } from '../../lib/format';
import { ButtonLink, Button } from '../../ui/button/button';
import { offersWorker, type OfferView } from '../../workers/offers';
import { defaultConfig } from '../calculator';
import { useLocale } from '../locale';
import { fetchOffers } from './api';
import { readCheckoutSelection } from './checkout-link';
import { OfferBreakdown } from './components/offer-card';
import { RatingStars } from './components/rating-stars';
import { configFromQuery, offerListHref, readOfferQuery } from './query';
import { refusalOf } from './store';
import { texts } from './texts';
import styles from './checkout-page.module.css';

type Loaded = { status: 'gone' } | { status: 'error' } | { status: 'ready'; offer: OfferView };
type CheckoutState = { status: 'loading' } | { status: 'missing' } | Loaded;

export function CheckoutPage() {
  const { search } = useLocation();
  const locale = useLocale();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; state: Loaded } | null>(null);

  const selection = readCheckoutSelection(search);
  const config: CalculatorConfig | null = selection
    ? configFromQuery(
        readOfferQuery(search),
        defaultConfig(locale.countryId, selection.productGroupId),
        locale.countryId,
        selection.productGroupId,
      )
    : null;
  // Without a dealer, a postal code or a calculable amount there is nothing to show.
  const missing = !selection || !config || refusalOf(config) !== null;
  const dealerId = selection?.dealerId;
  const configKey = config && !missing ? JSON.stringify(config) : '';
  const requestKey = `${configKey}|${dealerId ?? ''}|${attempt}`;

  useEffect(() => {
    const previous = document.title;
    document.title = texts.checkout.documentTitle;
    return () => {
      document.title = previous;
    };
  }, []);

  useEffect(() => {
    if (!configKey || dealerId === undefined) return;
    const wanted = JSON.parse(configKey) as CalculatorConfig;
    const controller = new AbortController();
    const settle = (state: Loaded) => {
      if (!controller.signal.aborted) setLoaded({ key: requestKey, state });
    };
    fetchOffers(wanted, controller.signal)
      .then(async (result) => {
        const offer = result.Items.find((o) => o.Id === dealerId);
        if (!offer) return settle({ status: 'gone' });
        const [view] = await offersWorker.rankOffers([offer], 'price');
        settle(view ? { status: 'ready', offer: view } : { status: 'gone' });
      })
      .catch(() => settle({ status: 'error' }));
    return () => controller.abort();
  }, [configKey, dealerId, requestKey]);

  const state: CheckoutState = missing
    ? { status: 'missing' }
    : loaded?.key === requestKey
      ? loaded.state
      : { status: 'loading' };

  const backHref = config ? offerListHref(config) : offerListHref(defaultConfig(locale.countryId));

  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <Link to={backHref}>
          <span aria-hidden="true">← </span>
          {texts.checkout.back}
        </Link>
      </p>
      <h1>{texts.checkout.title}</h1>

      {state.status === 'loading' && (
        <div className={styles.card} aria-busy="true">
          <p role="status">{texts.checkout.loading}</p>
        </div>
      )}
      {state.status === 'missing' && (
        <div className={styles.card}>
          <h2>{texts.checkout.missingTitle}</h2>
          <p>{texts.checkout.missing}</p>
          <ButtonLink to={backHref} variant="secondary">
            {texts.checkout.back}
          </ButtonLink>
        </div>
      )}
      {state.status === 'gone' && (
        <div className={styles.card}>
          <h2>{texts.checkout.goneTitle}</h2>
          <p>{texts.checkout.gone}</p>
          <ButtonLink to={backHref} variant="secondary">
            {texts.checkout.back}
          </ButtonLink>
        </div>
      )}
      {state.status === 'error' && (
        <div className={styles.card} role="alert">
          <p>{texts.checkout.error}</p>
          <Button onClick={() => setAttempt((n) => n + 1)}>{texts.checkout.retry}</Button>
        </div>
      )}
      {state.status === 'ready' && config && (
        <ChosenOffer offer={state.offer} config={config} phone={locale.customerPhoneNumber} />
      )}
    </div>
  );
}

function ChosenOffer({
  offer,
  config,
  phone,
}: {
  offer: OfferView;
  config: CalculatorConfig;
  phone: string;
}) {
  const extras = [
    offer.climateNeutral ? texts.climateNeutral : null,
    offer.appointmentPlus ? texts.appointmentPlus : null,
    config.Stations > 1 ? texts.stations(config.Stations) : null,
  ].filter((x): x is string => x !== null);

  return (
    <>
      <section className={styles.card} aria-labelledby="checkout-dealer">
        <h2 id="checkout-dealer" className={styles.dealer}>
          {offer.dealerName}
        </h2>
        <p className={styles.meta}>
          {offer.dealerZip} {offer.dealerPlace} · {texts.card.distance(offer.distance)}
        </p>
        <RatingStars offer={offer} />
        <dl className={styles.facts}>
          <div>
            <dt>{texts.checkout.product}</dt>
            <dd>{offer.productName}</dd>
          </div>
          <div>
            <dt>{texts.checkout.amount}</dt>
            <dd>{texts.checkout.amountValue(formatQuantity(config.Amount))}</dd>
          </div>
          <div>
            <dt>{texts.checkout.zip}</dt>
            <dd>{texts.checkout.zipValue(config.ZipCode)}</dd>
          </div>
          <div>
            <dt>{texts.checkout.deliveryTime}</dt>
            <dd>{offer.deliveryTime}</dd>
          </div>
          <div>
            <dt>{texts.checkout.payment}</dt>
            <dd>{offer.paymentName}</dd>
          </div>
          {extras.length > 0 && (
            <div>
              <dt>{texts.checkout.options}</dt>
              <dd>{extras.join(', ')}</dd>
            </div>
          )}
          <div className={styles.totalRow}>
            <dt>{texts.checkout.total}</dt>
            <dd>
              <strong className="tabular" data-testid="checkout-total">
                {offer.totalPrice}
              </strong>
              <span className={styles.unit}>{texts.checkout.unitPrice(offer.unitPrice)}</span>
              {offer.installment && (
                <span className={styles.unit}>
                  {texts.card.installment(offer.installment.months, offer.installment.monthlyRate)}
                </span>
              )}
            </dd>
          </div>
        </dl>
        <div className={styles.breakdown}>
          <OfferBreakdown offer={offer} />
        </div>
        <p className={styles.note}>{texts.checkout.priceNote}</p>
      </section>

      <section className={styles.coming} aria-labelledby="checkout-coming">
        <h2 id="checkout-coming">{texts.checkout.comingTitle}</h2>
        <p>{texts.checkout.coming}</p>
        <a className={styles.call} href={`tel:${phone.replace(/\s+/g, '')}`}>
          {texts.checkout.call} <span className={styles.phone}>{phone}</span>
        </a>
      </section>
    </>
  );
}
