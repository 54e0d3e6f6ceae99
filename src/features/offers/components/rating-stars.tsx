import type { CSSProperties } from 'react';
import type { OfferView } from '../../../workers/offers';
import { texts } from '../texts';
import styles from './rating-stars.module.css';

/** Five stars filled to the rating, the figure and the count; "Noch keine Bewertungen" at 0. */
export function RatingStars({ offer }: { offer: OfferView }) {
  if (!offer.hasRatings) return <p className={styles.none}>{texts.card.noRatings}</p>;
  return (
    <p className={styles.rating}>
      <span
        className={styles.stars}
        role="img"
        aria-label={texts.card.rating(offer.ratingText, offer.ratingCountText, offer.ratingCount)}
        style={{ '--rating-fill': `${(offer.rating / 5) * 100}%` } as CSSProperties}
      />
      <span className={styles.figure} aria-hidden="true">
        {offer.ratingText}
      </span>
      <span className={styles.count} aria-hidden="true">
        {texts.card.ratingCount(offer.ratingCountText, offer.ratingCount)}
      </span>
    </p>
  );
}
