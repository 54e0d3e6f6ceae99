/**
 * Saving the calculator configuration (SPEC §4): in IndexedDB, only when the visitor consented to
 * preferences, for at most 604,800 s (SPEC §9). Dexie is loaded on demand so it stays off the home
 * route's first download (bench/ JS budget). Withdrawing the consent removes what was saved.
 */
import { subscribe } from 'valtio';
import type { CalculatorConfig } from '../../api/contract/calculation';
import { consentState, hasConsent } from '../consent';

/** SPEC §9: the preference cookie max-age, used as the saved configuration's lifetime. */
export const CONFIG_MAX_AGE_S = 604_800;

const loadDb = () => import('../../db');

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
