/**
 * Cookie consent: categories necessary (always), preferences and statistics. The choice is kept
 * in IndexedDB and can be changed from the footer. Until it is loaded, nothing that needs
 * consent may run: `consentState.status` is 'loading'.
 */
import { proxy } from 'valtio';
import { onConnectionBack } from '../../api/connection';
import { CONSENT_COOKIE } from '../../api/contract/pages';
import { StorageError } from '../../db/errors';
import { databaseMayExist } from '../../db/exists';
import { loadDb } from '../../db/load';
import { lazyImport } from '../../lib/lazy-import';

/** Dexie is loaded on demand, off the home route's critical path (bench/ JS budget). */

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
  /**
   * Opened at start because CONSENT_COOKIE was missing, before the stored choice was read: a
   * choice found in IndexedDB then closes it (a visitor from before the cookie existed).
   */
  askedUnread: boolean;
}

const initial = (): ConsentState => ({
  status: 'loading',
  choice: null,
  dialogOpen: false,
  storageError: null,
  askedUnread: false,
});

export const consentState = proxy<ConsentState>(initial());

let loading: Promise<void> | undefined;
/** Counts the visitor's answers: a read that started before one must not overwrite it. */
let decisions = 0;

/** Whether the visitor has answered before (the cookie the server decides by, too). */
export function consentCookieSet(): boolean {
  return typeof document !== 'undefined' && /(?:^|;\s*)ok_consent=/.test(document.cookie);
}

function writeConsentCookie(): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // Necessary (it only says that the question was answered): a year, like the locale cookie.
  document.cookie = `${CONSENT_COOKIE}=1; Max-Age=31536000; Path=/; SameSite=Lax${secure}`;
}

/**
 * The dialog open from the start, for a visitor without CONSENT_COOKIE: the server rendered the
 * page with it (src/app/entry-server.tsx), and the browser does the same before it hydrates.
 */
export function askForConsentNow(): void {
  consentState.status = 'ready';
  consentState.choice = null;
  consentState.dialogOpen = true;
  consentState.askedUnread = true;
}

/**
 * Reads the stored choice once (the app asks when idle; opening the settings asks at once).
 * A dialog opened by the visitor in the meantime stays open and shows the stored choice.
 */
export function loadConsent(): Promise<void> {
  loading ??= readConsent();
  return loading;
}

const loadChoiceSchema = lazyImport(() => import('./choice-schema'));

async function readStoredChoice(): Promise<ConsentChoice | undefined> {
  const [{ readSetting }, { ConsentChoiceSchema }] = await Promise.all([
    loadDb(),
    loadChoiceSchema(),
  ]);
  return readSetting(CONSENT_KEY, ConsentChoiceSchema);
}

async function readConsent(): Promise<void> {
  const decisionsBefore = decisions;
  try {
    // A first visit has no database: nothing stored, and no need to load the storage code.
    const choice = (await databaseMayExist()) ? await readStoredChoice() : undefined;
    // The dialog is open from the first paint for a visitor without the cookie: an answer given
    // while the stored choice was still being read is newer than anything stored.
    if (decisions !== decisionsBefore) return;
    consentState.choice = choice ?? null;
    if (choice) {
      writeConsentCookie();
      if (consentState.askedUnread) consentState.dialogOpen = false;
    }
  } catch (error) {
    if (decisions !== decisionsBefore) return;
    consentState.choice = null;
    consentState.storageError = error instanceof StorageError ? error.message : null;
    if (!(error instanceof StorageError)) {
      // The storage code itself did not load (offline before its chunk came): whether
      // the visitor answered is unknown, not "no". Ask nothing now; read again once the
      // connection is back (until then nothing optional is allowed).
      unreadable = true;
      loading = undefined;
      const stop = onConnectionBack(() => {
        stop();
        unreadable = false;
        void loadConsent();
      });
    }
  } finally {
    consentState.status = 'ready';
  }
  consentState.askedUnread = false;
  consentState.dialogOpen ||= consentState.choice === null && !unreadable;
}

/** The stored choice could not be read because its code did not load (see readConsent). */
let unreadable = false;

async function decide(preferences: boolean, statistics: boolean): Promise<void> {
  const choice: ConsentChoice = { preferences, statistics, decidedAt: Date.now() };
  decisions += 1;
  // The choice applies at once, even when the browser refuses to store it.
  consentState.choice = choice;
  consentState.askedUnread = false;
  writeConsentCookie();
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
  consentState.askedUnread = false;
  void loadConsent();
}

export function hasConsent(category: ConsentCategory): boolean {
  if (category === 'necessary') return true;
  return consentState.choice?.[category] ?? false;
}

export function resetConsent(): void {
  loading = undefined;
  unreadable = false;
  Object.assign(consentState, initial());
}
