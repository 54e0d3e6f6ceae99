import { Button } from '../../../ui/button/button';
import { Modal } from '../../../ui/modal/modal';
import styles from '../group-orders.module.css';

/**
 * A question before an action that cannot be undone (leave, close), in the app's modal: Escape
 * and "Abbrechen" close it, focus returns to the button that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirm,
  cancel,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: readonly string[];
  confirm: string;
  cancel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal open={open} title={title} width="sm" onClose={busy ? undefined : onClose}>
      <div className={styles.dialog}>
        {text.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {error && (
          <p className={styles.alert} role="alert">
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {confirm}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {cancel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
