/**
 * Add or edit an address (SPEC §2 account partial addEditAddressModal) in the shared modal.
 * Checked in the browser with the contract schema and the country's postal-code pattern; the
 * server decides whether the code exists and its answer lands on the same field. Input is kept
 * on every failure (no lost input); the dialog closes only after the server saved.
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client';
import type { Address, AddressInput, AddressKind } from '../../../api/contract/customer';
import { LOCALES, type CountryId } from '../../../lib/locale';
import { Button } from '../../../ui/button/button';
import { CloseButton, Modal } from '../../../ui/modal/modal';
import { addAddress, editAddress } from '../api';
import { checkAddress, errorsOfServerIssues, type FieldErrors } from '../form-errors';
import { texts } from '../texts';
import styles from '../account.module.css';
import { SelectField, TextField } from './field';
import { binder, focusFirstError, NameFields } from './name-fields';

type Values = Record<Exclude<keyof AddressInput, 'CountryId' | 'Kind'>, string> & {
  Kind: AddressKind;
  CountryId: CountryId;
};

export interface AddressPrefill {
  title1: string;
  firstName: string;
  lastName: string;
  phone: string;
}

function initialValues(
  address: Address | null,
  kind: AddressKind,
  countryId: CountryId,
  prefill: AddressPrefill,
): Values {
  if (address) {
    return {
      Kind: address.Kind,
      Title1: address.Title1,
      FirstName: address.FirstName,
      LastName: address.LastName,
      Company: address.Company,
      Street: address.Street,
      HouseNumber: address.HouseNumber,
      ZipCode: address.ZipCode,
      Place: address.Place,
      CountryId: (address.CountryId as CountryId) || countryId,
      Phone: address.Phone,
    };
  }
  return {
    Kind: kind,
    Title1: prefill.title1,
    FirstName: prefill.firstName,
    LastName: prefill.lastName,
    Company: '',
    Street: '',
    HouseNumber: '',
    ZipCode: '',
    Place: '',
    CountryId: countryId,
    Phone: prefill.phone,
  };
}

const COUNTRY_OPTIONS = Object.values(LOCALES).map((l) => ({
  value: l.countryId,
  label: l.countryName,
}));

export interface AddressModalProps {
  open: boolean;
  /** null: add a new address. */
  address: Address | null;
  defaultKind: AddressKind;
  countryId: CountryId;
  prefill: AddressPrefill;
  onClose: () => void;
  onSaved: (address: Address, added: boolean) => void;
}

export function AddressModal(props: AddressModalProps) {
  const { open, address, onClose } = props;
  const title = address ? texts.addressForm.editTitle : texts.addressForm.addTitle;
  return (
    <Modal open={open} title={title} width="lg" onClose={onClose}>
      {/* Remounted per opening, so a new dialog starts from the address it edits. */}
      {open && <AddressForm key={address?.Id ?? 'new'} {...props} />}
    </Modal>
  );
}

function AddressForm({
  address,
  defaultKind,
  countryId,
  prefill,
  onClose,
  onSaved,
}: AddressModalProps) {
  const [values, setValues] = useState<Values>(() =>
    initialValues(address, defaultKind, countryId, prefill),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const locale = Object.values(LOCALES).find((l) => l.countryId === values.CountryId);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // The message of a field goes once the field is changed.
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const bind = binder(values, errors, set);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const checked = checkAddress(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(texts.addressForm.fixErrors);
      focusFirstError(event.currentTarget);
      return;
    }
    setSaving(true);
    setFormError(null);
    const form = event.currentTarget;
    try {
      const saved = address
        ? await editAddress(address.Id, checked.value)
        : await addAddress(checked.value);
      onSaved(saved, !address);
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        setErrors(errorsOfServerIssues(error.issues));
        setFormError(texts.addressForm.fixErrors);
        focusFirstError(form);
      } else {
        setFormError(error instanceof Error ? error.message : texts.networkError);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
      {/* In the dialog's corner, beside the title the shared modal renders. */}
      <CloseButton label={texts.addressForm.close} onClick={onClose} className={styles.close} />
      <fieldset className={styles.kindChoice}>
        <legend>{texts.addressForm.kind}</legend>
        {(['delivery', 'billing'] as const).map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name="Kind"
              value={kind}
              checked={values.Kind === kind}
              onChange={() => set('Kind', kind)}
            />
            {kind === 'delivery' ? texts.addresses.kindDelivery : texts.addresses.kindBilling}
          </label>
        ))}
      </fieldset>
      <div className={styles.grid}>
        <NameFields
          values={values}
          errors={errors}
          set={set}
          second={
            <TextField
              label={texts.addressForm.company}
              autoComplete="organization"
              {...bind('Company')}
            />
          }
        />
        <div className={styles.streetRow}>
          <TextField
            label={texts.addressForm.street}
            autoComplete="address-line1"
            required
            {...bind('Street')}
          />
          <TextField label={texts.addressForm.houseNumber} required {...bind('HouseNumber')} />
        </div>
        <div className={styles.placeRow}>
          <TextField
            label={texts.addressForm.zip}
            name="ZipCode"
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={locale?.zipLength ?? 5}
            required
            value={values.ZipCode}
            error={errors.ZipCode}
            // SPEC §5: the postal code field keeps digits only.
            onChange={(e) => set('ZipCode', e.target.value.replace(/\D+/g, ''))}
          />
          <TextField
            label={texts.addressForm.place}
            autoComplete="address-level2"
            required
            {...bind('Place')}
          />
        </div>
        <SelectField
          label={texts.addressForm.country}
          name="CountryId"
          value={values.CountryId}
          options={COUNTRY_OPTIONS}
          error={errors.CountryId}
          onChange={(e) => set('CountryId', Number(e.target.value) as CountryId)}
        />
        <TextField
          label={texts.addressForm.phone}
          type="tel"
          autoComplete="tel"
          {...bind('Phone')}
        />
      </div>
      {formError && (
        <p className={styles.error} role="alert">
          {formError}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" aria-disabled={saving || undefined}>
          {saving ? texts.addressForm.saving : texts.addressForm.save}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {texts.addressForm.cancel}
        </Button>
      </div>
    </form>
  );
}
