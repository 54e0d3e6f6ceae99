import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOADING_BAR_HIDE_DELAY_MS,
  LOADING_BAR_THROTTLE_MS,
  finishLoading,
  loadingBarState,
  resetLoadingBar,
  startLoading,
} from './store';

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
    vi.advanceTimersByTime(199);
    expect(loadingBarState.phase).toBe('idle');
    finishLoading(true);
    expect(loadingBarState.phase).toBe('idle');
    vi.advanceTimersByTime(2000);
    expect(loadingBarState.phase).toBe('idle');
  });

  it('shows the bar at 200 ms for a slower request', () => {
    startLoading();
    vi.advanceTimersByTime(199);
    expect(loadingBarState.phase).toBe('idle');
    vi.advanceTimersByTime(1);
    expect(loadingBarState.phase).toBe('running');
  });

  it('jumps to done when the request answers and hides exactly 500 ms later', () => {
    startLoading();
    vi.advanceTimersByTime(300);
    finishLoading(true);
    expect(loadingBarState.phase).toBe('done');
    vi.advanceTimersByTime(499);
    expect(loadingBarState.phase).toBe('done');
    vi.advanceTimersByTime(1);
    expect(loadingBarState.phase).toBe('idle');
  });

  it('turns failed when a shown request fails, then hides', () => {
    startLoading();
    vi.advanceTimersByTime(250);
    finishLoading(false);
    expect(loadingBarState.phase).toBe('failed');
    vi.advanceTimersByTime(500);
    expect(loadingBarState.phase).toBe('idle');
  });

  it('shows failed even when the failed request was shorter than the throttle', () => {
    startLoading();
    vi.advanceTimersByTime(50);
    finishLoading(false);
    expect(loadingBarState.phase).toBe('failed');
    vi.advanceTimersByTime(500);
    expect(loadingBarState.phase).toBe('idle');
  });

  it('keeps running while overlapping requests are pending and finishes after the last', () => {
    startLoading();
    vi.advanceTimersByTime(100);
    startLoading();
    vi.advanceTimersByTime(150);
    expect(loadingBarState.phase).toBe('running');

    finishLoading(true);
    expect(loadingBarState.phase).toBe('running');
    vi.advanceTimersByTime(1000);
    expect(loadingBarState.phase).toBe('running');

    finishLoading(true);
    expect(loadingBarState.phase).toBe('done');
    vi.advanceTimersByTime(500);
    expect(loadingBarState.phase).toBe('idle');
  });

  it('reports a failure of one of several overlapping requests when the last one ends', () => {
    startLoading();
    startLoading();
    vi.advanceTimersByTime(300);
    finishLoading(false);
    expect(loadingBarState.phase).toBe('running');
    finishLoading(true);
    expect(loadingBarState.phase).toBe('failed');
  });

  it('a new request during the hide delay keeps the bar from hiding', () => {
    startLoading();
    vi.advanceTimersByTime(300);
    finishLoading(true);
    expect(loadingBarState.phase).toBe('done');
    vi.advanceTimersByTime(100);
    startLoading();
    vi.advanceTimersByTime(450);
    // The old hide timer must not fire in the middle of the new request.
    expect(loadingBarState.phase).not.toBe('idle');
    finishLoading(true);
    expect(loadingBarState.phase).toBe('done');
    vi.advanceTimersByTime(500);
    expect(loadingBarState.phase).toBe('idle');
  });

  it('hides after a quick request that started while the previous bar was still finishing', () => {
    startLoading();
    vi.advanceTimersByTime(300);
    finishLoading(true);
    expect(loadingBarState.phase).toBe('done');
    vi.advanceTimersByTime(100);
    startLoading();
    vi.advanceTimersByTime(50);
    finishLoading(true);
    vi.advanceTimersByTime(500);
    expect(loadingBarState.phase).toBe('idle');
  });

  it('ignores a finish without a start', () => {
    finishLoading(false);
    expect(loadingBarState.phase).toBe('idle');
    vi.advanceTimersByTime(1000);
    expect(loadingBarState.phase).toBe('idle');
  });
});
