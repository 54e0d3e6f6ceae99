import type { OfferView } from '../../../workers/offers';
import { RatingLine } from '../../../ui/stars/stars';
import { texts } from '../texts';

/** Five stars filled to the rating, the figure and the count; "Noch keine Bewertungen" at 0. */
export function RatingStars({ offer }: { offer: OfferView }) {
  return (
    <RatingLine
      rating={
        offer.hasRatings
          ? {
              value: offer.rating,
              label: texts.card.rating(offer.ratingText, offer.ratingCountText, offer.ratingCount),
              figure: offer.ratingText,
              count: texts.card.ratingCount(offer.ratingCountText, offer.ratingCount),
            }
          : null
      }
      empty={texts.card.noRatings}
    />
  );
}
