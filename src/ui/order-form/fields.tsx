/**
 * The fields of the order forms (checkout, starting and joining a group order): a label with a
 * visible mark when required (assistive technology hears aria-required), the control, the
 * field's own German message (aria-invalid + aria-describedby) and a hint; the delivery address
 * grid every form asks in the same order with the same words; the postal code (fixed by the
 * price, or typed); contact; the notes for the tanker. Ids are `${idPrefix}${name}`: a form moves
 * the focus to the first field with an error by them.
 */
import { useId, type ReactNode } from 'react';
import { SALUTATIONS } from '../../api/contract/orders';
import type { AddressFieldName, AddressValues, FieldErrors, HouseholdValues } from './model';
import { orderFormTexts as texts } from './texts';
import styles from './order-form.module.css';

/** What a form tells its fields: the prefix of their ids and which are required. */
export interface FieldSetup {
  idPrefix: string;
  /** The fields the form's check refuses empty (model.ts requiredFieldsOf). */
  required: ReadonlySet<string>;
}

export const fieldId = (setup: FieldSetup, name: string) => `${setup.idPrefix}${name}`;

/** Moves the focus to a field (the first with an error). */
export function focusField(setup: FieldSetup, name: string | undefined): void {
  if (!name) return;
  document.getElementById(fieldId(setup, name))?.focus();
}

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

/** A form's field by name: its id and required mark from the form's setup. */
export function Field({
  setup,
  name,
  ...props
}: Omit<OrderFieldProps, 'id' | 'required'> & { setup: FieldSetup; name: string }) {
  return <OrderField id={fieldId(setup, name)} required={setup.required.has(name)} {...props} />;
}

export interface TextInput {
  autoComplete: string;
  type?: string;
  inputMode?: 'tel' | 'email' | 'text' | 'numeric' | 'decimal';
}

/** A one-line text field bound to a form value. */
export function TextField({
  setup,
  name,
  label,
  value,
  error,
  input,
  hint,
  className,
  onChange,
}: {
  setup: FieldSetup;
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  input: TextInput;
  hint?: ReactNode;
  className?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field setup={setup} name={name} label={label} error={error} hint={hint} className={className}>
      {(a11y) => (
        <input
          {...a11y}
          name={name}
          type={input.type ?? 'text'}
          inputMode={input.inputMode}
          autoComplete={input.autoComplete}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** The postal code the price was calculated for: shown, not typed. */
export function FixedZipField({
  id,
  hintId,
  value,
  hint,
}: {
  id: string;
  hintId: string;
  value: string;
  hint: string;
}) {
  return (
    <div className={`${styles.field} ${styles.short}`}>
      <label htmlFor={id}>{texts.zip}</label>
      <input id={id} value={value} readOnly aria-describedby={hintId} autoComplete="postal-code" />
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
    </div>
  );
}

/** A field of its own: the form's setup, its value and error, and its change. */
interface OneField {
  setup: FieldSetup;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A postal code the household types (the server judges whether it may take part). */
export function TypedZipField({ setup, value, error, onChange }: OneField) {
  return (
    <TextField
      setup={setup}
      name="zipCode"
      label={texts.zip}
      value={value}
      error={error}
      input={{ autoComplete: 'postal-code', inputMode: 'numeric' }}
      className={styles.short}
      onChange={onChange}
    />
  );
}

/**
 * Salutation, names, company, street and house number, then `zipCell` (the form's own postal
 * code: FixedZipField or TypedZipField), then the place.
 */
export function AddressGrid<V extends AddressValues>({
  setup,
  values,
  errors,
  onChange,
  zipCell,
  after,
}: {
  setup: FieldSetup;
  values: V;
  errors: FieldErrors<AddressFieldName>;
  /** The form's own setter (its values have these fields among others). */
  onChange: <K extends AddressFieldName>(name: K, value: V[K]) => void;
  zipCell: ReactNode;
  /** A last cell (a hint for the whole address). */
  after?: ReactNode;
}) {
  const text = (
    name: Exclude<AddressFieldName, 'title1'>,
    autoComplete: string,
    className: string | undefined,
  ) => (
    <TextField
      setup={setup}
      name={name}
      label={texts.address[name]}
      value={values[name]}
      error={errors[name]}
      input={{ autoComplete }}
      className={className}
      onChange={(value) => onChange(name, value as V[typeof name])}
    />
  );
  return (
    <div className={styles.grid}>
      <Field
        setup={setup}
        name="title1"
        label={texts.address.title1}
        error={errors.title1}
        className={styles.short}
      >
        {(a11y) => (
          <select
            {...a11y}
            name="title1"
            autoComplete="honorific-prefix"
            value={values.title1}
            onChange={(e) => onChange('title1', e.target.value as V['title1'])}
          >
            {SALUTATIONS.map((s) => (
              <option key={s} value={s}>
                {s || texts.address.title1None}
              </option>
            ))}
          </select>
        )}
      </Field>
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

/** The delivery address as a fieldset of its own, under the form's legend. */
export function AddressFieldset<V extends AddressValues>({
  legend,
  ...grid
}: Parameters<typeof AddressGrid<V>>[0] & { legend: string }) {
  return (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      <AddressGrid {...grid} />
    </fieldset>
  );
}

export type HouseholdChange = <K extends keyof HouseholdValues>(
  name: K,
  value: HouseholdValues[K],
) => void;

/** The input attributes of the contact fields: the keyboard and what the browser may fill in. */
const CONTACT_INPUTS = {
  email: { autoComplete: 'email', type: 'email', inputMode: 'email' },
  phone: { autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
} as const;

/** E-mail (the form says what it is for) and phone; `children` join the grid (the notes). */
export function ContactFields({
  setup,
  values,
  errors,
  emailHint,
  onChange,
  children,
}: {
  setup: FieldSetup;
  values: Pick<HouseholdValues, 'email' | 'phone'>;
  errors: FieldErrors<'email' | 'phone'>;
  emailHint: string;
  onChange: (name: 'email' | 'phone', value: string) => void;
  children?: ReactNode;
}) {
  return (
    <fieldset className={styles.group}>
      <legend>{texts.contactTitle}</legend>
      <div className={styles.grid}>
        {(['email', 'phone'] as const).map((name) => (
          <TextField
            key={name}
            setup={setup}
            name={name}
            label={texts[name]}
            value={values[name]}
            error={errors[name]}
            input={CONTACT_INPUTS[name]}
            hint={name === 'email' ? emailHint : texts.phoneHint}
            className={styles.wide}
            onChange={(value) => onChange(name, value)}
          />
        ))}
        {children}
      </div>
    </fieldset>
  );
}

/** "Tank im Keller, Zugang über Hof": what the tanker driver should know. */
export function AccessNotesField({
  setup,
  value,
  error,
  className,
  onChange,
}: OneField & { className?: string }) {
  return (
    <Field
      setup={setup}
      name="accessNotes"
      label={texts.accessNotes}
      hint={texts.accessNotesHint}
      error={error}
      className={className}
    >
      {(a11y) => (
        <textarea
          {...a11y}
          name="accessNotes"
          rows={3}
          maxLength={500}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
