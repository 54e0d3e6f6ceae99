/**
 * Mounted once per layout: renders the settings panel while `calculatorState.settingsOpen` is set
 * (openSettings()). The panel is a lazy chunk, fetched on intent (hover/focus on the settings
 * button) or on first open, so it stays off the home route's first download.
 */
import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { consentState } from '../../consent';
import { calculatorState, closeSettings } from '../store';

const loadPanel = () => import('./settings-panel');
const SettingsPanel = lazy(() => loadPanel().then((m) => ({ default: m.SettingsPanel })));

export function preloadSettingsPanel(): void {
  void loadPanel();
}

export function SettingsHost() {
  const { settingsOpen: wanted } = useSnapshot(calculatorState);
  const consent = useSnapshot(consentState);
  // The consent dialog needs an answer first: opened later on top of the panel, it would sit
  // under it (native modal dialogs stack), so the panel waits until consent is settled.
  const settingsOpen = wanted && consent.status === 'ready' && !consent.dialogOpen;
  // Once opened, it stays mounted so closing can hand focus back (native <dialog>).
  const [used, setUsed] = useState(false);
  if (settingsOpen && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <SettingsPanel open={settingsOpen} onClose={closeSettings} />
    </Suspense>
  );
}
