/**
 * A modal dialog on the native <dialog> element: focus trap, Escape and the top layer come from
 * the browser. `dismissible={false}` keeps it open on Escape (e.g. the consent dialog, which
 * needs an answer).
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { OPEN_AS_MODAL_SCRIPT } from '../../lib/inline-scripts';
import { useMounted } from '../use-mounted';
import { focusIsLost, focusPageHeading } from '../page-focus';
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

/** An icon button with an ✕ and a visually hidden label, for the corner of a dialog. */
export function CloseButton({
  label,
  onClick,
  className,
  size = 24,
}: {
  label: string;
  onClick: () => void;
  className?: string;
  size?: number;
}) {
  return (
    <button type="button" className={className} onClick={onClick}>
      <span className="visually-hidden">{label}</span>
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
        <path
          d="M6 6l12 12M18 6L6 18"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}

/**
 * Props for a native <dialog> that closes through `onClose` only: Escape (cancel) and a click
 * on the backdrop (the dialog element itself, outside its box) ask for it instead of closing.
 */
export function dismissProps(onClose: () => void) {
  return {
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onClose();
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) onClose();
    },
  };
}

/** Whether the dialog is shown as a modal (false where the browser does not know `:modal`). */
function isModal(dialog: HTMLDialogElement | null): boolean {
  try {
    return dialog?.matches(':modal') ?? false;
  } catch {
    return false;
  }
}

/** Opens or closes a native <dialog> as a modal to follow `open`. */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useFocusReturn(ref, open);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [ref, open]);
}

/**
 * When the dialog closes, focus goes back to the element it came from, or to the page's heading
 * when there was none (the consent dialog opens with the page) or it is gone (focus
 * fell to <body>). Called by useModalDialog before it opens the dialog: the element is read before showModal() moves
 * focus into the dialog. Deferred a task, after the browser's own return of focus; whatever the
 * page focused meanwhile (a field the dialog was about) keeps it.
 */
export function useFocusReturn(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  // A layout effect: Modal opens a dialog in its own layout effect, after this one.
  useLayoutEffect(() => {
    if (!open) return;
    const dialog = ref.current;
    const active = document.activeElement;
    const from =
      active instanceof HTMLElement && active !== document.body && !dialog?.contains(active)
        ? active
        : null;
    return () => {
      setTimeout(() => {
        const now = document.activeElement;
        if (!focusIsLost() && !(dialog?.isConnected && dialog.contains(now))) return;
        if (from?.isConnected) from.focus({ preventScroll: true });
        else focusPageHeading();
      }, 0);
    };
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
  // One id per dialog: two dialogs on a page must not name each other.
  const titleId = useId();
  // The server cannot open a dialog as a modal: it writes the open attribute, styled like the
  // modal (modal.module.css), and an inline script right after the dialog makes it modal while
  // the page is parsed (OPEN_AS_MODAL_SCRIPT). React keeps the attribute as the server wrote it
  // while the dialog stays open; closing goes through dialog.close() (useModalDialog).
  const mounted = useMounted();
  const [serverOpen, setServerOpen] = useState(() => !mounted && open);
  useModalDialog(ref, open);
  // Where the script did not run (a browser without showModal), the dialog becomes modal
  // after hydration, in a task of its own: in hydration's task it would make one long task of
  // two short ones (Lighthouse TBT).
  useEffect(() => {
    if (!serverOpen || isModal(ref.current)) return;
    const timer = setTimeout(() => setServerOpen(false), 0);
    return () => clearTimeout(timer);
  }, [serverOpen]);
  // Closed (the open attribute dropped) and opened again as a modal in the same commit, before
  // the browser paints, so the visitor sees no flicker.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!serverOpen && open && dialog && !dialog.open) dialog.showModal();
  }, [serverOpen, open]);

  return (
    <>
      <dialog
        ref={ref}
        open={serverOpen ? true : undefined}
        className={`${styles.modal} ${styles[width]}`}
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          if (dismissible) onClose?.();
        }}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
      </dialog>
      {/* In the server's HTML (and kept for hydration): a script React inserts does not run. */}
      {serverOpen ? <script dangerouslySetInnerHTML={{ __html: OPEN_AS_MODAL_SCRIPT }} /> : null}
    </>
  );
}
