import type { OfferView } from '../../../workers/offers';
import { Stars } from '../../../ui/stars/stars';
import { texts } from '../texts';
import styles from './rating-stars.module.css';

/** Five stars filled to the rating, the figure and the count; "Noch keine Bewertungen" at 0. */
export function RatingStars({ offer }: { offer: OfferView }) {
  if (!offer.hasRatings) return <p className={styles.none}>{texts.card.noRatings}</p>;
  return (
    <p className={styles.rating}>
      <Stars
        value={offer.rating}
        label={texts.card.rating(offer.ratingText, offer.ratingCountText, offer.ratingCount)}
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
