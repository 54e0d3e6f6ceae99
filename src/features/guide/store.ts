/**
 * The oil-consumption guide's state (SPEC §3 Guide state, §4 Guide) and its timings (SPEC §9):
 * - a finished current step moves on 1500 ms after its last change (a further change restarts
 *   the wait); after the last step the `guide-finished` event fires and the compare is asked for;
 * - going to a step is refused unless every earlier step is finished (guide-logic.ts);
 * - a successful compare sets compareLoading and leads to /dein-heizoelverbrauch after 5000 ms;
 *   a failed one is logged, returns false, and the visitor stays with a German message;
 * - offline the compare waits for the browser's `online` event and is then sent by itself.
 * Every answer is saved at once in IndexedDB per guide id (persistence.ts), so a reload or a lost
 * connection loses nothing. Routing stays in the page: the store asks a navigator the page binds.
 */
import { proxy, ref } from 'valtio';
import { ApiError, NetworkError } from '../../api/client';
import type { CompareResult, Guide, GuideStep } from '../../api/contract/leads';
import { LOCALES, localeByCountryId } from '../../lib/locale';
import { guideStepPath, paths } from '../../lib/paths';
import { checkGuideZip, fetchGuide, GUIDE_ID, guidePath, postCompare } from './api';
import { keepAsLastKnown } from '../../api/last-known';
import { whenIdle } from '../../lib/idle';
import { onConnectionBack } from '../../api/connection';
import { suggestZipCode } from '../calculator';
import {
  answersKey,
  firstUnfinishedStep,
  flattenAnswers,
  isStepFinished,
  knownValues,
  landingStepId,
  nextStep,
  orderedSteps,
  type AnswerContext,
  type StepValues,
} from './guide-logic';
import { logGuideFailure } from './log';
import { journalProgress, loadProgress, saveProgress } from './persistence';
import { texts } from './texts';

/** SPEC §9: a finished step moves on after this debounce. */
export const AUTO_ADVANCE_MS = 1500;
/** SPEC §9: the checkout follows a successful compare after this long. */
export const CHECKOUT_REDIRECT_MS = 5000;
/** SPEC §4: raised on `guideEvents` when the last step is finished. */
export const GUIDE_FINISHED = 'guide-finished';

/** Listen here for `guide-finished` (e.g. analytics); the store itself starts the compare. */
export const guideEvents = new EventTarget();

export type ZipCheckStatus = 'pending' | 'valid' | 'invalid' | 'offline';

export interface GuideState {
  guideId: number;
  countryId: number;
  guide: Guide | null;
  /** SPEC §3: set while the guide and the saved answers load. */
  loading: boolean;
  loadError: string | null;
  /** SPEC §3: starts at 1. */
  currentStepId: number;
  /** SPEC §3: step id → input key → value. */
  stepValues: StepValues;
  /** `${countryId}:${zip}` → the postal code check (SPEC §5 "must exist"). */
  zipChecks: Record<string, ZipCheckStatus>;
  /** A finished current step moves on when the debounce ends (shown as a hint). */
  advancePending: boolean;
  /** The compare request is on the wire. */
  comparing: boolean;
  /** SPEC §4: set after a successful compare, until the move to the checkout. */
  compareLoading: boolean;
  /** The compare is wanted but the browser is offline: it is sent on `online`. */
  waitingForConnection: boolean;
  compareError: string | null;
  compareResult: CompareResult | null;
  /** answersKey() of the answers compareResult was computed from. */
  compareAnswersKey: string | null;
  selectedInformationId: number | null;
  /** SPEC §3: the visitor allows passing the data to the lead partner (never saved). */
  allowTransferToPartner: boolean;
  /** Saving failed (quota, private mode): shown, the answers still work for this visit. */
  storageError: string | null;
}

const initial = (): GuideState => ({
  guideId: GUIDE_ID,
  countryId: 1,
  guide: null,
  loading: false,
  loadError: null,
  currentStepId: 1,
  stepValues: {},
  zipChecks: {},
  advancePending: false,
  comparing: false,
  compareLoading: false,
  waitingForConnection: false,
  compareError: null,
  compareResult: null,
  compareAnswersKey: null,
  selectedInformationId: null,
  allowTransferToPartner: false,
  storageError: null,
});

