/**
 * A modal dialog on the native <dialog> element: focus trap, Escape and the top layer come from
 * the browser. `dismissible={false}` keeps it open on Escape (e.g. the consent dialog, which
 * needs an answer).
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** SPEC §9 modal widths. */
  width?: 'sm' | 'md' | 'lg' | 'xl';
  dismissible?: boolean;
  onClose?: () => void;
}

/** Opens or closes a native <dialog> as a modal to follow `open`. */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [ref, open]);
}

export function Modal({
  open,
  title,
  children,
  width = 'md',
  dismissible = true,
  onClose,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref, open);

  return (
    <dialog
      ref={ref}
      className={`${styles.modal} ${styles[width]}`}
      aria-labelledby="modal-title"
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose?.();
      }}
    >
      <h2 id="modal-title" className={styles.title}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}
