/**
 * The heart on an offer card (SPEC §3 IsFavourite, §7 set/favourite): only for a logged-in user,
 * a toggle button with a fixed name whose aria-pressed says the state (WAI-ARIA APG); the tooltip
 * says what a click does. The list store shows the new state at once and puts it back when
 * saving fails (store.ts setOfferFavourite).
 */
import { useSnapshot } from 'valtio';
import type { OfferView } from '../../../workers/offers';
import { sessionState } from '../../session';
import { setOfferFavourite } from '../store';
import { texts } from '../texts';
import styles from './favourite-button.module.css';

export function FavouriteButton({
  offer,
  describedBy,
}: {
  offer: Pick<OfferView, 'id' | 'isFavourite'>;
  /** The card's title, so a screen reader hears which dealer the heart belongs to. */
  describedBy?: string;
}) {
  const { LoggedIn } = useSnapshot(sessionState);
  if (!LoggedIn) return null;
  const pressed = offer.isFavourite;
  return (
    <button
      type="button"
      className={styles.heart}
      aria-pressed={pressed}
      aria-label={texts.favourite.label}
      aria-describedby={describedBy}
      title={pressed ? texts.favourite.remove : texts.favourite.add}
      onClick={() => void setOfferFavourite(offer.id, !pressed)}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M12 20.6 4.3 13a4.9 4.9 0 0 1 0-7 4.9 4.9 0 0 1 7 0l.7.7.7-.7a4.9 4.9 0 0 1 7 0 4.9 4.9 0 0 1 0 7Z" />
      </svg>
    </button>
  );
}
