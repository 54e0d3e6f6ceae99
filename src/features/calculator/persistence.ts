/**
 * Saving the calculator configuration (SPEC §4): in IndexedDB, only when the visitor consented to
 * preferences, for at most 604,800 s (SPEC §9). Dexie is loaded on demand so it stays off the home
 * route's first download (bench/ JS budget). Withdrawing the consent removes what was saved.
 */
import { subscribe } from 'valtio';
import type { CalculatorConfig } from '../../api/contract/calculation';
import { consentState, hasConsent } from '../consent';
import { loadDb } from '../../db/load';

/** SPEC §9: the preference cookie max-age, used as the saved configuration's lifetime. */
export const CONFIG_MAX_AGE_S = 604_800;

/** Resolves once the stored consent choice is known (it loads when the browser is idle). */
function consentKnown(): Promise<void> {
  if (consentState.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribe(consentState, () => {
      if (consentState.status !== 'ready') return;
      stop();
      resolve();
    });
  });
}

/** The saved configuration of a country and product group, if consented, valid and recent. */
export async function loadSavedConfig(
  countryId: number,
  productGroupId: number,
  now: () => number = Date.now,
): Promise<CalculatorConfig | undefined> {
  await consentKnown();
  if (!hasConsent('preferences')) return undefined;
  const { readCalculatorConfig } = await loadDb();
  return readCalculatorConfig(countryId, productGroupId, now() - CONFIG_MAX_AGE_S * 1000);
}

/**
 * Saves the configuration when preferences consent is given; otherwise does nothing.
 * Rejects with a StorageError (quota, private mode) the store shows.
 */
export async function saveConfig(
  config: CalculatorConfig,
  now: () => number = Date.now,
): Promise<boolean> {
  if (!hasConsent('preferences')) return false;
  const { writeCalculatorConfig } = await loadDb();
  await writeCalculatorConfig(config, now());
  return true;
}

export async function forgetSavedConfigs(): Promise<void> {
  const { clearCalculatorConfigs } = await loadDb();
  await clearCalculatorConfigs();
}

/**
 * Calls `onWithdrawn` when the preferences consent goes from given to refused (footer
 * "Cookie-Einstellungen"). Returns the unsubscribe function.
 */
export function watchConsent(onWithdrawn: () => void): () => void {
  let given = hasConsent('preferences');
  return subscribe(consentState, () => {
    const now = hasConsent('preferences');
    if (given && !now) onWithdrawn();
    given = now;
  });
}

// ---------------------------------------------------------------------------------------------
// Postal codes the server confirmed: a check that gets no answer (offline, Lie-Fi)
// accepts a code this browser has seen confirmed before. Kept like the configuration: only with
// preferences consent, forgotten when it is withdrawn. Without it, the page's memory serves.

const CONFIRMED_KEY = 'ok-zip-confirmed';
/** The most recent codes only: a household uses one or two. */
export const CONFIRMED_MAX = 20;

function readConfirmed(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(CONFIRMED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export async function wasConfirmed(countryId: number, zip: string): Promise<boolean> {
  await consentKnown();
  return hasConsent('preferences') && readConfirmed().includes(`${countryId}:${zip}`);
}

/** Waits for the stored consent choice: a check right after the page loaded comes before it. */
export async function rememberConfirmed(countryId: number, zip: string): Promise<void> {
  await consentKnown();
  if (!hasConsent('preferences')) return;
  const key = `${countryId}:${zip}`;
  const next = [key, ...readConfirmed().filter((k) => k !== key)].slice(0, CONFIRMED_MAX);
  try {
    localStorage.setItem(CONFIRMED_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the page's memory still knows it.
  }
}

export function forgetConfirmed(): void {
  try {
    localStorage.removeItem(CONFIRMED_KEY);
  } catch {
    // nothing kept
  }
}
