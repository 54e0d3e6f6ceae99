/**
 * The fields of the group-order forms, shaped like the checkout's: a label (with a visible mark
 * when required; assistive technology hears aria-required), the control, the field's own German
 * message (aria-invalid + aria-describedby) and a hint. Ids are `group-<field>`, so a page can
 * move the focus to the first field with an error.
 */
import type { ReactNode } from 'react';
import { REQUIRED_FIELDS, type FieldErrors, type FieldName, type HouseholdValues } from '../form';
import { texts } from '../texts';
import {
  AddressGrid,
  OrderField,
  RequiredMark,
  type OrderFieldProps,
} from '../../../ui/order-form/fields';
import { formStyles as styles } from './form-styles';

export const fieldId = (name: FieldName) => `group-${name}`;

/** Moves the focus to a field (the first with an error). */
export function focusField(name: FieldName | undefined): void {
  if (!name) return;
  document.getElementById(fieldId(name))?.focus();
}

export type { FieldA11y } from '../../../ui/order-form/fields';
export { RequiredMark };

/** A group-order field: the order form's field with the group forms' id and required set. */
export function Field({
  name,
  ...props
}: Omit<OrderFieldProps, 'id' | 'required'> & { name: FieldName }) {
  return <OrderField id={fieldId(name)} required={REQUIRED_FIELDS.has(name)} {...props} />;
}

type TextName = Exclude<keyof HouseholdValues, 'acceptedTerms' | 'title1'>;

export type HouseholdChange = <K extends keyof HouseholdValues>(
  name: K,
  value: HouseholdValues[K],
) => void;

/**
 * Address, contact and notes for the tanker. `zip`: the organiser's postal code is the
 * configuration's (read-only, the price is for it); a neighbour types theirs.
 */
export function HouseholdFields({
  values,
  errors,
  zip,
  onChange,
}: {
  values: HouseholdValues;
  errors: FieldErrors;
  zip: { fixed: string } | { hint: string };
  onChange: HouseholdChange;
}) {
  const text = (
    name: TextName,
    label: string,
    input: {
      autoComplete: string;
      type?: string;
      inputMode?: 'tel' | 'email' | 'text' | 'numeric';
    },
    extra: { hint?: ReactNode; className?: string } = {},
  ) => (
    <Field name={name} label={label} error={errors[name]} {...extra}>
      {(a11y) => (
        <input
          {...a11y}
          name={name}
          type={input.type ?? 'text'}
          inputMode={input.inputMode}
          autoComplete={input.autoComplete}
          value={values[name]}
          onChange={(e) => onChange(name, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <>
      <fieldset className={styles.group}>
        <legend>{texts.form.addressTitle}</legend>
        <AddressGrid
          values={values}
          errors={errors}
          idPrefix="group-"
          isRequired={(name) => REQUIRED_FIELDS.has(name)}
          onChange={onChange}
          zipCell={
            'fixed' in zip ? (
              <div className={`${styles.field} ${styles.short}`}>
                <label htmlFor={fieldId('zipCode')}>{texts.form.zip}</label>
                <input
                  id={fieldId('zipCode')}
                  value={zip.fixed}
                  readOnly
                  aria-describedby="group-zip-hint"
                  autoComplete="postal-code"
                />
                <p id="group-zip-hint" className={styles.hint}>
                  {texts.form.zipFixedHint}
                </p>
              </div>
            ) : (
              text(
                'zipCode',
                texts.form.zip,
                { autoComplete: 'postal-code', inputMode: 'numeric' },
                { className: styles.short },
              )
            )
          }
          after={
            'hint' in zip && (
              <p className={`${styles.hint} ${styles.wide} ${styles.gridHint}`}>{zip.hint}</p>
            )
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
          <Field
            name="accessNotes"
            label={texts.form.accessNotes}
            hint={texts.form.accessNotesHint}
            error={errors.accessNotes}
            className={styles.wide}
          >
            {(a11y) => (
              <textarea
                {...a11y}
                name="accessNotes"
                rows={3}
                maxLength={500}
                value={values.accessNotes}
                onChange={(e) => onChange('accessNotes', e.target.value)}
              />
            )}
          </Field>
        </div>
      </fieldset>
    </>
  );
}

/**
 * The group's terms (every household its own contract, nobody liable for another, left out above
 * the maximum price) with the required checkbox.
 */
export function GroupTerms({
  checked,
  error,
  onChange,
}: {
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const id = fieldId('acceptedTerms');
  return (
    <section className={styles.terms} aria-labelledby="group-terms-title">
      <h2 id="group-terms-title">{texts.terms.title}</h2>
      <ul className={styles.termsList}>
        <li>{texts.terms.own}</li>
        <li>{texts.terms.liability}</li>
        <li>{texts.terms.maxPrice}</li>
      </ul>
      <p>{texts.terms.intro}</p>
      <div className={styles.check}>
        <input
          id={id}
          type="checkbox"
          name="acceptedTerms"
          checked={checked}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'group-terms-error' : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>
          {texts.terms.checkbox}
          <RequiredMark />
        </label>
      </div>
      {error && (
        <p id="group-terms-error" className={styles.error}>
          {error}
        </p>
      )}
    </section>
  );
}

/** Above the submit button: the error count, a refusal, the offline queue, the sending state. */
export function SubmitMessages({
  errors,
  formError,
  phase,
  sendingText,
}: {
  errors: FieldErrors;
  formError: string | null;
  phase: string;
  sendingText: string;
}) {
  const errorCount = Object.values(errors).filter(Boolean).length;
  return (
    <>
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
      {phase === 'queued' && (
        <p className={styles.queued} role="status">
          {texts.queued}
        </p>
      )}
      {phase === 'submitting' && (
        <p className={styles.sending} role="status">
          {sendingText}
        </p>
      )}
    </>
  );
}