export const guideState = proxy<GuideState>(initial());

// ---------------------------------------------------------------------------------------------
// Module state that is not rendered.

type Navigate = (path: string, options?: { replace?: boolean }) => void;
let navigate: Navigate = () => undefined;
let advanceTimer: ReturnType<typeof setTimeout> | undefined;
let checkoutTimer: ReturnType<typeof setTimeout> | undefined;
let loading: { key: string; done: Promise<void> } | undefined;
let stopWaiting: (() => void) | undefined;
let saving: Promise<void> = Promise.resolve();
let generation = 0;

/** The page binds react-router's navigate here; returns the function that unbinds it. */
export function setGuideNavigator(next: Navigate): () => void {
  navigate = next;
  return () => {
    if (navigate === next) navigate = () => undefined;
  };
}

export function resetGuide(): void {
  clearTimeout(advanceTimer);
  clearTimeout(checkoutTimer);
  advanceTimer = checkoutTimer = undefined;
  stopWaiting?.();
  stopWaiting = undefined;
  stopWaitingForConnection?.();
  stopWaitingForConnection = undefined;
  loading = undefined;
  saving = Promise.resolve();
  generation++;
  navigate = () => undefined;
  Object.assign(guideState, initial());
}

// ---------------------------------------------------------------------------------------------
// Derived values

const zipKey = (countryId: number, zip: string) => `${countryId}:${zip}`;

export function answerContext(state: Pick<GuideState, 'countryId' | 'zipChecks'>): AnswerContext {
  const locale = localeByCountryId(state.countryId) ?? LOCALES.de;
  return {
    zipPattern: locale.zipPattern,
    zipExists: (zip) => {
      const status = state.zipChecks[zipKey(state.countryId, zip)];
      // Offline a well-formed code counts for now; it is checked again when the connection
      // returns, and the compare validates it on the server in any case.
      if (status === 'valid' || status === 'offline') return true;
      if (status === 'invalid') return false;
      return undefined;
    },
  };
}

/** The steps in order; takes a snapshot too (the guide is a ref(), the same object in both). */
export function guideSteps(state: { readonly guide: object | null } = guideState): GuideStep[] {
  return state.guide ? orderedSteps(state.guide as Guide) : [];
}

/** The answers as sent to the compare (SPEC §7), from the current state. */
export function currentAnswers() {
  return flattenAnswers(guideSteps(), guideState.stepValues, answerContext(guideState));
}

/** Whether the saved compare result was computed from exactly the current answers. */
export function compareResultFresh(): boolean {
  return (
    guideState.compareResult !== null &&
    guideState.compareAnswersKey === answersKey(currentAnswers())
  );
}

export function allStepsFinished(): boolean {
  const steps = guideSteps();
  return (
    steps.length > 0 &&
    firstUnfinishedStep(steps, guideState.stepValues, answerContext(guideState)) === undefined
  );
}

// ---------------------------------------------------------------------------------------------
// Saving

function persist(): void {
  const snapshot = {
    guideId: guideState.guideId,
    stepValues: structuredClone(plain(guideState.stepValues)),
    compareResult: guideState.compareResult ? plain(guideState.compareResult) : null,
    compareAnswersKey: guideState.compareAnswersKey,
    selectedInformationId: guideState.selectedInformationId,
    zipChecks: Object.fromEntries(
      Object.entries(guideState.zipChecks)
        .filter(([, s]) => s === 'valid' || s === 'invalid')
        .map(([k, s]) => [k, s === 'valid']),
    ),
  };
  const mine = generation;
  const stamp = journalProgress(snapshot);
  // One write after the other, so an older state never overwrites a newer one.
  saving = saving
    .then(() => saveProgress(snapshot, stamp))
    .then(() => {
      if (mine === generation) guideState.storageError = null;
    })
    .catch((error: unknown) => {
      if (mine !== generation) return;
      guideState.storageError = error instanceof Error ? error.message : String(error);
    });
}

