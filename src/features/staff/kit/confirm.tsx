/**
 * A second step before a change with consequences (lock an account, clear every cache): the
 * question gets the focus when it opens, so a keyboard or screen-reader user lands on it.
 */
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../ui/button/button';
import styles from '../ops/support-admin.module.css';

export function Confirm({
  question,
  yes,
  no,
  busy,
  onConfirm,
  onCancel,
}: {
  question: string;
  yes: string;
  no: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => questionRef.current?.focus(), []);
  return (
    <div className={styles.confirm} role="group" aria-labelledby={id}>
      <p id={id} ref={questionRef} tabIndex={-1}>
        {question}
      </p>
      <div className={styles.row}>
        <Button disabled={busy} onClick={onConfirm}>
          {yes}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {no}
        </Button>
      </div>
    </div>
  );
}
