/**
 * 1–5 stars as a native radio group: Tab reaches the group, the arrow keys move the choice, and
 * screen readers announce "3 Sterne: Befriedigend". The stars up to the chosen (or hovered) one
 * are filled.
 */
import { useState } from 'react';
import { texts } from '../texts';
import styles from './star-rating.module.css';

export interface StarRatingProps {
  value: number | null;
  onChange: (mark: number) => void;
  error?: string;
  name?: string;
}

export function StarRating({ value, onChange, error, name = 'Mark' }: StarRatingProps) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <fieldset
      className={styles.group}
      aria-describedby={error ? `${name}-error ${name}-hint` : `${name}-hint`}
      aria-invalid={error ? true : undefined}
      onMouseLeave={() => setHover(null)}
    >
      <legend className={styles.legend}>{texts.stars}</legend>
      <div className={styles.stars}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className={styles.star}
            data-filled={n <= shown || undefined}
            onMouseEnter={() => setHover(n)}
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className={styles.input}
            />
            <span aria-hidden="true" className={styles.glyph}>
              ★
            </span>
            <span className="visually-hidden">{texts.star(n)}</span>
          </label>
        ))}
        <span className={styles.word} aria-hidden="true">
          {shown > 0 ? texts.star(shown).split(': ')[1] : ''}
        </span>
      </div>
      <p id={`${name}-hint`} className={styles.hint}>
        {texts.starsHint}
      </p>
      {error && (
        <p id={`${name}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
