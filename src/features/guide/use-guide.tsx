import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocale } from '../locale';
import { guideState, loadGuide } from './store';
import { texts } from './texts';

/**
 * The guide store's snapshot for a page after the questionnaire (result, lead form): loads the
 * guide of the visitor's country, again when the country changes. `waiting` while nothing
 * is there to show yet.
 */
export function useLoadedGuide() {
  const snap = useSnapshot(guideState);
  const locale = useLocale();
  useEffect(() => {
    void loadGuide({ countryId: locale.countryId });
  }, [locale.countryId]);
  return { snap, waiting: snap.loading || (!snap.guide && !snap.loadError) };
}

/** "Vergleich wird geladen …" as the page's live status. */
export function GuideLoading() {
  return (
    <p role="status" aria-busy="true">
      {texts.load.loading}
    </p>
  );
}
