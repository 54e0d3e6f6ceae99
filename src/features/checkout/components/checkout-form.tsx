/**
 * The delivery form, built of the order form kit (src/ui/order-form): address (postal code
 * fixed: the price was calculated for it), contact, the delivery day, notes for the tanker, the
 * terms with their required checkbox, and the order button. Every field shows its own German
 * message (aria-invalid + aria-describedby); the values come from the checkout store, so nothing
 * typed is lost on an error or a reload.
 */
import { useSnapshot } from 'valtio';
import type { CalculatorConfig } from '../../../api/contract/calculation';
import {
  AccessNotesField,
  AddressFieldset,
  ContactFields,
  ErrorSummary,
  FixedZipField,
  OrderForm,
  SubmitButton,
  TermsCheck,
  type FieldSetup,
} from '../../../ui/order-form';
import styles from '../../../ui/order-form/order-form.module.css';
import { REQUIRED_FIELDS, type CheckoutValues, type FieldName } from '../form';
import { checkoutState } from '../store';
import { texts } from '../texts';
import { DeliveryDateField } from './delivery-date-field';

export type FieldChange = <K extends FieldName>(name: K, value: CheckoutValues[K]) => void;

/** Ids `checkout-<field>`: the page moves the focus to the first field with an error by them. */
export const checkoutSetup: FieldSetup = { idPrefix: 'checkout-', required: REQUIRED_FIELDS };

export function CheckoutForm({
  config,
  dealerName,
  loginHref,
  onSubmit,
  onFieldChange,
}: {
  config: CalculatorConfig;
  dealerName: string;
  /** For guests: the legacy login page coming back here; null when logged in. */
  loginHref: string | null;
  onSubmit: () => void;
  onFieldChange: FieldChange;
}) {
  // sync: text inputs must see their own value at once, or the caret jumps (valtio docs).
  const { values, errors, phase, formError, prefilled, slots, slotTaken } = useSnapshot(
    checkoutState,
    { sync: true },
  );
  const submitting = phase === 'submitting';

  return (
    <OrderForm
      label={texts.title}
      prefilled={prefilled && !loginHref}
      before={
        loginHref && (
          <p className={styles.login}>
            {texts.form.loginHint} <a href={loginHref}>{texts.form.login}</a> {texts.form.loginRest}
          </p>
        )
      }
      onSubmit={onSubmit}
    >
      <AddressFieldset
        legend={texts.form.addressTitle}
        setup={checkoutSetup}
        values={values}
        errors={errors}
        onChange={onFieldChange}
        zipCell={
          <FixedZipField
            id="checkout-zip"
            hintId="checkout-zip-hint"
            value={config.ZipCode}
            hint={texts.form.zipHint}
          />
        }
      />

      <ContactFields
        setup={checkoutSetup}
        values={values}
        errors={errors}
        emailHint={texts.form.emailHint}
        onChange={onFieldChange}
      />

      {slots && (
        <DeliveryDateField
          slots={slots}
          value={values.deliveryDate}
          error={errors.deliveryDate}
          slotTaken={slotTaken}
          onChange={(date) => onFieldChange('deliveryDate', date)}
        />
      )}

      <fieldset className={styles.group}>
        <legend>{texts.form.deliveryTitle}</legend>
        <AccessNotesField
          setup={checkoutSetup}
          value={values.accessNotes}
          error={errors.accessNotes}
          onChange={(value) => onFieldChange('accessNotes', value)}
        />
      </fieldset>

      <TermsCheck
        setup={checkoutSetup}
        title={texts.terms.title}
        checkboxLabel={texts.terms.checkbox(dealerName)}
        checked={values.acceptedTerms}
        error={errors.acceptedTerms}
        onChange={(checked) => onFieldChange('acceptedTerms', checked)}
      >
        <p>{texts.terms.intro}</p>
        <p>{texts.terms.withdrawal}</p>
      </TermsCheck>

      <div className={styles.actions}>
        <ErrorSummary errors={errors} formError={formError} />
        {phase === 'networkError' && (
          <p className={styles.summaryError} role="alert">
            {texts.networkError}
          </p>
        )}
        {/* § 312j Abs. 3 BGB: the button that orders says so, in every state. */}
        <SubmitButton busy={submitting}>{texts.submit}</SubmitButton>
        {submitting && (
          <p className={styles.sending} role="status">
            {texts.submitting}
          </p>
        )}
      </div>
    </OrderForm>
  );
}
