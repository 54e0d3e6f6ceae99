/**
 * SPEC §5 "the postal code must exist": the server's check (the local check on a local page),
 * answers kept per code, a confirmed code remembered in the browser, a failed check asked again
 * when the connection returns; and the wait for it that a submit does (SPEC §4/§9).
 */
import { askLocalZipCode, askZipCode } from './api';
import { calculatorState, SUBMIT_POLL_MS } from './calculator-state';
import { rememberConfirmed, wasConfirmed } from './persistence';
import { storeIfValid } from './save-config';
import { zipFormatError } from './validation';

/** Server answers per `${countryId}:${zip}`; failures are not kept (SPEC §8: count as invalid once). */
const zipAnswers = new Map<string, boolean>();
let zipCheckSeq = 0;
/** Submits waiting for the postal code check (checkZipAndWait). */
let submitsInFlight = 0;

/** Forgets every answer and any check in flight (a reset of the calculator). */
export function resetZipChecks(): void {
  zipAnswers.clear();
  zipCheckSeq++;
  clearTimeout(zipRetryTimer);
  zipRetryTimer = undefined;
}

/** A check in flight no longer counts (a new page took over). */
export function dropZipCheckInFlight(): void {
  zipCheckSeq++;
}

/**
 * Asks the server whether the postal code exists, unless its format is wrong or the answer is
 * known. A failed call counts as "does not exist" (SPEC §5/§8). On a local page the local check
 * answers, and a local page it names becomes `localRedirect` (SPEC §4).
 */
export async function checkZip(): Promise<void> {
  const { ZipCode: zip, CountryId: countryId } = calculatorState.config;
  const check = calculatorState.zipCheck;
  if (zipFormatError(zip, countryId) !== null) return;
  const asked = check.zip === zip && check.countryId === countryId && check.status !== 'idle';
  if (asked && !check.failed) return;
  const seq = ++zipCheckSeq;
  const local = calculatorState.variant === 'local' ? calculatorState.localPage : null;
  const known = local ? undefined : zipAnswers.get(`${countryId}:${zip}`);
  calculatorState.zipCheck = {
    zip,
    countryId,
    status: known === undefined ? 'pending' : known ? 'valid' : 'invalid',
  };
  let valid: boolean;
  let failed = false;
  let redirect: string | null = null;
  if (known !== undefined) {
    valid = known;
  } else if (local) {
    const answer = await askLocalZipCode(local, zip, countryId);
    failed = answer === null;
    valid = answer?.valid ?? false;
    if (valid && answer?.url && answer.url !== local.path) redirect = answer.url;
  } else {
    const answer = await askZipCode(zip, countryId);
    if (answer !== null) zipAnswers.set(`${countryId}:${zip}`, answer);
    failed = answer === null;
    valid = answer ?? false;
  }
  if (failed && (await wasConfirmed(countryId, zip))) {
    // No answer, but the server confirmed this code in this browser before.
    failed = false;
    valid = true;
  } else if (valid && !failed) {
    void rememberConfirmed(countryId, zip);
  }
  if (seq !== zipCheckSeq) return; // a newer check (or a reset) took over
  calculatorState.zipCheck = {
    zip,
    countryId,
    status: valid ? 'valid' : 'invalid',
    ...(failed ? { failed } : {}),
  };
  if (failed) retryZipCheckLater();
  if (!valid) return;
  // SPEC §4: a postal code change, once checked and valid, stores the configuration …
  storeIfValid();
  // … and on a local page moves to another local page when the server supplied one — unless the
  // visitor already asked for prices: the submit waited for this check and goes to the offer
  // list; moving to the town page as well lost that click (a loaded machine).
  if (redirect && submitsInFlight === 0) calculatorState.localRedirect = redirect;
}

/**
 * The server computed offers for this postal code (the offer list): it exists. Remembered like
 * a check's "yes", so a check on the same page, or later without an answer, needs no question.
 */
export function confirmZip(countryId: number, zip: string): void {
  zipAnswers.set(`${countryId}:${zip}`, true);
  void rememberConfirmed(countryId, zip);
}

/** Lie-Fi (online, yet no answer) gets no 'online' event: a failed check tries again after this. */
export const ZIP_RETRY_MS = 10_000;
let zipRetryTimer: ReturnType<typeof setTimeout> | undefined;
let listeningForOnline = false;

/** A failed check asks again when the connection returns, and every 10 s meanwhile. */
function retryZipCheckLater(): void {
  if (typeof window === 'undefined') return;
  if (!listeningForOnline) {
    listeningForOnline = true;
    window.addEventListener('online', retryFailedZipCheck);
  }
  clearTimeout(zipRetryTimer);
  zipRetryTimer = setTimeout(retryFailedZipCheck, ZIP_RETRY_MS);
}

function retryFailedZipCheck(): void {
  clearTimeout(zipRetryTimer);
  zipRetryTimer = undefined;
  const { zipCheck, config } = calculatorState;
  if (
    !zipCheck.failed ||
    zipCheck.zip !== config.ZipCode ||
    zipCheck.countryId !== config.CountryId
  )
    return;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // 'online' will call
  void checkZip();
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Checks the postal code and waits until the check is done, re-polling every 100 ms. */
export async function checkZipAndWait(): Promise<void> {
  submitsInFlight += 1;
  try {
    void checkZip();
    while (calculatorState.zipCheck.status === 'pending') await delay(SUBMIT_POLL_MS);
  } finally {
    submitsInFlight -= 1;
  }
}
