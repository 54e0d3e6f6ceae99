/** Pieces the ad manager's screens share: load states, the delete confirmation, notices. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../ui/button/button';
import { errorMessage, FormMessage, type StaffData } from '../kit';
import { texts } from './texts';
import styles from './ads.module.css';

/** Loading, failed or missing: what to show instead of the screen's content (null: ready). */
export function LoadState<T>({ data }: { data: StaffData<T> }): ReactNode {
  if (data.status === 'loading' && data.data === undefined) {
    return (
      <p className={styles.muted} role="status">
        {texts.common.loading}
      </p>
    );
  }
  if (data.status === 'error') {
    return (
      <div className={styles.stack}>
        <FormMessage kind="error">{data.notFound ? texts.common.notFound : data.error}</FormMessage>
        {!data.notFound && (
          <div>
            <Button variant="secondary" onClick={data.reload}>
              {texts.common.retry}
            </Button>
          </div>
        )}
      </div>
    );
  }
  return null;
}

/** A message passed along with a navigation (after create or delete). */
export interface Notice {
  notice?: string;
}

export function useNotice(): string | undefined {
  const location = useLocation();
  const state = location.state as Notice | null;
  return typeof state?.notice === 'string' ? state.notice : undefined;
}

/**
 * Delete with a second step that says what goes with it; the question gets the focus when it
 * opens, so a keyboard or screen-reader user lands on it.
 */
export function DeleteConfirm({
  question,
  detail,
  onConfirm,
}: {
  question: string;
  detail: ReactNode;
  onConfirm: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (open) questionRef.current?.focus();
  }, [open]);
  if (!open) {
    return (
      <Button variant="secondary" className={styles.danger} onClick={() => setOpen(true)}>
        {texts.common.delete}
      </Button>
    );
  }
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(errorMessage(e, texts.common.deleteFailed));
      setBusy(false);
    }
  };
  return (
    <div className={styles.confirm} role="group" aria-labelledby="delete-question">
      <p id="delete-question" ref={questionRef} className={styles.confirmQuestion} tabIndex={-1}>
        {question}
      </p>
      <div className={styles.confirmDetail}>{detail}</div>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <div className={styles.row}>
        <Button className={styles.dangerSolid} disabled={busy} onClick={() => void confirm()}>
          {busy ? texts.common.deleting : texts.common.deleteConfirm}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => setOpen(false)}>
          {texts.common.cancel}
        </Button>
      </div>
    </div>
  );
}
