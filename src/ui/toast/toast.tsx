import type { ReactNode } from 'react';
import styles from './toast.module.css';

/** A toast pinned to the bottom of the screen (SPEC §9 width 350 px). */
export function Toast({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className={styles.toast} role="status">
      <div className={styles.body}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
