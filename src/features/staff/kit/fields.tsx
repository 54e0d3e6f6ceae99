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

/** The ids of a control's hint and error, for its aria-describedby. */
function describedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

/** The hint and the error under a control, with the ids `describedBy` names. */
function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
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
    </>
  );
}

export function Field({ label, hint, error, wide, children }: FieldProps) {
  const id = useId();
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        'aria-describedby': describedBy(id, hint, error),
        ...(error ? { 'aria-invalid': true as const } : {}),
        className: inputClass,
      })}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * A one-line input, the most common Field: text unless `type` says otherwise (number, date …);
 * further input attributes (maxLength, min, inputMode …) pass through.
 */
export function TextField({
  label,
  hint,
  error,
  wide,
  value,
  onChange,
  ...input
}: Omit<FieldProps, 'children'> &
  Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'id' | 'className' | 'children'> & {
    value: string;
    onChange: (value: string) => void;
  }) {
  return (
    <Field label={label} hint={hint} error={error} wide={wide}>
      {(a11y) => (
        <input
          {...a11y}
          type="text"
          {...input}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** The input attributes of a whole number from `min` to `max`, for a TextField. */
export function wholeNumber(min: number, max: number) {
  return { type: 'number', inputMode: 'numeric', min, max } as const;
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
          aria-describedby={describedBy(id, hint)}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      <FieldNotes id={id} hint={hint} />
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
  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy(id, hint, error)}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.choices} data-layout={grid ? 'grid' : 'row'}>
        {children}
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
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
    <span className={`${styles.badge} ${styles[`badge-${tone}`]}`} data-tone={tone}>
      {children}
    </span>
  );
}
