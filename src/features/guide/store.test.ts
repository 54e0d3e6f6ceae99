import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsole } from '../../../tests/support/setup-console';
import { db, readGuideProgress } from '../../db';
import { compareFixture, sentAnswers, stubGuideServer } from './guide.fixtures';
import { journalProgress } from './persistence';
import {
  AUTO_ADVANCE_MS,
  CHECKOUT_REDIRECT_MS,
  GUIDE_FINISHED,
  advanceFrom,
  compare,
  goToStep,
  guideEvents,
  guideState,
  loadGuide,
  requestCompare,
  resetGuide,
  selectInformation,
  setAnswer,
  setGuideNavigator,
  whenSaved,
} from './store';

let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

function setOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

// Node's setImmediate (not in the DOM types): a real turn of the event loop under fake timers.
const realTurn = (globalThis as unknown as { setImmediate: (cb: () => void) => void }).setImmediate;

/** Real turns of the event loop (setImmediate is not faked), for fetch stubs and Dexie. */
async function settle(until: () => boolean): Promise<void> {
  // The first call also loads the contract module (a real import), hence a time limit.
  const end = performance.now() + 5000;
  while (!until() && performance.now() < end) await new Promise<void>((r) => realTurn(r));
  expect(until()).toBe(true);
}

async function answerStep1(): Promise<void> {
  setAnswer(1, 'plz', '10115');
  // The postal code check answers (fetch stub) …
  await settle(() => guideState.zipChecks['1:10115'] === 'valid');
  // … and this answer finishes the step: the wait starts now.
  setAnswer(1, 'gebaeudeart', 'efh');
}

beforeEach(async () => {
  resetGuide();
  localStorage.clear();
  await db.guideProgress.clear();
  navigate = vi.fn<(path: string) => void>();
});

afterEach(async () => {
  // A write still on its way would land in the next test's database.
  await whenSaved();
  resetGuide();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function loaded(): Promise<ReturnType<typeof stubGuideServer>> {
  const stub = stubGuideServer();
  await loadGuide({ countryId: 1 });
  setGuideNavigator(navigate);
  // Only the timers the store uses: fake-indexeddb and the fetch stub run on real turns.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  return stub;
}

describe('auto-advance after 1500 ms (SPEC §4, §9)', () => {
  it('moves on 1500 ms after the step is finished, in OrderWeight order', async () => {
    await loaded();
    expect(guideState.currentStepId).toBe(1);
    await answerStep1();
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS - 1);
    expect(guideState.currentStepId).toBe(1);
    expect(guideState.advancePending).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    // Step 3 weighs less than step 2.
    expect(guideState.currentStepId).toBe(3);
    expect(navigate).toHaveBeenCalledWith('/heizoel-verbrauchsvergleich/schritt-3');
  });

  it('restarts the wait on a further change within the window', async () => {
    await loaded();
    await answerStep1();
    await vi.advanceTimersByTimeAsync(1000);
    setAnswer(1, 'gebaeudeart', 'mfh');
    await vi.advanceTimersByTimeAsync(1000);
    // 2000 ms after the first answer, 1000 ms after the change: still here.
    expect(guideState.currentStepId).toBe(1);
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS - 1000);
    expect(guideState.currentStepId).toBe(3);
  });

  it('does not move on while the step is open, and stops when it becomes open again', async () => {
    await loaded();
    setAnswer(1, 'gebaeudeart', 'efh');
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS * 3);
    expect(guideState.currentStepId).toBe(1);
    setAnswer(1, 'plz', '10115');
    await vi.advanceTimersByTimeAsync(500);
    setAnswer(1, 'plz', '1011');
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS * 2);
    expect(guideState.currentStepId).toBe(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not move on from a finished step shown again until it is changed', async () => {
    await loaded();
    await answerStep1();
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS);
    expect(guideState.currentStepId).toBe(3);
    expect(goToStep(1)).toBe(1);
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS * 3);
    expect(guideState.currentStepId).toBe(1);
    setAnswer(1, 'gebaeudeart', 'mfh');
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS);
    expect(guideState.currentStepId).toBe(3);
  });

  it('going back within the window cancels the pending move', async () => {
    await loaded();
    await answerStep1();
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS);
    setAnswer(3, 'flaeche', '140');
    await vi.advanceTimersByTimeAsync(500);
    goToStep(1);
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS * 2);
    expect(guideState.currentStepId).toBe(1);
  });

  it('refuses a step behind an open one (SPEC §4)', async () => {
    await loaded();
    expect(goToStep(4)).toBe(1);
    await answerStep1();
    expect(goToStep(2)).toBe(3);
    expect(guideState.currentStepId).toBe(3);
  });
});

async function answerAll(): Promise<void> {
  await answerStep1();
  advanceFrom(1);
  setAnswer(3, 'flaeche', '140');
  advanceFrom(3);
  setAnswer(2, 'personen', '3');
  advanceFrom(2);
  setAnswer(4, 'modus', 'jahr');
  setAnswer(4, 'liter', '2400');
}

