/** The toast after a favourite could not be saved (the heart is already back); goes by itself. */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/button/button';
import { Toast } from '../../../ui/toast/toast';
import { dismissFavouriteFailure, offerListState } from '../store';
import { texts } from '../texts';

/** Long enough to read two lines. */
export const FAVOURITE_TOAST_MS = 6000;

export function FavouriteToast() {
  const { favouriteFailure: failure } = useSnapshot(offerListState);
  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(dismissFavouriteFailure, FAVOURITE_TOAST_MS);
    return () => clearTimeout(timer);
  }, [failure]);
  if (!failure) return null;
  return (
    <Toast
      actions={
        <Button variant="ghostInverse" onClick={dismissFavouriteFailure}>
          {texts.favourite.dismiss}
        </Button>
      }
    >
      {failure.loginNeeded
        ? texts.favourite.loginAgain
        : texts.favourite.failed(failure.dealerName, failure.state)}
    </Toast>
  );
}
