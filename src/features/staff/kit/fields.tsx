/**
 * Form parts of the staff screens: a labelled field with hint and error wired to the
 * control (aria-describedby, aria-invalid), the one input look (`inputClass`), the actions row
 * and the message after a save.
 */
import { useId, type ComponentProps, type ReactNode } from 'react';
import styles from './kit.module.css';

export const inputClass: string = styles.input ?? '';
export const formGridClass = styles.formGrid;
/** A field that spans the whole form grid. */
export const wideClass = styles.wide;

export interface FieldA11y {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  className: string;
}

export interface FieldProps {
  label: string;
  hint?: string;
  error?: string;
  /** Spans both columns of the form grid. */
  wide?: boolean;
  children: (a11y: FieldA11y) => ReactNode;
}

export function Field({ label, hint, error, wide, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        'aria-describedby': describedBy,
        ...(error ? { 'aria-invalid': true as const } : {}),
        className: inputClass,
      })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A one-line text field, the most common Field. */
export function TextField({
  value,
  maxLength,
  onChange,
  ...field
}: Omit<FieldProps, 'children'> & {
  value: string;
  maxLength?: number;
  onChange: (value: string) => void;
}) {
  return (
    <Field {...field}>
      {(a11y) => (
        <input
          {...a11y}
          type="text"
          value={value}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A checkbox with its label to the right. */
export function CheckField({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.check} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A group of radio buttons or checkboxes with its legend, hint and error; `grid`: in columns
 * (many choices, e.g. roles), else in one wrapping row.
 */
export function ChoiceGroup({
  legend,
  hint,
  error,
  grid = false,
  children,
}: {
  legend: string;
  hint?: string;
  error?: string;
  grid?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy || undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.choices} data-layout={grid ? 'grid' : 'row'}>
        {children}
      </div>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One radio button or checkbox of a ChoiceGroup, its label to the right. */
export function Choice({ label, ...input }: { label: string } & ComponentProps<'input'>) {
  return (
    <label className={styles.choice}>
      <input {...input} />
      {label}
    </label>
  );
}

export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.formActions}>{children}</div>;
}

/** The outcome of a save: an error is an alert, a success a polite status. */
export function FormMessage({
  kind,
  children,
}: {
  kind: 'error' | 'success';
  children: ReactNode;
}) {
  return (
    <p className={styles.message} data-kind={kind} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'brand';

/** A short status word in a table (aktiv, Entwurf, gesperrt …). */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={styles.badge} data-tone={tone}>
      {children}
    </span>
  );
}
