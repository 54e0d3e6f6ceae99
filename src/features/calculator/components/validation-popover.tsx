/**
 * SPEC §2: validation errors in a popover with a header and a list, over a blurred, darkened
 * overlay. A modal <dialog> with role="alertdialog": the browser traps focus and handles
 * Escape; each entry leads to its field, and closing goes to the first wrong field.
 */
import { useId, useRef } from 'react';
import type { Locale } from '../../../lib/locale';
import { CloseButton, dismissProps, useModalDialog } from '../../../ui/modal/modal';
import type { FieldErrors } from '../store';
import { amountErrorText, texts, zipErrorText } from '../texts';
import styles from './validation-popover.module.css';

export interface ValidationPopoverProps {
  errors: FieldErrors;
  locale: Pick<Locale, 'zipLength' | 'code' | 'countryName'>;
  onFix: (field: 'zip' | 'amount') => void;
  onClose: () => void;
}

export function ValidationPopover({ errors, locale, onFix, onClose }: ValidationPopoverProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref, true);
  const entries = [
    errors.zip && {
      field: 'zip' as const,
      label: texts.zipLabel,
      text: zipErrorText(errors.zip, locale),
    },
    errors.amount && {
      field: 'amount' as const,
      label: texts.amountLabel,
      text: amountErrorText(errors.amount),
    },
  ].filter((e) => e !== null);

  return (
    <dialog
      ref={(node) => {
        ref.current = node;
        // The browser focuses [autofocus] on showModal(); React only calls focus() itself.
        node?.querySelector('[data-autofocus]')?.setAttribute('autofocus', '');
      }}
      role="alertdialog"
      className={styles.popover}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-list`}
      {...dismissProps(onClose)}
    >
      <div className={styles.box}>
        <div className={styles.head}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path d="M12 7v6M12 16.5v.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
          <h2 id={`${id}-title`}>{texts.validation.header}</h2>
          <CloseButton
            label={texts.validation.close}
            onClick={onClose}
            className={styles.closeIcon}
            size={22}
          />
        </div>
        <ul id={`${id}-list`} className={styles.list}>
          {entries.map((entry) => (
            <li key={entry.field}>
              <strong>{entry.label}:</strong> {entry.text}
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={styles.fix}
          data-autofocus=""
          onClick={() => onFix(entries[0]?.field ?? 'zip')}
        >
          {texts.validation.fix}
        </button>
      </div>
    </dialog>
  );
}
