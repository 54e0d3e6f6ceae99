import type { CSSProperties } from 'react';
import styles from './stars.module.css';

/**
 * Five stars filled to `value` (0–5), read out as `label`: the rating shown on cards and pages.
 * Without a label they are decoration next to a line that says the mark itself. `inverse`:
 * larger and pale, for the dark footer.
 */
export function Stars({ value, label, tone }: { value: number; label?: string; tone?: 'inverse' }) {
  return (
    <span
      className={styles.stars}
      data-tone={tone}
      {...(label === undefined ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
      style={
        { '--rating-fill': `${(Math.min(5, Math.max(0, value)) / 5) * 100}%` } as CSSProperties
      }
    />
  );
}

/**
 * Stars, the figure and the count in one line ("★★★★☆ 4,2 (12 Bewertungen)"); the stars carry
 * the whole reading, so figure and count are hidden from screen readers. `empty` stands in
 * their place while nobody has rated yet.
 */
export function RatingLine({
  rating,
  empty,
}: {
  rating: { value: number; label: string; figure: string; count: string } | null;
  empty: string;
}) {
  if (!rating) return <p className={styles.none}>{empty}</p>;
  return (
    <p className={styles.rating}>
      <Stars value={rating.value} label={rating.label} />
      <span className={styles.figure} aria-hidden="true">
        {rating.figure}
      </span>
      <span className={styles.count} aria-hidden="true">
        {rating.count}
      </span>
    </p>
  );
}
