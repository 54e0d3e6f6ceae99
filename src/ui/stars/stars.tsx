import type { CSSProperties } from 'react';
import styles from './stars.module.css';

/** Five stars filled to `value` (0–5), read out as `label`: the rating shown on cards and pages. */
export function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span
      className={styles.stars}
      role="img"
      aria-label={label}
      style={
        { '--rating-fill': `${(Math.min(5, Math.max(0, value)) / 5) * 100}%` } as CSSProperties
      }
    />
  );
}
