/**
 * A neighbour joins: their own delivery address (their postal code, checked by the server: the
 * group's or one whose centre is at most 3 km away), litres, payment, maximum price, contact and
 * the group's terms. The draft is kept per group code (store.ts joinDraft): a reload keeps it,
 * offline it is sent once when the connection is back.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { GROUP_RULES, type GroupView } from '../../../api/contract/group-orders';
import { formatQuantity } from '../../../lib/format';
import { OrderForm } from '../../../ui/order-form';
import { fetchContactDefaults, joinGroup } from '../api';
import { priceInputText, suggestMaxUnitPrice } from '../format';
import { validateJoin, type JoinValues } from '../form';
import { prefillOf } from '../prefill';
import { joinDraft, type SendOutcome } from '../store';
import { texts } from '../texts';
import { useSendWhenOnline } from '../use-send-when-online';
import { Field, focusField, GroupFormEnd, HouseholdFields, MaxPriceField } from './fields';
import { formStyles } from './form-styles';
import styles from '../group-orders.module.css';

/** Litres that still fit the tanker. */
export function litresLeft(view: GroupView): number {
  return Math.max(0, GROUP_RULES.TOTAL_MAX - view.TotalAmount);
}

export function JoinForm({
  view,
  onOutcome,
  className,
}: {
  view: GroupView;
  onOutcome: (outcome: SendOutcome) => void;
  className?: string;
}) {
  const draft = useSnapshot(joinDraft.state, { sync: true });
  const code = view.Code;
  const maxAmount = litresLeft(view);
  const ready = draft.scope === code;
  const suggested = view.Offer ? priceInputText(suggestMaxUnitPrice(view.Offer.UnitPrice)) : '';
  const onlyPaymentId = view.PaymentOptions.length === 1 ? view.PaymentOptions[0]?.Id : undefined;

  useEffect(() => {
    joinDraft.open(code);
  }, [code]);

  // The account's contact and address, then what the group suggests.
  useEffect(() => {
    const controller = new AbortController();
    fetchContactDefaults(controller.signal)
      .then((defaults) => joinDraft.prefill(prefillOf(defaults, view.ZipCode, true)))
      .catch(() => {
        // A convenience: without it the neighbour types the address.
      })
      .finally(() => {
        if (!controller.signal.aborted) joinDraft.prefill({ zipCode: view.ZipCode }, false);
      });
    return () => controller.abort();
  }, [code, view.ZipCode]);

  useEffect(() => {
    joinDraft.prefill(
      {
        ...(suggested && { maxUnitPrice: suggested }),
        ...(onlyPaymentId !== undefined && { paymentParameterId: String(onlyPaymentId) }),
      },
      false,
    );
  }, [code, suggested, onlyPaymentId]);

  const check = (values: JoinValues) => validateJoin(values, { maxAmount });

  async function send() {
    const outcome = await joinDraft.send(check, (request) => joinGroup(code, request));
    if (outcome.kind === 'invalid') focusField(outcome.focus);
    onOutcome(outcome);
  }

  useSendWhenOnline(draft.phase, ready, () => void send());

  const change = <K extends keyof JoinValues>(name: K, value: JoinValues[K]) =>
    joinDraft.setField(name, value, check);
  const currency = view.Currency === 'CHF' ? 'CHF' : '€';

  return (
    <section
      className={`${styles.joinSection} ${className ?? ''}`}
      aria-labelledby="group-join-title"
    >
      <h2 id="group-join-title" className={styles.sectionTitle}>
        {texts.group.joinTitle}
      </h2>
      <p>{texts.group.joinLead}</p>
      <OrderForm
        labelledBy="group-join-title"
        prefilled={draft.prefilled}
        onSubmit={() => void send()}
      >
        <fieldset className={formStyles.group}>
          <legend>{texts.form.orderTitle}</legend>
          <div className={formStyles.grid}>
            <Field
              name="amount"
              label={texts.form.amount}
              hint={texts.form.amountHint(
                formatQuantity(GROUP_RULES.AMOUNT_MIN),
                formatQuantity(maxAmount),
              )}
              error={draft.errors.amount}
              className={formStyles.field}
            >
              {(a11y) => (
                <input
                  {...a11y}
                  name="amount"
                  inputMode="numeric"
                  autoComplete="off"
                  value={draft.values.amount}
                  onChange={(e) => change('amount', e.target.value)}
                />
              )}
            </Field>
            <Field
              name="paymentParameterId"
              label={texts.form.payment}
              error={draft.errors.paymentParameterId}
              className={formStyles.field}
            >
              {(a11y) => (
                <select
                  {...a11y}
                  name="paymentParameterId"
                  value={draft.values.paymentParameterId}
                  onChange={(e) => change('paymentParameterId', e.target.value)}
                >
                  <option value="">{texts.form.paymentChoose}</option>
                  {view.PaymentOptions.map((option) => (
                    <option key={option.Id} value={String(option.Id)}>
                      {option.Name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <MaxPriceField
              currency={currency}
              value={draft.values.maxUnitPrice}
              error={draft.errors.maxUnitPrice}
              onChange={(value) => change('maxUnitPrice', value)}
            />
          </div>
        </fieldset>
        <HouseholdFields
          values={draft.values}
          errors={draft.errors}
          zip={{ hint: texts.form.zipNeighbourHint(view.ZipCode, GROUP_RULES.NEIGHBOUR_KM) }}
          onChange={(name, value) => change(name, value as JoinValues[typeof name])}
        />
        <GroupFormEnd
          draft={draft}
          ready={ready}
          sendingText={texts.group.joining}
          submitText={texts.group.joinSubmit}
          onTermsChange={(checked) => change('acceptedTerms', checked)}
        />
      </OrderForm>
    </section>
  );
}