/** A plain copy of a valtio proxy's value (proxies cannot be structuredClone'd). */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Resolves when every write started so far is done (tests, and before leaving the page). */
export function whenSaved(): Promise<void> {
  return saving;
}

// ---------------------------------------------------------------------------------------------
// Loading

/**
 * A server-rendered guide page brings the guide along (docs/decisions/009): the first render
 * shows it at once; loadGuide then only restores the saved answers. Nothing happens when a
 * guide is there already.
 */
export function seedGuide(guide: Guide, countryId: number): void {
  if (guideState.guide !== null || loading) return;
  guideState.countryId = countryId;
  guideState.guideId = guide.Id;
  guideState.guide = ref(guide);
  guideState.currentStepId = orderedSteps(guide)[0]?.Id ?? 1;
  // The questions came with the page, not from the API: kept where the worker looks for them
  // offline, so a reload or a first visit of another step works without a connection.
  whenIdle(() => void keepAsLastKnown(guidePath(guide.Id), guide));
}

export interface LoadOptions {
  countryId: number;
  guideId?: number;
}

/**
 * Loads the guide and restores the saved answers, compare result and selected information id
 * (SPEC §4). Idempotent per guide; a change of country only changes the postal code rules.
 */
export function loadGuide({ countryId, guideId = GUIDE_ID }: LoadOptions): Promise<void> {
  guideState.countryId = countryId;
  const key = String(guideId);
  if (loading?.key === key && guideState.loadError === null) return loading.done;
  const mine = generation;
  // Seeded from the server's render: no loading state, no second download.
  const seeded =
    guideState.guide !== null && guideState.guideId === guideId ? guideState.guide : null;
  guideState.guideId = guideId;
  if (!seeded) guideState.loading = true;
  guideState.loadError = null;
  const done = (async () => {
    const [guide, saved] = await Promise.all([
      seeded ?? fetchGuide(guideId).catch((error: unknown) => error as Error),
      loadProgress(guideId).catch((error: unknown) => {
        guideState.storageError = error instanceof Error ? error.message : String(error);
        return undefined;
      }),
    ]);
    if (mine !== generation) return;
    if (guide instanceof Error) {
      logGuideFailure('loading the guide failed', guide);
      guideState.loadError = guide instanceof NetworkError ? texts.load.offline : texts.load.failed;
      guideState.loading = false;
      // No answer: loaded again by itself once the connection is back (still "noch
      // nicht geladen" 8 s after reconnecting).
      if (guide instanceof NetworkError) loadAgainWhenBack(guideId);
      return;
    }
    guideState.guide = ref(guide);
    if (saved) {
      guideState.stepValues = knownValues(guide, saved.stepValues);
      guideState.compareResult = saved.compareResult;
      guideState.compareAnswersKey = saved.compareAnswersKey;
      guideState.selectedInformationId = saved.selectedInformationId;
      guideState.zipChecks = Object.fromEntries(
        Object.entries(saved.zipChecks).map(([k, v]) => [k, v ? 'valid' : 'invalid']),
      );
    }
    const steps = orderedSteps(guide);
    const open = firstUnfinishedStep(steps, guideState.stepValues, answerContext(guideState));
    guideState.currentStepId = (open ?? steps.at(-1))?.Id ?? 1;
    guideState.loading = false;
    recheckZips();
  })();
  loading = { key, done };
  return done;
}

let stopWaitingForConnection: (() => void) | undefined;

function loadAgainWhenBack(guideId: number): void {
  stopWaitingForConnection?.();
  stopWaitingForConnection = onConnectionBack(() => {
    stopWaitingForConnection?.();
    stopWaitingForConnection = undefined;
    if (guideState.loadError !== null) void loadGuide({ countryId: guideState.countryId, guideId });
  });
}

