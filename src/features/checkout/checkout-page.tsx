/**
 * /bestellung: the chosen offer recalculated by the server (dealer + the SPEC §3 query in the
 * address), the delivery form, the terms and "Zahlungspflichtig bestellen". The server prices
 * the order again; a changed total comes back as 409 and is shown old against new for the user
 * to confirm. Inputs survive errors and reloads (sessionStorage); a retry after a dropped
 * connection reuses the checkout's idempotency key, so it never makes a second order.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../api/client';
import type { CalculatorConfig, Offer } from '../../api/contract/calculation';
import { readOfferQuery } from '../../lib/offer-query';
import { orderConfirmationPath } from '../../lib/paths';
import { ButtonLink, Button } from '../../ui/button/button';
import { focusField as focusOrderField } from '../../ui/order-form';
import { Page, Card } from '../../ui/page/page';
import { offersWorker, type OfferView } from '../../workers/offers';
import { defaultConfig } from '../calculator';
import { useLocale } from '../locale';
import { configFromQuery, offerListHref, readCheckoutSelection, refusalOf } from '../offers';
import { sessionState, loginHref } from '../session';
import { fetchCheckoutDefaults, fetchPreview } from './api';
import { checkoutSetup, CheckoutForm } from './components/checkout-form';
import { OfferSummary } from './components/offer-summary';
import { PriceChangeNotice } from './components/price-change-notice';
import type { FieldName, OrderContext } from './form';
import {
  acceptPriceChange,
  checkoutState,
  openCheckout,
  prefill,
  setDeliverySlots,
  setField,
  submit,
} from './store';
import { texts } from './texts';
import styles from './checkout-page.module.css';

interface Priced {
  offer: Offer;
  view: OfferView;
}

type Loaded =
  | { status: 'gone'; message: string }
  | { status: 'error'; offline: boolean }
  | { status: 'ready'; priced: Priced };
type PageState = { status: 'loading' } | { status: 'missing' } | Loaded;

async function priceView(offer: Offer): Promise<Priced> {
  const [view] = await offersWorker.rankOffers([offer], 'price');
  if (!view) throw new Error('offer not formatted');
  return { offer, view };
}

export function CheckoutPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const locale = useLocale();
  const session = useSnapshot(sessionState);
  const checkout = useSnapshot(checkoutState);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; state: Loaded } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Saved addresses of the account in other postal codes than the priced one. */
  const [otherAddresses, setOtherAddresses] = useState<readonly { zip: string; line: string }[]>(
    [],
  );

  const selection = readCheckoutSelection(search);
  const config: CalculatorConfig | null = selection
    ? configFromQuery(
        readOfferQuery(search),
        defaultConfig(locale.countryId, selection.productGroupId),
        locale.countryId,
        selection.productGroupId,
      )
    : null;
  const missing = !selection || !config || refusalOf(config) !== null;
  const dealerId = selection?.dealerId;
  const configKey = config && !missing ? JSON.stringify(config) : '';
  const selectionKey = `${configKey}|${dealerId ?? ''}`;
  const requestKey = `${selectionKey}|${attempt}`;

  useEffect(() => {
    if (configKey) openCheckout(selectionKey);
  }, [configKey, selectionKey]);

  // The offer as the server prices it now.
  useEffect(() => {
    if (!configKey || dealerId === undefined) return;
    const wanted = JSON.parse(configKey) as CalculatorConfig;
    const controller = new AbortController();
    const settle = (state: Loaded) => {
      if (!controller.signal.aborted) setLoaded({ key: requestKey, state });
    };
    fetchPreview(wanted, dealerId, controller.signal)
      .then(async (preview) => {
        const priced = await priceView(preview.Offer);
        if (controller.signal.aborted) return;
        // The free days before the form shows, so the first is chosen at once.
        setDeliverySlots(preview.DeliverySlots);
        settle({ status: 'ready', priced });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 400) {
          settle({ status: 'gone', message: error.issues[0]?.message ?? error.message });
        } else {
          settle({ status: 'error', offline: !(error instanceof ApiError) });
        }
      });
    return () => controller.abort();
  }, [configKey, dealerId, requestKey]);

  // A logged-in customer's e-mail, phone and default address fill the empty fields.
  const loggedIn = session.status === 'settled' && session.LoggedIn;
  useEffect(() => {
    if (!loggedIn || !configKey) return;
    const controller = new AbortController();
    fetchCheckoutDefaults(controller.signal)
      .then((defaults) => {
        // The saved address in the priced postal code is the delivery address (the
        // default one in another code left street and town empty); else the name only.
        const zip = (JSON.parse(configKey) as CalculatorConfig).ZipCode;
        const fitting = (defaults.Addresses ?? []).find((saved) => saved.ZipCode === zip);
        const a = fitting ?? defaults.DeliveryAddress;
        setOtherAddresses(
          fitting
            ? []
            : (defaults.Addresses ?? []).map((saved) => ({
                zip: saved.ZipCode,
                line: `${saved.Street} ${saved.HouseNumber}, ${saved.ZipCode} ${saved.Place}`,
              })),
        );
        prefill({
          email: defaults.Email,
          phone: defaults.Phone,
          ...(a && {
            title1:
              a.Title1 === 'Frau' || a.Title1 === 'Herr' || a.Title1 === 'Divers' ? a.Title1 : '',
            firstName: a.FirstName,
            lastName: a.LastName,
            company: a.Company,
            ...(a.ZipCode === zip
              ? { street: a.Street, houseNumber: a.HouseNumber, place: a.Place }
              : {}),
          }),
        });
      })
      .catch(() => {
        // Prefill is a convenience: without it the customer types the address.
      });
    return () => controller.abort();
  }, [loggedIn, configKey]);

  const state: PageState = missing
    ? { status: 'missing' }
    : loaded?.key === requestKey
      ? loaded.state
      : { status: 'loading' };

  const backHref = config ? offerListHref(config) : offerListHref(defaultConfig(locale.countryId));
  const goneMessage = checkout.gone;

  async function place(offer: Offer) {
    if (!config || dealerId === undefined) return;
    const ctx: OrderContext = {
      config,
      dealerId,
      totalPrice: offer.TotalPrice,
      idempotencyKey: checkoutState.idempotencyKey,
    };
    const outcome = await submit(ctx);
    if (outcome.kind === 'placed') {
      await navigate(orderConfirmationPath(outcome.order.OrderNumber));
    } else if (outcome.kind === 'invalid') {
      focusField(outcome.focus);
    }
  }

  async function confirmNewPrice() {
    const offer = acceptPriceChange();
    if (!offer) return;
    const priced = await priceView(offer);
    setLoaded({ key: requestKey, state: { status: 'ready', priced } });
    await place(offer);
  }

  return (
    <Page width="2xl">
      <p className={styles.back}>
        <Link to={backHref}>
          <span aria-hidden="true">← </span>
          {texts.back}
        </Link>
      </p>
      <h1 ref={headingRef}>{texts.title}</h1>

      {state.status === 'loading' && (
        <Card as="div" className={styles.card} aria-busy="true">
          <p role="status">{texts.loading}</p>
        </Card>
      )}
      {state.status === 'missing' && (
        <Card as="div" className={styles.card}>
          <h2>{texts.missingTitle}</h2>
          <p>{texts.missing}</p>
          <ButtonLink to={backHref} variant="secondary">
            {texts.back}
          </ButtonLink>
        </Card>
      )}
      {(state.status === 'gone' || goneMessage) && (
        <Card as="div" className={styles.card} role="alert">
          <h2>{texts.goneTitle}</h2>
          <p>{state.status === 'gone' ? state.message : goneMessage}</p>
          <ButtonLink to={backHref} variant="secondary">
            {texts.back}
          </ButtonLink>
        </Card>
      )}
      {state.status === 'error' && (
        <Card as="div" className={styles.card} role="alert">
          <p>{state.offline ? texts.offline : texts.loadError}</p>
          <Button onClick={() => setAttempt((n) => n + 1)}>{texts.retry}</Button>
        </Card>
      )}
      {state.status === 'ready' && config && !goneMessage && (
        <div className={styles.layout}>
          <OfferSummary
            className={styles.summary}
            offer={state.priced.view}
            config={config}
            backHref={backHref}
          />
          <div className={styles.main}>
            {checkout.phase === 'priceChanged' && checkout.priceChange && (
              <PriceChangeNotice
                previousTotal={checkout.priceChange.previousTotal}
                offer={checkout.priceChange.offer}
                onConfirm={() => void confirmNewPrice()}
                backHref={backHref}
              />
            )}
            {otherAddresses.length > 0 && (
              <Card
                as="section"
                className={styles.otherAddresses}
                aria-label={texts.otherAddresses.title}
              >
                <p>{texts.otherAddresses.lead(config.ZipCode)}</p>
                <ul>
                  {otherAddresses.map((saved) => (
                    <li key={saved.line}>
                      {saved.line}{' '}
                      <Link to={offerListHref({ ...config, ZipCode: saved.zip })}>
                        {texts.otherAddresses.compare(saved.zip)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </Card>
            )}
            <CheckoutForm
              config={config}
              dealerName={state.priced.view.dealerName}
              loginHref={loggedIn ? null : loginHref(`${window.location.pathname}${search}`)}
              onSubmit={() => void place(state.priced.offer)}
              onFieldChange={(name, value) =>
                setField(name, value, {
                  config,
                  dealerId: dealerId ?? 0,
                  totalPrice: state.priced.offer.TotalPrice,
                  idempotencyKey: checkoutState.idempotencyKey,
                })
              }
            />
          </div>
        </div>
      )}
    </Page>
  );
}

/** Moves the focus to a field (the first with an error), scrolled into view. */
export function focusField(name: FieldName | undefined) {
  focusOrderField(checkoutSetup, name);
}
