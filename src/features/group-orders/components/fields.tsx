/**
 * The group-order forms' parts, of the order form kit (src/ui/order-form) as the checkout's:
 * ids are `group-<field>`, so a page can move the focus to the first field with an error.
 */
import {
  AccessNotesField,
  AddressGrid,
  ContactFields,
  ErrorSummary,
  Field as OrderFormField,
  FixedZipField,
  focusField as focusOrderField,
  TermsCheck,
  TypedZipField,
  type FieldSetup,
} from '../../../ui/order-form';
import { REQUIRED_FIELDS, type FieldErrors, type FieldName, type HouseholdValues } from '../form';
import { texts } from '../texts';
import { formStyles as styles } from './form-styles';

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
      <fieldset className={styles.group}>
        <legend>{texts.form.addressTitle}</legend>
        <AddressGrid
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
      </fieldset>
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
export function GroupTerms({
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
  return (
    <>
      <ErrorSummary errors={errors} formError={formError} />
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
