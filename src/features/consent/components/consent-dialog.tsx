import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { consentState } from '../store';

const ConsentForm = lazy(() => import('./consent-form').then((m) => ({ default: m.ConsentForm })));

/** Shows the consent dialog once the stored choice is known and none exists, or on request. */
export function ConsentDialog() {
  const snap = useSnapshot(consentState);
  if (snap.status !== 'ready' || !snap.dialogOpen) return null;
  // Remount per opening so the checkboxes start from the stored choice.
  return (
    <Suspense fallback={null}>
      <ConsentForm initial={snap.choice ?? { preferences: false, statistics: false }} />
    </Suspense>
  );
}
