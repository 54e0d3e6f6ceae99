/**
 * /sammelbestellung/starten (user guard): the organiser's own order as the offer list
 * priced it (postal code, litres, product, options), their delivery address and contact (from
 * the account), the deadline and their maximum price per 100 L (today's best plus 5 %), and the
 * group's terms. Sending makes the group and opens its page. The draft survives a reload and a
 * dropped connection (store.ts); offline, it is sent once when the connection is back.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import type { CalculatorConfig, Offer } from '../../api/contract/calculation';
import { GROUP_RULES } from '../../api/contract/group-orders';
import { formatPrice, formatQuantity } from '../../lib/format';
import { groupOrderPath } from '../../lib/paths';
import { ButtonLink } from '../../ui/button/button';
import { OrderForm } from '../../ui/order-form';
import { Card, Page } from '../../ui/page/page';
import { calculatorState, defaultConfig } from '../calculator';
import { useLocale } from '../locale';
import { configFromQuery, offerListHref, refusalOf } from '../offers';
import { fetchContactDefaults, fetchOffersFor, startGroup } from './api';
import {
  Field,
  focusField,
  GroupFormEnd,
  HouseholdFields,
  MaxPriceField,
} from './components/fields';
import { priceInputText, suggestMaxUnitPrice } from './format';
import { validateStart, type StartValues } from './form';
import { startConfigOf } from './start-config';
import { startDraft } from './store';
import { texts } from './texts';
import { useSendWhenOnline } from './use-send-when-online';
import { prefillOf } from './prefill';
import { formStyles } from './components/form-styles';
import styles from './group-orders.module.css';

type Priced = { status: 'loading' } | { status: 'ready'; best: Offer | null } | { status: 'error' };

export function GroupStartPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const locale = useLocale();
  const calculator = useSnapshot(calculatorState);
  const draft = useSnapshot(startDraft.state, { sync: true });

  const start = startConfigOf(search, {
    current: calculator.config as CalculatorConfig,
    base: (productGroupId) => defaultConfig(locale.countryId, productGroupId),
    fromQuery: (query, base, productGroupId) =>
      configFromQuery(query, base, locale.countryId, productGroupId),
    refused: (config) => refusalOf(config) !== null,
  });
  const config = start.status === 'ok' ? start.config : null;
  const configKey = config ? JSON.stringify(config) : '';

  const [priced, setPriced] = useState<{ key: string; state: Priced } | null>(null);
  const offer: Priced = priced?.key === configKey ? priced.state : { status: 'loading' };

  useEffect(() => {
    if (configKey) startDraft.open(configKey);
  }, [configKey]);

  // Today's best offer for the organiser's own order: what the summary names and what the
  // maximum price is suggested from.
  useEffect(() => {
    if (!configKey) return;
    const controller = new AbortController();
    fetchOffersFor(JSON.parse(configKey) as CalculatorConfig, controller.signal)
      .then((result) => {
        const best = result.Success ? (result.Items[0] ?? null) : null;
        setPriced({ key: configKey, state: { status: 'ready', best } });
        if (best) {
          startDraft.prefill(
            { maxUnitPrice: priceInputText(suggestMaxUnitPrice(best.UnitPrice)) },
            false,
          );
        }
      })
      .catch(() => {
        if (!controller.signal.aborted) setPriced({ key: configKey, state: { status: 'error' } });
      });
    return () => controller.abort();
  }, [configKey]);

  // E-mail, phone and the saved address in this postal code fill the empty fields.
  useEffect(() => {
    if (!configKey) return;
    const zip = (JSON.parse(configKey) as CalculatorConfig).ZipCode;
    const controller = new AbortController();
    fetchContactDefaults(controller.signal)
      .then((defaults) => startDraft.prefill(prefillOf(defaults, zip)))
      .catch(() => {
        // A convenience: without it the customer types the address.
      });
    return () => controller.abort();
  }, [configKey]);

  const ready = config !== null && draft.scope === configKey;

  async function send() {
    if (!config) return;
    const ctx = { config, idempotencyKey: startDraft.state.idempotencyKey };
    const outcome = await startDraft.send(
      (values) =>
        validateStart(values, { ...ctx, idempotencyKey: startDraft.state.idempotencyKey }),
      startGroup,
    );
    if (outcome.kind === 'sent') await navigate(groupOrderPath(outcome.view.Code));
    else if (outcome.kind === 'invalid') focusField(outcome.focus);
  }

  useSendWhenOnline(draft.phase, ready, () => void send());

  const backHref = offerListHref(config ?? defaultConfig(locale.countryId));
  const change = <K extends keyof StartValues>(name: K, value: StartValues[K]) => {
    if (!config) return;
    startDraft.setField(name, value, (values) =>
      validateStart(values, { config, idempotencyKey: startDraft.state.idempotencyKey }),
    );
  };

  return (
    <Page width="2xl">
      <p className={styles.back}>
        <Link to={backHref}>
          <span aria-hidden="true">← </span>
          {texts.backToOffers}
        </Link>
      </p>
      <h1>{texts.start.title}</h1>

      {start.status !== 'ok' && (
        <Card as="div" className={styles.messageCard}>
          <h2>{texts.start.missingTitle}</h2>
          <p>
            {start.status === 'amountTooLow'
              ? texts.start.amountTooLow(formatQuantity(GROUP_RULES.AMOUNT_MIN))
              : start.status === 'installment'
                ? texts.start.installment
                : texts.start.missing}
          </p>
          {start.status === 'installment' ? (
            // SPEC §2 openSettings=1: the offer list opens its settings, where the payment is.
            <ButtonLink to={`${offerListHref(start.config)}&openSettings=1`} variant="secondary">
              {texts.start.toOptions}
            </ButtonLink>
          ) : (
            <ButtonLink
              to={start.status === 'amountTooLow' ? offerListHref(start.config) : backHref}
              variant="secondary"
            >
              {texts.start.toOffers}
            </ButtonLink>
          )}
        </Card>
      )}

      {config && (
        <>
          <p className={styles.lead}>{texts.start.lead}</p>
          <div className={styles.layout}>
            <StartSummary
              className={styles.aside}
              config={config}
              place={draft.values.place}
              offer={offer}
              changeHref={backHref}
            />
            <OrderForm
              label={texts.start.title}
              className={styles.main}
              prefilled={draft.prefilled}
              onSubmit={() => void send()}
            >
              <HouseholdFields
                values={draft.values}
                errors={draft.errors}
                zip={{ fixed: config.ZipCode }}
                onChange={(name, value) => change(name, value as StartValues[typeof name])}
              />
              <fieldset className={formStyles.group}>
                <legend>{texts.start.deadlineTitle}</legend>
                <div className={formStyles.grid}>
                  <Field
                    name="deadlineHours"
                    label={texts.start.deadline}
                    hint={texts.start.deadlineHint}
                    error={draft.errors.deadlineHours}
                    className={formStyles.wide}
                  >
                    {(a11y) => (
                      <select
                        {...a11y}
                        name="deadlineHours"
                        value={draft.values.deadlineHours}
                        onChange={(e) => change('deadlineHours', e.target.value)}
                      >
                        {GROUP_RULES.DEADLINE_HOURS.map((hours) => (
                          <option key={hours} value={String(hours)}>
                            {texts.start.deadlineOptions[hours]}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <MaxPriceField
                    currency={currencyOf(offer, config)}
                    value={draft.values.maxUnitPrice}
                    error={draft.errors.maxUnitPrice}
                    onChange={(value) => change('maxUnitPrice', value)}
                  />
                </div>
              </fieldset>
              <GroupFormEnd
                draft={draft}
                ready={ready}
                sendingText={texts.start.submitting}
                submitText={texts.start.submit}
                onTermsChange={(checked) => change('acceptedTerms', checked)}
              />
            </OrderForm>
          </div>
        </>
      )}
    </Page>
  );
}

function currencyOf(offer: Priced, config: CalculatorConfig): string {
  if (offer.status === 'ready' && offer.best) return offer.best.Currency === 'CHF' ? 'CHF' : '€';
  return config.CountryId === 3 ? 'CHF' : '€';
}

function StartSummary({
  config,
  place,
  offer,
  changeHref,
  className,
}: {
  config: CalculatorConfig;
  place: string;
  offer: Priced;
  changeHref: string;
  className?: string;
}) {
  const best = offer.status === 'ready' ? offer.best : null;
  return (
    <section className={`${styles.card} ${className ?? ''}`} aria-labelledby="group-start-summary">
      <h2 id="group-start-summary" className={styles.cardTitle}>
        {texts.start.summaryTitle}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{texts.start.zip}</dt>
          <dd data-testid="group-start-zip">
            {texts.start.zipValue(config.ZipCode, place.trim())}
          </dd>
        </div>
        <div>
          <dt>{texts.start.amount}</dt>
          <dd>{`${formatQuantity(config.Amount)} Liter`}</dd>
        </div>
        <div>
          <dt>{texts.start.product}</dt>
          {/* Reserved while the price is calculated: the rows below do not move. */}
          <dd>{best?.ProductName ?? '…'}</dd>
        </div>
        <div>
          <dt>{texts.start.payment}</dt>
          <dd>{best?.PaymentName ?? '…'}</dd>
        </div>
        <div>
          <dt>{texts.start.bestAlone}</dt>
          <dd data-testid="group-start-best">
            {best
              ? texts.start.bestAloneValue(
                  formatPrice(best.UnitPrice, best.Currency),
                  best.DealerName,
                )
              : '…'}
          </dd>
        </div>
      </dl>
      {offer.status === 'loading' && (
        <p className={styles.muted} role="status">
          {texts.start.loading}
        </p>
      )}
      {offer.status === 'ready' && !best && <p className={styles.note}>{texts.start.noOffer}</p>}
      {offer.status === 'error' && <p className={styles.note}>{texts.start.priceError}</p>}
      <ul className={styles.principle}>
        {texts.principle.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>
        <Link to={changeHref}>{texts.start.change}</Link>
      </p>
    </section>
  );
}
