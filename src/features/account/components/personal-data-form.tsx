/**
 * Salutation, academic title, names and phone (SPEC §3 Logged-in user title1/title2). Saved with
 * PUT /api/jwt/kunde/persoenliche-daten; the form keeps what was typed when saving fails.
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client';
import {
  PersonalDataUpdateSchema,
  type PersonalData,
  type PersonalDataUpdate,
} from '../../../api/contract/customer';
import { Button } from '../../../ui/button/button';
import { savePersonalData } from '../api';
import { check, errorsOfServerIssues, type FieldErrors } from '../form-errors';
import { texts } from '../texts';
import styles from '../account.module.css';
import { TextField } from './field';
import { binder, focusFirstError, NameFields } from './name-fields';

type Values = Record<keyof PersonalDataUpdate, string>;

const valuesOf = (data: PersonalData): Values => ({
  Title1: data.Title1,
  Title2: data.Title2,
  FirstName: data.FirstName,
  LastName: data.LastName,
  Phone: data.Phone,
});

export function PersonalDataForm({
  data,
  onSaved,
}: {
  data: PersonalData;
  onSaved: (data: PersonalData) => void;
}) {
  const [saved, setSaved] = useState<Values>(() => valuesOf(data));
  const [values, setValues] = useState<Values>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<
    { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string }
  >({ kind: 'idle' });
  const dirty = (Object.keys(values) as (keyof Values)[]).some((k) => values[k] !== saved[k]);

  const set = (key: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
    if (status.kind === 'saved') setStatus({ kind: 'idle' });
  };

  const bind = binder(values, errors, set);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'saving') return;
    const form = event.currentTarget;
    const checked = check(PersonalDataUpdateSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(form);
      return;
    }
    setStatus({ kind: 'saving' });
    try {
      const result = await savePersonalData(checked.value);
      const next = valuesOf(result);
      setSaved(next);
      setValues(next);
      setErrors({});
      setStatus({ kind: 'saved' });
      onSaved(result);
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        setErrors(errorsOfServerIssues(error.issues));
        focusFirstError(form);
      }
      setStatus({
        kind: 'error',
        message: error instanceof Error ? error.message : texts.networkError,
      });
    }
  }

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
      <div className={styles.grid}>
        <NameFields
          values={values}
          errors={errors}
          set={set}
          second={
            <TextField
              label={texts.personal.title2}
              autoComplete="honorific-prefix"
              placeholder={texts.personal.title2Placeholder}
              {...bind('Title2')}
            />
          }
        />
        <TextField
          label={texts.personal.phone}
          type="tel"
          autoComplete="tel"
          hint={texts.personal.phoneHint}
          {...bind('Phone')}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" aria-disabled={status.kind === 'saving' || undefined}>
          {status.kind === 'saving' ? texts.personal.saving : texts.personal.save}
        </Button>
        <p className={styles.status} role="status">
          {status.kind === 'saved'
            ? `${texts.personal.saved} ${texts.personal.nameInTokenHint}`
            : dirty
              ? texts.personal.unsaved
              : ''}
        </p>
      </div>
      {status.kind === 'error' && (
        <p className={styles.error} role="alert">
          {status.message}
        </p>
      )}
    </form>
  );
}
