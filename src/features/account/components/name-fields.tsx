/**
 * Salutation and names, as both the personal data and the address form ask them: the salutation
 * first, then the one field that differs between the two (the academic title, the company), then
 * first and last name.
 */
import type { ChangeEvent, ReactNode } from 'react';
import { SALUTATIONS } from '../../../api/contract/orders';
import type { FieldErrors } from '../form-errors';
import { texts } from '../texts';
import { SelectField, TextField } from './field';

const SALUTATION_OPTIONS = SALUTATIONS.map((s) => ({ value: s, label: texts.salutations[s] ?? s }));

type NameKey = 'Title1' | 'FirstName' | 'LastName';

/** The keys of a form's values that hold any text (not a fixed choice, not a number). */
type TextKey<V> = { [K in keyof V]: string extends V[K] ? K : never }[keyof V] & string;

/** The props that tie a field to a form's value under `key`: name, value, its message, its setter. */
export function binder<V>(
  values: V,
  errors: FieldErrors,
  set: (key: TextKey<V>, value: string) => void,
) {
  return (key: TextKey<V>) => ({
    name: key,
    value: values[key] as string,
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(key, e.target.value),
  });
}

export function NameFields({
  values,
  errors,
  set,
  second,
}: {
  values: Record<NameKey, string>;
  errors: FieldErrors;
  set: (key: NameKey, value: string) => void;
  /** The field between the salutation and the first name. */
  second: ReactNode;
}) {
  const bind = binder(values, errors, set);
  return (
    <>
      <SelectField label={texts.personal.title1} options={SALUTATION_OPTIONS} {...bind('Title1')} />
      {second}
      <TextField
        label={texts.personal.firstName}
        autoComplete="given-name"
        required
        {...bind('FirstName')}
      />
      <TextField
        label={texts.personal.lastName}
        autoComplete="family-name"
        required
        {...bind('LastName')}
      />
    </>
  );
}

/** After React has rendered the messages and aria-invalid: the first field in error gets the focus. */
export function focusFirstError(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
