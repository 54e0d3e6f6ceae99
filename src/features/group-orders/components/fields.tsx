/**
 * The group-order forms' parts, of the order form kit (src/ui/order-form) as the checkout's:
 * ids are `group-<field>`, so a page can move the focus to the first field with an error.
 */
import {
  AccessNotesField,
  AddressFieldset,
  ContactFields,
  ErrorSummary,
  Field as OrderFormField,
  FixedZipField,
  SubmitButton,
  focusField as focusOrderField,
  TermsCheck,
  TypedZipField,
  type FieldSetup,
} from '../../../ui/order-form';
import { REQUIRED_FIELDS, type FieldErrors, type FieldName, type HouseholdValues } from '../form';
import { texts } from '../texts';
import { formStyles as styles } from './form-styles';
import pageStyles from '../group-orders.module.css';

export const groupSetup: FieldSetup = { idPrefix: 'group-', required: REQUIRED_FIELDS };

/** Moves the focus to a field (the first with an error). */
export function focusField(name: FieldName | undefined): void {
  focusOrderField(groupSetup, name);
}

/** A group-order field: the order form's field with the group forms' id and required set. */
export function Field(
  props: Omit<Parameters<typeof OrderFormField>[0], 'setup' | 'name'> & { name: FieldName },
) {
  return <OrderFormField setup={groupSetup} {...props} />;
}

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
  return (
    <>
      <AddressFieldset
        legend={texts.form.addressTitle}
        setup={groupSetup}
        values={values}
        errors={errors}
        onChange={onChange}
        zipCell={
          'fixed' in zip ? (
            <FixedZipField
              id="group-zipCode"
              hintId="group-zip-hint"
              value={zip.fixed}
              hint={texts.form.zipFixedHint}
            />
          ) : (
            <TypedZipField
              setup={groupSetup}
              value={values.zipCode}
              error={errors.zipCode}
              onChange={(value) => onChange('zipCode', value)}
            />
          )
        }
        after={
          'hint' in zip && (
            <p className={`${styles.hint} ${styles.wide} ${styles.gridHint}`}>{zip.hint}</p>
          )
        }
      />
      <ContactFields
        setup={groupSetup}
        values={values}
        errors={errors}
        emailHint={texts.form.emailHint}
        onChange={onChange}
      >
        <AccessNotesField
          setup={groupSetup}
          value={values.accessNotes}
          error={errors.accessNotes}
          className={styles.wide}
          onChange={(value) => onChange('accessNotes', value)}
        />
      </ContactFields>
    </>
  );
}

/**
 * The group's terms (every household its own contract, nobody liable for another, left out above
 * the maximum price) with the required checkbox.
 */
function GroupTerms({
  checked,
  error,
  onChange,
}: {
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  return (
    <TermsCheck
      setup={groupSetup}
      title={texts.terms.title}
      checkboxLabel={texts.terms.checkbox}
      checked={checked}
      error={error}
      onChange={onChange}
    >
      <ul className={styles.termsList}>
        <li>{texts.terms.own}</li>
        <li>{texts.terms.liability}</li>
        <li>{texts.terms.maxPrice}</li>
      </ul>
      <p>{texts.terms.intro}</p>
    </TermsCheck>
  );
}

/** The maximum price per 100 L a household pays at most (suggested: today's plus 5 %). */
export function MaxPriceField({
  currency,
  value,
  error,
  onChange,
}: {
  currency: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      name="maxUnitPrice"
      label={texts.form.maxPrice(currency)}
      hint={texts.form.maxPriceHint}
      error={error}
      className={styles.wide}
    >
      {(a11y) => (
        <input
          {...a11y}
          name="maxUnitPrice"
          inputMode="decimal"
          autoComplete="off"
          className={pageStyles.priceInput}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/**
 * The end of both group forms: the terms, then above the button the error count, a refusal,
 * the offline queue and the sending state. `ready`: the draft is open for this group.
 */
export function GroupFormEnd({
  draft,
  ready,
  sendingText,
  submitText,
  onTermsChange,
}: {
  draft: {
    values: { acceptedTerms: boolean };
    errors: FieldErrors;
    formError: string | null;
    phase: string;
  };
  ready: boolean;
  sendingText: string;
  submitText: string;
  onTermsChange: (checked: boolean) => void;
}) {
  const submitting = draft.phase === 'submitting';
  return (
    <>
      <GroupTerms
        checked={draft.values.acceptedTerms}
        error={draft.errors.acceptedTerms}
        onChange={onTermsChange}
      />
      <div className={styles.actions}>
        <ErrorSummary errors={draft.errors} formError={draft.formError} />
        {draft.phase === 'queued' && (
          <p className={styles.queued} role="status">
            {texts.queued}
          </p>
        )}
        {submitting && (
          <p className={styles.sending} role="status">
            {sendingText}
          </p>
        )}
        <SubmitButton busy={submitting} disabled={submitting || !ready}>
          {submitText}
        </SubmitButton>
      </div>
    </>
  );
}
