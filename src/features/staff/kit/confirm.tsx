/**
 * A second step before a change with consequences (delete an advert, lock an account, clear
 * every cache): the question gets the focus when it opens, so a keyboard or screen-reader user
 * lands on it. `DeleteConfirm` is the delete button of the edit forms with that step.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../ui/button/button';
import { FormMessage } from './fields';
import { kitTexts } from './texts';
import { errorMessage } from './use-staff-data';
import styles from './kit.module.css';

export function Confirm({
  question,
  detail,
  error,
  yes,
  no,
  busy,
  danger = false,
  onConfirm,
  onCancel,
}: {
  question: string;
  /** What goes with it (e.g. "Ihre 3 Einträge werden mit gelöscht"). */
  detail?: ReactNode;
  error?: string | null;
  yes: string;
  no: string;
  busy: boolean;
  /** A delete: red frame and a red confirm button; else a warning. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => questionRef.current?.focus(), []);
  return (
    <div
      className={styles.confirm}
      data-tone={danger ? 'danger' : 'warning'}
      role="group"
      aria-labelledby={id}
    >
      <p id={id} ref={questionRef} className={styles.confirmQuestion} tabIndex={-1}>
        {question}
      </p>
      {detail && <div className={styles.confirmDetail}>{detail}</div>}
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <div className={styles.row}>
        <Button
          className={danger ? styles.dangerSolid : undefined}
          disabled={busy}
          onClick={onConfirm}
        >
          {yes}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {no}
        </Button>
      </div>
    </div>
  );
}

export interface DeleteStep {
  question: string;
  detail: ReactNode;
  onConfirm: () => Promise<void>;
}

/** "Löschen", then the question with what goes with it, "Endgültig löschen" or "Abbrechen". */
export function DeleteConfirm({ question, detail, onConfirm }: DeleteStep) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!open) {
    return (
      <Button variant="secondary" className={styles.danger} onClick={() => setOpen(true)}>
        {kitTexts.delete}
      </Button>
    );
  }
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(errorMessage(e, kitTexts.deleteFailed));
      setBusy(false);
    }
  };
  return (
    <Confirm
      question={question}
      detail={detail}
      error={error}
      yes={busy ? kitTexts.deleting : kitTexts.deleteConfirm}
      no={kitTexts.cancel}
      busy={busy}
      danger
      onConfirm={() => void confirm()}
      onCancel={() => setOpen(false)}
    />
  );
}
