/**
 * The fields of the order forms (checkout, group orders): a label with a visible mark when
 * required (assistive technology hears aria-required), the control, the field's own German
 * message (aria-invalid + aria-describedby) and a hint; and the delivery address grid both forms
 * ask in the same order with the same words.
 */
import { useId, type ReactNode } from 'react';
import { SALUTATIONS } from '../../api/contract/orders';
import styles from './order-form.module.css';

export interface FieldA11y {
  id: string;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface OrderFieldProps {
  /** The control's id (a page moves the focus to the first field with an error by it). */
  id: string;
  label: string;
  required: boolean;
  hint?: ReactNode;
  error: string | undefined;
  className?: string;
  children: (a11y: FieldA11y) => ReactNode;
}

export function OrderField({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: OrderFieldProps) {
  const base = useId();
  const hintId = hint ? `${base}-hint` : undefined;
  const errorId = error ? `${base}-error` : undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children({
        id,
        'aria-required': required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
      })}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** The visible mark of a required field; assistive technology hears aria-required instead. */
export function RequiredMark() {
  return (
    <span className={styles.required} aria-hidden="true">
      {' '}
      *
    </span>
  );
}

export type Salutation = (typeof SALUTATIONS)[number];

export interface AddressValues {
  title1: Salutation;
  firstName: string;
  lastName: string;
  company: string;
  street: string;
  houseNumber: string;
  place: string;
}
export type AddressFieldName = keyof AddressValues;

export const ADDRESS_LABELS = {
  title1: 'Anrede',
  title1None: 'keine Angabe',
  firstName: 'Vorname',
  lastName: 'Nachname',
  company: 'Firma (optional)',
  street: 'Straße',
  houseNumber: 'Hausnr.',
  place: 'Ort',
} as const;

/**
 * Salutation, names, company, street and house number, then `zipCell` (the form's own postal
 * code: fixed by the price, or typed), then the place. Ids are `${idPrefix}${name}`.
 */
export function AddressGrid<V extends AddressValues>({
  values,
  errors,
  idPrefix,
  isRequired,
  onChange,
  zipCell,
  after,
}: {
  values: V;
  errors: Partial<Record<AddressFieldName, string>>;
  idPrefix: string;
  isRequired: (name: AddressFieldName) => boolean;
  /** The form's own setter (its values have these fields among others). */
  onChange: <K extends AddressFieldName>(name: K, value: V[K]) => void;
  zipCell: ReactNode;
  /** A last cell (a hint for the whole address). */
  after?: ReactNode;
}) {
  const field = (
    name: AddressFieldName,
    className: string | undefined,
    control: (a11y: FieldA11y) => ReactNode,
  ) => (
    <OrderField
      id={`${idPrefix}${name}`}
      label={ADDRESS_LABELS[name]}
      required={isRequired(name)}
      error={errors[name]}
      className={className}
    >
      {control}
    </OrderField>
  );
  const text = (
    name: Exclude<AddressFieldName, 'title1'>,
    autoComplete: string,
    className: string | undefined,
  ) =>
    field(name, className, (a11y) => (
      <input
        {...a11y}
        name={name}
        type="text"
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => onChange(name, e.target.value as V[typeof name])}
      />
    ));
  return (
    <div className={styles.grid}>
      {field('title1', styles.short, (a11y) => (
        <select
          {...a11y}
          name="title1"
          autoComplete="honorific-prefix"
          value={values.title1}
          onChange={(e) => onChange('title1', e.target.value as V['title1'])}
        >
          {SALUTATIONS.map((s) => (
            <option key={s} value={s}>
              {s || ADDRESS_LABELS.title1None}
            </option>
          ))}
        </select>
      ))}
      {text('firstName', 'given-name', styles.short)}
      {text('lastName', 'family-name', styles.short)}
      {text('company', 'organization', styles.wide)}
      {text('street', 'address-line1', styles.street)}
      {text('houseNumber', 'off', styles.short)}
      {zipCell}
      {text('place', 'address-level2', styles.street)}
      {after}
    </div>
  );
}