describe('the last step, the compare and the 5000 ms redirect (SPEC §4, §9)', () => {
  it('raises guide-finished after the last step and sends the flattened answers', async () => {
    const { server } = await loaded();
    setOnline(true);
    const finished = vi.fn();
    guideEvents.addEventListener(GUIDE_FINISHED, finished);
    await answerAll();
    expect(finished).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS);
    guideEvents.removeEventListener(GUIDE_FINISHED, finished);
    expect(finished).toHaveBeenCalledTimes(1);
    await settle(() => guideState.compareLoading);
    expect(navigate).toHaveBeenLastCalledWith('/heizoel-verbrauchsvergleich');
    expect(server.compareBodies).toEqual([sentAnswers()]);
    expect(guideState.compareLoading).toBe(true);
    expect(guideState.compareResult).toEqual(compareFixture());
    await vi.advanceTimersByTimeAsync(CHECKOUT_REDIRECT_MS - 1);
    expect(navigate).not.toHaveBeenCalledWith('/dein-heizoelverbrauch');
    await vi.advanceTimersByTimeAsync(1);
    expect(navigate).toHaveBeenLastCalledWith('/dein-heizoelverbrauch');
    expect(guideState.compareLoading).toBe(false);
  });

  it('logs a failed compare, returns false and keeps the visitor there (SPEC §8)', async () => {
    const { server } = await loaded();
    setOnline(true);
    await answerAll();
    server.compare = 'fail';
    const warn = expectConsole('warn');
    expect(await compare()).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('compare failed');
    // A 500 has nothing the visitor can act on: no server text, just the German message.
    expect(guideState.compareError).toBe(
      'Die Auswertung ist leider fehlgeschlagen. Ihre Antworten sind gespeichert.',
    );
    expect(guideState.compareLoading).toBe(false);
    expect(guideState.compareResult).toBeNull();
    await vi.advanceTimersByTimeAsync(CHECKOUT_REDIRECT_MS * 2);
    expect(navigate).not.toHaveBeenCalledWith('/dein-heizoelverbrauch');
  });

  it('shows the reason the server gives for a refused compare (400)', async () => {
    const { server } = await loaded();
    setOnline(true);
    await answerAll();
    server.compare = 'invalid';
    expectConsole('warn');
    expect(await compare()).toBe(false);
    expect(guideState.compareError).toBe(
      'Die Auswertung ist leider fehlgeschlagen. Ihre Antworten sind gespeichert. Die Wohnfläche muss zwischen 30 und 1.000 m² liegen.',
    );
  });

  it('offline waits for the online event and then sends by itself', async () => {
    const { server } = await loaded();
    await answerAll();
    setOnline(false);
    expect(await requestCompare()).toBe(false);
    expect(guideState.waitingForConnection).toBe(true);
    expect(server.compareBodies).toHaveLength(0);
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await settle(() => guideState.compareLoading);
    expect(server.compareBodies).toHaveLength(1);
    expect(guideState.waitingForConnection).toBe(false);
    expect(guideState.compareLoading).toBe(true);
  });
});

describe('saving (SPEC §4: per guide id, restored on load)', () => {
  it('saves every answer at once and restores answers, result and information id', async () => {
    await loaded();
    setOnline(true);
    await answerAll();
    await vi.advanceTimersByTimeAsync(AUTO_ADVANCE_MS);
    await settle(() => guideState.compareLoading);
    selectInformation(2);
    await whenSaved();
    vi.useRealTimers();

    const saved = await readGuideProgress(1);
    expect(saved?.stepValues[4]).toEqual({ modus: 'jahr', liter: '2400' });
    expect(saved?.zipChecks).toEqual({ '1:10115': true });

    resetGuide();
    expect(guideState.stepValues).toEqual({});
    stubGuideServer();
    await loadGuide({ countryId: 1 });
    expect(guideState.stepValues).toEqual({
      1: { gebaeudeart: 'efh', plz: '10115' },
      3: { flaeche: '140' },
      2: { personen: '3' },
      4: { modus: 'jahr', liter: '2400' },
    });
    expect(guideState.compareResult).toEqual(compareFixture());
    expect(guideState.selectedInformationId).toBe(2);
    // Everything answered: the last step is the current one.
    expect(guideState.currentStepId).toBe(4);
  });

  it('restores half-done answers onto the first unfinished step', async () => {
    await loaded();
    await answerStep1();
    setAnswer(3, 'flaeche', '14');
    await whenSaved();
    vi.useRealTimers();
    resetGuide();
    stubGuideServer();
    await loadGuide({ countryId: 1 });
    expect(guideState.stepValues[3]).toEqual({ flaeche: '14' });
    expect(guideState.currentStepId).toBe(3);
  });

  it('a change the database did not get yet survives in the journal (reload at once)', async () => {
    // What a reload right after a keystroke leaves: the synchronous journal, no database row.
    journalProgress({
      guideId: 1,
      stepValues: { 1: { plz: '10115', gebaeudeart: 'efh' }, 3: { flaeche: '14' } },
      compareResult: null,
      compareAnswersKey: null,
      selectedInformationId: null,
      zipChecks: { '1:10115': true },
    });
    expect(await readGuideProgress(1)).toBeUndefined();
    stubGuideServer();
    await loadGuide({ countryId: 1 });
    expect(guideState.stepValues[3]).toEqual({ flaeche: '14' });
    expect(guideState.currentStepId).toBe(3);
    // Carried over into IndexedDB, and the journal is gone.
    expect((await readGuideProgress(1))?.stepValues[3]).toEqual({ flaeche: '14' });
    expect(localStorage.getItem('oelkompass.guide-journal.1')).toBeNull();
  });
});
