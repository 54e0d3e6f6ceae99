/**
 * The delivery form: address (postal code fixed: the price was calculated for it), contact,
 * the delivery day, notes for the tanker, the terms with their required checkbox, and the order button. Every
 * field shows its own German message (aria-invalid + aria-describedby); the values come from the
 * checkout store, so nothing typed is lost on an error or a reload.
 */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { CalculatorConfig } from '../../../api/contract/calculation';
import { Button } from '../../../ui/button/button';
import { REQUIRED_FIELDS, type CheckoutValues, type FieldName } from '../form';
import { checkoutState } from '../store';
import { texts } from '../texts';
import { DeliveryDateField } from './delivery-date-field';
import {
  AddressGrid,
  OrderField,
  RequiredMark,
  type OrderFieldProps,
} from '../../../ui/order-form/fields';
import styles from '../../../ui/order-form/order-form.module.css';

export type FieldChange = <K extends FieldName>(name: K, value: CheckoutValues[K]) => void;

/** A checkout field: the order form's field with the checkout's id and required set. */
function Field({ name, ...props }: Omit<OrderFieldProps, 'id' | 'required'> & { name: FieldName }) {
  return <OrderField id={`checkout-${name}`} required={REQUIRED_FIELDS.has(name)} {...props} />;
}

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
  const errorCount = Object.values(errors).filter(Boolean).length;

  const text = (
    name: Exclude<FieldName, 'acceptedTerms' | 'title1'>,
    label: string,
    input: { autoComplete: string; type?: string; inputMode?: 'tel' | 'email' | 'text' },
    extra: { hint?: ReactNode; className?: string } = {},
  ) => (
    <Field name={name} label={label} error={errors[name]} {...extra}>
      {(aria) => (
        <input
          {...aria}
          name={name}
          type={input.type ?? 'text'}
          inputMode={input.inputMode}
          autoComplete={input.autoComplete}
          value={values[name]}
          onChange={(e) => onFieldChange(name, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={texts.title}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {loginHref && (
        <p className={styles.login}>
          {texts.form.loginHint} <a href={loginHref}>{texts.form.login}</a> {texts.form.loginRest}
        </p>
      )}
      {prefilled && !loginHref && <p className={styles.prefilled}>{texts.form.prefilled}</p>}
      <p className={styles.requiredNote}>{texts.form.requiredNote}</p>

      <fieldset className={styles.group}>
        <legend>{texts.form.addressTitle}</legend>
        <AddressGrid
          values={values}
          errors={errors}
          idPrefix="checkout-"
          isRequired={(name) => REQUIRED_FIELDS.has(name)}
          onChange={onFieldChange}
          zipCell={
            <div className={`${styles.field} ${styles.short}`}>
              <label htmlFor="checkout-zip">{texts.form.zip}</label>
              <input
                id="checkout-zip"
                value={config.ZipCode}
                readOnly
                aria-describedby="checkout-zip-hint"
                autoComplete="postal-code"
              />
              <p id="checkout-zip-hint" className={styles.hint}>
                {texts.form.zipHint}
              </p>
            </div>
          }
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{texts.form.contactTitle}</legend>
        <div className={styles.grid}>
          {text(
            'email',
            texts.form.email,
            { autoComplete: 'email', type: 'email', inputMode: 'email' },
            { hint: texts.form.emailHint, className: styles.wide },
          )}
          {text(
            'phone',
            texts.form.phone,
            { autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
            { hint: texts.form.phoneHint, className: styles.wide },
          )}
        </div>
      </fieldset>

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
        <Field
          name="accessNotes"
          label={texts.form.accessNotes}
          hint={texts.form.accessNotesHint}
          error={errors.accessNotes}
        >
          {(aria) => (
            <textarea
              {...aria}
              name="accessNotes"
              rows={3}
              maxLength={500}
              value={values.accessNotes}
              onChange={(e) => onFieldChange('accessNotes', e.target.value)}
            />
          )}
        </Field>
      </fieldset>

      <section className={styles.terms} aria-labelledby="checkout-terms-title">
        <h2 id="checkout-terms-title">{texts.terms.title}</h2>
        <p>{texts.terms.intro}</p>
        <p>{texts.terms.withdrawal}</p>
        <div className={styles.check}>
          <input
            id="checkout-acceptedTerms"
            type="checkbox"
            name="acceptedTerms"
            checked={values.acceptedTerms}
            aria-required
            aria-invalid={errors.acceptedTerms ? true : undefined}
            aria-describedby={errors.acceptedTerms ? 'checkout-terms-error' : undefined}
            onChange={(e) => onFieldChange('acceptedTerms', e.target.checked)}
          />
          <label htmlFor="checkout-acceptedTerms">
            {texts.terms.checkbox(dealerName)}
            <RequiredMark />
          </label>
        </div>
        {errors.acceptedTerms && (
          <p id="checkout-terms-error" className={styles.error}>
            {errors.acceptedTerms}
          </p>
        )}
      </section>

      <div className={styles.actions}>
        {errorCount > 0 && (
          <p className={styles.summaryError} role="alert">
            {texts.errorSummary(errorCount)}
          </p>
        )}
        {formError && (
          <p className={styles.summaryError} role="alert">
            {formError}
          </p>
        )}
        {phase === 'networkError' && (
          <p className={styles.summaryError} role="alert">
            {texts.networkError}
          </p>
        )}
        {/* § 312j Abs. 3 BGB: the button that orders says so, in every state. */}
        <Button type="submit" size="lg" block disabled={submitting} aria-busy={submitting}>
          {texts.submit}
        </Button>
        {submitting && (
          <p className={styles.sending} role="status">
            {texts.submitting}
          </p>
        )}
      </div>
    </form>
  );
}
