/** One saved address as a card: the address, "Standard" badge, edit/delete/default actions. */
import { useState } from 'react';
import type { Address } from '../../../api/contract/customer';
import { LOCALES } from '../../../lib/locale';
import { texts } from '../texts';
import styles from '../account.module.css';

export function addressSummary(a: Address): string {
  return `${a.Street} ${a.HouseNumber}, ${a.ZipCode} ${a.Place}`;
}

export interface AddressCardProps {
  address: Address;
  highlighted: boolean;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}

export function AddressCard({
  address: a,
  highlighted,
  busy,
  onEdit,
  onDelete,
  onMakeDefault,
}: AddressCardProps) {
  const [confirming, setConfirming] = useState(false);
  const summary = addressSummary(a);
  const country = Object.values(LOCALES).find((l) => l.countryId === a.CountryId)?.countryName;
  const salutation = a.Title1 ? `${texts.salutations[a.Title1] ?? a.Title1} ` : '';
  return (
    <li
      id={`adresse-${a.Id}`}
      className={styles.addressCard}
      data-default={a.IsDefault}
      data-highlight={highlighted || undefined}
      tabIndex={highlighted ? -1 : undefined}
      aria-busy={busy || undefined}
    >
      <address>
        <strong>
          {salutation}
          {a.FirstName} {a.LastName}
        </strong>
        {a.IsDefault && <span className={styles.badge}>{texts.addresses.default}</span>}
        <br />
        {a.Company && (
          <>
            {a.Company}
            <br />
          </>
        )}
        {a.Street} {a.HouseNumber}
        <br />
        {a.ZipCode} {a.Place}
        {country && (
          <>
            <br />
            {country}
          </>
        )}
        {a.Phone && (
          <>
            <br />
            {a.Phone}
          </>
        )}
      </address>
      {confirming ? (
        <p
          className={styles.confirm}
          role="group"
          aria-label={texts.addresses.deleteLabel(summary)}
        >
          {texts.addresses.confirmDelete}
          <button
            type="button"
            className={`${styles.linkButton} ${styles.danger}`}
            disabled={busy}
            onClick={() => {
              setConfirming(false);
              onDelete();
            }}
          >
            {texts.addresses.confirmDeleteYes}
          </button>
          <button type="button" className={styles.linkButton} onClick={() => setConfirming(false)}>
            {texts.addresses.cancel}
          </button>
        </p>
      ) : (
        <div className={styles.cardActions}>
          <button
            type="button"
            className={styles.linkButton}
            aria-label={texts.addresses.editLabel(summary)}
            disabled={busy}
            onClick={onEdit}
          >
            {texts.addresses.edit}
          </button>
          {!a.IsDefault && (
            <button
              type="button"
              className={styles.linkButton}
              aria-label={texts.addresses.defaultLabel(summary)}
              disabled={busy}
              onClick={onMakeDefault}
            >
              {texts.addresses.makeDefault}
            </button>
          )}
          <button
            type="button"
            className={`${styles.linkButton} ${styles.danger}`}
            aria-label={texts.addresses.deleteLabel(summary)}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {texts.addresses.delete}
          </button>
        </div>
      )}
    </li>
  );
}
