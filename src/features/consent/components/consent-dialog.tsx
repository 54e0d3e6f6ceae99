import { Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { lazyImport } from '../../../lib/lazy-import';
import { lazyPart } from '../../../ui/lazy-part';
import { PartBoundary } from '../../../ui/part-boundary/part-boundary';
import { consentState } from '../store';
import type { ConsentForm as ConsentFormType } from './consent-form';

let loadedForm: typeof ConsentFormType | null = null;
const loadForm = lazyImport(() => import('./consent-form'));

/**
 * Loads the dialog body. The server does it at start and the browser before it hydrates a page
 * rendered with the dialog open, so that render shows the form at once, as the HTML does.
 */
export function preloadConsentForm(): Promise<void> {
  return loadForm().then((m) => {
    loadedForm = m.ConsentForm;
  });
}

const LazyForm = lazyPart(() =>
  preloadConsentForm().then(() => ({ default: loadedForm as typeof ConsentFormType })),
);

/** Shows the consent dialog once the stored choice is known and none exists, or on request. */
export function ConsentDialog() {
  const snap = useSnapshot(consentState);
  if (snap.status !== 'ready' || !snap.dialogOpen) return null;
  // Remount per opening so the checkboxes start from the stored choice.
  return <OpenConsent initial={snap.choice ?? { preferences: false, statistics: false }} />;
}

function OpenConsent({ initial }: { initial: { preferences: boolean; statistics: boolean } }) {
  // Loaded on demand, off the home route's critical path, unless it was preloaded. Chosen once
  // per opening: a form that changed its type while open would lose what was ticked.
  const [Form] = useState(() => loadedForm ?? LazyForm);
  return (
    // Offline before the chunk came: a toast says so and the page stays usable; the dialog is
    // asked again on the next page (nothing was decided).
    <PartBoundary
      name="Die Cookie-Einstellungen"
      onClose={() => {
        consentState.dialogOpen = false;
      }}
    >
      <Suspense fallback={null}>
        <Form initial={initial} />
      </Suspense>
    </PartBoundary>
  );
}
