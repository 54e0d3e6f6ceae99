import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOADING_BAR_HIDE_DELAY_MS,
  LOADING_BAR_THROTTLE_MS,
  finishLoading,
  loadingBarState,
  resetLoadingBar,
  startLoading,
  type LoadingBarPhase,
} from './store';

/** Lets `ms` pass on the fake clock, then checks the bar's phase. */
function after(ms: number, phase: LoadingBarPhase): void {
  vi.advanceTimersByTime(ms);
  expect(loadingBarState.phase).toBe(phase);
}

/** A request that outlives the throttle and answers well: the bar shows done. */
function shownRequestDone(): void {
  startLoading();
  vi.advanceTimersByTime(300);
  finishLoading(true);
  expect(loadingBarState.phase).toBe('done');
}

/** A request that fails after `ms`: the bar turns red, then hides. */
function failsAfter(ms: number): void {
  startLoading();
  vi.advanceTimersByTime(ms);
  finishLoading(false);
  expect(loadingBarState.phase).toBe('failed');
  after(500, 'idle');
}

// SPEC §4/§9: throttle 200 ms, hide 500 ms after the last answer, red on failure.
describe('loading bar store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetLoadingBar();
  });
  afterEach(() => {
    resetLoadingBar();
    vi.useRealTimers();
  });

  it('uses the SPEC §9 timings', () => {
    expect(LOADING_BAR_THROTTLE_MS).toBe(200);
    expect(LOADING_BAR_HIDE_DELAY_MS).toBe(500);
  });

  it('never shows the bar for a request answered within 200 ms', () => {
    startLoading();
    after(199, 'idle');
    finishLoading(true);
    after(0, 'idle');
    after(2000, 'idle');
  });

  it('shows the bar at 200 ms for a slower request', () => {
    startLoading();
    after(199, 'idle');
    after(1, 'running');
  });

  it('jumps to done when the request answers and hides exactly 500 ms later', () => {
    shownRequestDone();
    after(499, 'done');
    after(1, 'idle');
  });

  it('turns failed when a shown request fails, then hides', () => {
    failsAfter(250);
  });

  it('shows failed even when the failed request was shorter than the throttle', () => {
    failsAfter(50);
  });

  it('keeps running while overlapping requests are pending and finishes after the last', () => {
    startLoading();
    vi.advanceTimersByTime(100);
    startLoading();
    after(150, 'running');

    finishLoading(true);
    after(0, 'running');
    after(1000, 'running');

    finishLoading(true);
    after(0, 'done');
    after(500, 'idle');
  });

  it('reports a failure of one of several overlapping requests when the last one ends', () => {
    startLoading();
    startLoading();
    vi.advanceTimersByTime(300);
    finishLoading(false);
    after(0, 'running');
    finishLoading(true);
    after(0, 'failed');
  });

  it('a new request during the hide delay keeps the bar from hiding', () => {
    shownRequestDone();
    vi.advanceTimersByTime(100);
    startLoading();
    vi.advanceTimersByTime(450);
    // The old hide timer must not fire in the middle of the new request.
    expect(loadingBarState.phase).not.toBe('idle');
    finishLoading(true);
    after(0, 'done');
    after(500, 'idle');
  });

  it('hides after a quick request that started while the previous bar was still finishing', () => {
    shownRequestDone();
    vi.advanceTimersByTime(100);
    startLoading();
    vi.advanceTimersByTime(50);
    finishLoading(true);
    after(500, 'idle');
  });

  it('ignores a finish without a start', () => {
    finishLoading(false);
    after(0, 'idle');
    after(1000, 'idle');
  });
});
