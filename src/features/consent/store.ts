/**
 * Cookie consent: categories necessary (always), preferences and statistics. The choice is kept
 * in IndexedDB and can be changed from the footer. Until it is loaded, nothing that needs
 * consent may run: `consentState.status` is 'loading'.
 */
import { proxy } from 'valtio';
import { StorageError } from '../../db/errors';

/** Dexie is loaded on demand, off the home route's critical path (bench/ JS budget). */
const loadDb = () => import('../../db');

export const CONSENT_KEY = 'consent';

export interface ConsentChoice {
  preferences: boolean;
  statistics: boolean;
  decidedAt: number;
}

export type ConsentCategory = 'necessary' | 'preferences' | 'statistics';

interface ConsentState {
  status: 'loading' | 'ready';
  choice: ConsentChoice | null;
  dialogOpen: boolean;
  /** Shown in the dialog when the choice could not be stored. */
  storageError: string | null;
}

const initial = (): ConsentState => ({
  status: 'loading',
  choice: null,
  dialogOpen: false,
  storageError: null,
});

export const consentState = proxy<ConsentState>(initial());

let loading: Promise<void> | undefined;

/**
 * Reads the stored choice once (the app asks when idle; opening the settings asks at once).
 * A dialog opened by the visitor in the meantime stays open and shows the stored choice.
 */
export function loadConsent(): Promise<void> {
  loading ??= readConsent();
  return loading;
}

async function readConsent(): Promise<void> {
  try {
    const [{ readSetting }, { ConsentChoiceSchema }] = await Promise.all([
      loadDb(),
      import('./choice-schema'),
    ]);
    const choice = await readSetting(CONSENT_KEY, ConsentChoiceSchema);
    consentState.choice = choice ?? null;
  } catch (error) {
    consentState.choice = null;
    consentState.storageError = error instanceof StorageError ? error.message : null;
  }
  consentState.dialogOpen ||= consentState.choice === null;
  consentState.status = 'ready';
}

async function decide(preferences: boolean, statistics: boolean): Promise<void> {
  const choice: ConsentChoice = { preferences, statistics, decidedAt: Date.now() };
  // The choice applies at once, even when the browser refuses to store it.
  consentState.choice = choice;
  try {
    const { writeSetting } = await loadDb();
    await writeSetting(CONSENT_KEY, choice);
    consentState.storageError = null;
  } catch (error) {
    consentState.storageError = error instanceof StorageError ? error.message : String(error);
  }
  // The dialog closes once the write has settled (a few ms): while it is open nothing else can be
  // clicked, so a full page load right after the answer (e.g. "Anmelden") cannot abort the write
  // and ask the same question again on the next page.
  consentState.dialogOpen = false;
}

export function allowAll(): Promise<void> {
  return decide(true, true);
}

export function allowSelection(selection: {
  preferences: boolean;
  statistics: boolean;
}): Promise<void> {
  return decide(selection.preferences, selection.statistics);
}

/** The footer's "Cookie-Einstellungen": the dialog with the stored choice (read now if need be). */
export function openConsentSettings(): void {
  consentState.dialogOpen = true;
  void loadConsent();
}

export function hasConsent(category: ConsentCategory): boolean {
  if (category === 'necessary') return true;
  return consentState.choice?.[category] ?? false;
}

export function resetConsent(): void {
  loading = undefined;
  Object.assign(consentState, initial());
}
