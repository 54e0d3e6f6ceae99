/**
 * Salutation and names, as both the personal data and the address form ask them: the salutation
 * first, then the one field that differs between the two (the academic title, the company), then
 * first and last name.
 */
import type { ReactNode } from 'react';
import { SALUTATIONS } from '../../../api/contract/orders';
import type { FieldErrors } from '../form-errors';
import { texts } from '../texts';
import { SelectField, TextField } from './field';

const SALUTATION_OPTIONS = SALUTATIONS.map((s) => ({ value: s, label: texts.salutations[s] ?? s }));

type NameKey = 'Title1' | 'FirstName' | 'LastName';

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
  return (
    <>
      <SelectField
        label={texts.personal.title1}
        name="Title1"
        value={values.Title1}
        options={SALUTATION_OPTIONS}
        error={errors.Title1}
        onChange={(e) => set('Title1', e.target.value)}
      />
      {second}
      <TextField
        label={texts.personal.firstName}
        name="FirstName"
        autoComplete="given-name"
        required
        value={values.FirstName}
        error={errors.FirstName}
        onChange={(e) => set('FirstName', e.target.value)}
      />
      <TextField
        label={texts.personal.lastName}
        name="LastName"
        autoComplete="family-name"
        required
        value={values.LastName}
        error={errors.LastName}
        onChange={(e) => set('LastName', e.target.value)}
      />
    </>
  );
}

/** After React has rendered the messages and aria-invalid: the first field in error gets the focus. */
export function focusFirstError(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
