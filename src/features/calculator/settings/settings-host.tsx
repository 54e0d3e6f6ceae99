/**
 * Mounted once per layout: renders the settings panel while `calculatorState.settingsOpen` is set
 * (openSettings()). The panel is a lazy chunk, fetched on intent (hover/focus on the settings
 * button) or on first open, so it stays off the home route's first download.
 */
import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { consentState } from '../../consent';
import { calculatorState, closeSettings } from '../store';
import { prefetchModule } from '../../../lib/prefetch';
import { PartBoundary } from '../../../ui/part-boundary/part-boundary';
import { lazyImport } from '../../../lib/lazy-import';

const loadPanel = lazyImport(() => import('./settings-panel'));
/** A new lazy component imports again: a rejected one would fail for good. */
const lazyPanel = () => lazy(() => loadPanel().then((m) => ({ default: m.SettingsPanel })));

export function preloadSettingsPanel(): void {
  prefetchModule(loadPanel);
}

export function SettingsHost() {
  const { settingsOpen: wanted } = useSnapshot(calculatorState);
  const consent = useSnapshot(consentState);
  // The consent dialog needs an answer first: opened later on top of the panel, it would sit
  // under it (native modal dialogs stack), so the panel waits until consent is settled.
  const settingsOpen = wanted && consent.status === 'ready' && !consent.dialogOpen;
  // Once opened, it stays mounted so closing can hand focus back (native <dialog>).
  const [used, setUsed] = useState(false);
  const [SettingsPanel, setPanel] = useState(lazyPanel);
  if (settingsOpen && !used) setUsed(true);
  if (!used) return null;
  return (
    // Offline before the chunk came: a toast says so, the page stays.
    <PartBoundary
      name="Die Optionen"
      onClose={() => {
        closeSettings();
        setUsed(false);
      }}
      onRetry={() => setPanel(lazyPanel)}
    >
      <Suspense fallback={null}>
        <SettingsPanel open={settingsOpen} onClose={closeSettings} />
      </Suspense>
    </PartBoundary>
  );
}
