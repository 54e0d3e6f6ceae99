/**
 * The frame of an order form: the form element (no browser bubbles: every field says its own
 * German message), the notes above the fields, the terms with their required checkbox, and
 * the actions with the error summary above the button.
 */
import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { RequiredMark, fieldId, type FieldSetup } from './fields';
import type { FieldErrors } from './model';
import { orderFormTexts as texts } from './texts';
import styles from './order-form.module.css';

export function OrderForm({
  label,
  labelledBy,
  className,
  prefilled,
  before,
  onSubmit,
  children,
}: {
  /** The form's accessible name: its own text, or the id of its heading. */
  label?: string;
  labelledBy?: string;
  className?: string;
  /** Fields came from the customer account: it says so. */
  prefilled: boolean;
  /** Above the notes (e.g. the login offer for guests). */
  before?: ReactNode;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={[styles.form, className].filter(Boolean).join(' ')}
      noValidate
      aria-label={label}
      aria-labelledby={labelledBy}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {before}
      {prefilled && <p className={styles.prefilled}>{texts.prefilled}</p>}
      <p className={styles.requiredNote}>{texts.requiredNote}</p>
      {children}
    </form>
  );
}

/** The terms (the form's own words in `children`) and the checkbox that accepts them. */
export function TermsCheck({
  setup,
  title,
  checkboxLabel,
  checked,
  error,
  onChange,
  children,
}: {
  setup: FieldSetup;
  title: string;
  checkboxLabel: string;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  const id = fieldId(setup, 'acceptedTerms');
  const titleId = `${setup.idPrefix}terms-title`;
  const errorId = `${setup.idPrefix}terms-error`;
  return (
    <section className={styles.terms} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className={styles.check}>
        <input
          id={id}
          type="checkbox"
          name="acceptedTerms"
          checked={checked}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>
          {checkboxLabel}
          <RequiredMark />
        </label>
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </section>
  );
}

/** How many fields to check (the messages stand at the fields) and a refusal no field owns. */
export function ErrorSummary({
  errors,
  formError,
}: {
  errors: FieldErrors<string>;
  formError: string | null;
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
    </>
  );
}

/** The button that sends; busy while it does (one send at a time). */
export function SubmitButton({
  busy,
  disabled = busy,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" block disabled={disabled} aria-busy={busy}>
      {children}
    </Button>
  );
}