/** Saved postal codes without a known answer (typed offline) are asked again. */
function recheckZips(): void {
  for (const step of guideSteps()) {
    for (const input of step.Inputs) {
      if (input.Type !== 'zip') continue;
      const zip = guideState.stepValues[step.Id]?.[input.Key]?.trim();
      if (!zip || !answerContext(guideState).zipPattern.test(zip)) continue;
      const status = guideState.zipChecks[zipKey(guideState.countryId, zip)];
      if (status === undefined || status === 'offline') void checkZip(step.Id, zip);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Steps and answers

/**
 * Shows a step if every earlier step is finished; otherwise the first unfinished one (SPEC §4).
 * Returns the step id shown, so the page can correct the address.
 */
export function goToStep(stepId: number): number | undefined {
  const steps = guideSteps();
  const landed = landingStepId(steps, stepId, guideState.stepValues, answerContext(guideState));
  if (landed === undefined) return undefined;
  if (landed !== guideState.currentStepId) {
    // Going elsewhere (e.g. back) cancels a pending move on: a finished step shown again moves
    // on only when it is changed.
    clearTimeout(advanceTimer);
    advanceTimer = undefined;
    guideState.advancePending = false;
    guideState.currentStepId = landed;
  }
  return landed;
}

/** Sets one answer, saves it at once, and moves on once the current step is finished. */
export function setAnswer(stepId: number, key: string, value: string): void {
  const values = guideState.stepValues[stepId] ?? {};
  if (values[key] === value) return;
  guideState.stepValues[stepId] = { ...values, [key]: value };
  persist();
  const input = guideState.guide?.Steps.find((s) => s.Id === stepId)?.Inputs.find(
    (i) => i.Key === key,
  );
  if (input?.Type === 'zip') {
    const zip = value.trim();
    const status = guideState.zipChecks[zipKey(guideState.countryId, zip)];
    if (
      answerContext(guideState).zipPattern.test(zip) &&
      status !== 'valid' &&
      status !== 'invalid'
    )
      void checkZip(stepId, zip);
  }
  scheduleAdvance(stepId);
}

async function checkZip(stepId: number, zip: string): Promise<void> {
  const key = zipKey(guideState.countryId, zip);
  const mine = generation;
  guideState.zipChecks[key] = 'pending';
  const answer = await checkGuideZip(zip, guideState.countryId);
  if (mine !== generation) return;
  guideState.zipChecks[key] = answer === 'offline' ? 'offline' : answer ? 'valid' : 'invalid';
  if (answer === 'offline') {
    waitForOnline(() => recheckZips());
  } else {
    persist();
  }
  // The answer may finish the step: the wait starts now (the check belongs to the change).
  scheduleAdvance(stepId);
}

/** SPEC §4/§9: a finished current step moves on 1500 ms after its last change. */
function scheduleAdvance(stepId: number): void {
  if (stepId !== guideState.currentStepId) return;
  clearTimeout(advanceTimer);
  advanceTimer = undefined;
  guideState.advancePending = false;
  const step = guideSteps().find((s) => s.Id === stepId);
  if (!step || !isStepFinished(step, guideState.stepValues, answerContext(guideState))) return;
  guideState.advancePending = true;
  advanceTimer = setTimeout(() => {
    advanceTimer = undefined;
    guideState.advancePending = false;
    advanceFrom(stepId);
  }, AUTO_ADVANCE_MS);
}

/**
 * Moves on from a finished step now (the "Weiter" button, or the debounce): the next step, or
 * after the last one the guide-finished event and the compare. false when the step is open.
 */
export function advanceFrom(stepId: number): boolean {
  const steps = guideSteps();
  const step = steps.find((s) => s.Id === stepId);
  if (!step || !isStepFinished(step, guideState.stepValues, answerContext(guideState)))
    return false;
  clearTimeout(advanceTimer);
  advanceTimer = undefined;
  guideState.advancePending = false;
  // A checked postal code answered here is the calculator's too, when it has none (
  // the calculator bar still said "PLZ eingeben").
  const zip = guideZipCode();
  if (zip) suggestZipCode(zip, guideState.countryId);
  const next = nextStep(steps, stepId);
  if (next) {
    guideState.currentStepId = next.Id;
    navigate(guideStepPath(next.Id));
    return true;
  }
  guideEvents.dispatchEvent(new Event(GUIDE_FINISHED));
  navigate(paths.guide);
  void requestCompare();
  return true;
}

/** Starts again: all answers and the result of this guide are removed. */
export function restartGuide(): void {
  clearTimeout(advanceTimer);
  clearTimeout(checkoutTimer);
  advanceTimer = checkoutTimer = undefined;
  guideState.stepValues = {};
  guideState.compareResult = null;
  guideState.compareAnswersKey = null;
  guideState.selectedInformationId = null;
  guideState.compareError = null;
  guideState.compareLoading = false;
  guideState.allowTransferToPartner = false;
  const first = guideSteps()[0];
  guideState.currentStepId = first?.Id ?? 1;
  persist();
}

// ---------------------------------------------------------------------------------------------
// Compare

function waitForOnline(then: () => void): void {
  stopWaiting?.();
  const onOnline = () => {
    stopWaiting?.();
    then();
  };
  window.addEventListener('online', onOnline);
  stopWaiting = () => {
    window.removeEventListener('online', onOnline);
    stopWaiting = undefined;
  };
}

/**
 * The compare step: sends now when online; offline it waits and sends when the `online` event
 * fires. Resolves like compare() (false while waiting).
 */
export function requestCompare(): Promise<boolean> {
  if (guideState.comparing || guideState.compareLoading) return Promise.resolve(false);
  if (!navigator.onLine) {
    guideState.waitingForConnection = true;
    guideState.compareError = null;
    waitForOnline(() => void compare());
    return Promise.resolve(false);
  }
  return compare();
}

/**
 * SPEC §7 compare with the flattened answers. Success: the result is saved, compareLoading is
 * set and the checkout follows after 5000 ms. Failure (SPEC §8): logged, false, the visitor
 * stays and reads why.
 */
export async function compare(): Promise<boolean> {
  if (guideState.comparing) return false;
  const answers = currentAnswers();
  const mine = generation;
  guideState.comparing = true;
  guideState.waitingForConnection = false;
  guideState.compareError = null;
  try {
    const result = await postCompare(guideState.guideId, guideState.countryId, answers);
    if (mine !== generation) return false;
    guideState.compareResult = result;
    guideState.compareAnswersKey = answersKey(answers);
    guideState.selectedInformationId = null;
    persist();
    guideState.compareLoading = true;
    clearTimeout(checkoutTimer);
    checkoutTimer = setTimeout(() => {
      checkoutTimer = undefined;
      guideState.compareLoading = false;
      navigate(paths.guideResult);
    }, CHECKOUT_REDIRECT_MS);
    return true;
  } catch (error) {
    if (mine !== generation) return false;
    logGuideFailure('compare failed', error);
    if (error instanceof NetworkError && !navigator.onLine) {
      guideState.waitingForConnection = true;
      // Shown as the waiting message, not as an error: it is sent when the connection returns.
      waitForOnline(() => void compare());
    } else {
      // A 400 carries the server's German reason (e.g. a value out of range): show it; other
      // failures have nothing the visitor can act on beyond trying again.
      guideState.compareError =
        error instanceof NetworkError
          ? texts.compare.network
          : error instanceof ApiError && error.status === 400
            ? `${texts.compare.failed} ${error.message}`
            : texts.compare.failed;
    }
    return false;
  } finally {
    if (mine === generation) guideState.comparing = false;
  }
}

// ---------------------------------------------------------------------------------------------
// Result page

export function selectInformation(id: number | null): void {
  guideState.selectedInformationId = id;
  persist();
}

export function setAllowTransferToPartner(allowed: boolean): void {
  guideState.allowTransferToPartner = allowed;
}

/** The lead form's answer carries the server's recomputed result: keep it (and save it). */
export function acceptServerResult(result: CompareResult): void {
  guideState.compareResult = result;
  guideState.compareAnswersKey = answersKey(currentAnswers());
  persist();
}

/** The postal code the visitor gave in the guide (to prefill the lead form), or ''. */
export function guideZipCode(): string {
  for (const step of guideSteps()) {
    for (const input of step.Inputs) {
      if (input.Type !== 'zip') continue;
      const value = guideState.stepValues[step.Id]?.[input.Key];
      if (value) return value.trim();
    }
  }
  return '';
}
