/**
 * The loading bar of SPEC §4: it appears only when a request takes longer than 200 ms, runs
 * towards the end over about 5 s, jumps to the end when the last request answers and hides
 * 500 ms later; a failed request turns it red. Concurrent requests share one bar.
 */
import { proxy } from 'valtio';

export const LOADING_BAR_THROTTLE_MS = 200; // SPEC §9
export const LOADING_BAR_DURATION_MS = 5000; // SPEC §9 "about 5 s"
export const LOADING_BAR_HIDE_DELAY_MS = 500; // SPEC §9

export type LoadingBarPhase = 'idle' | 'running' | 'done' | 'failed';

export const loadingBarState = proxy({ phase: 'idle' as LoadingBarPhase });

let pending = 0;
let failedSinceStart = false;
let showTimer: ReturnType<typeof setTimeout> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

function clearTimers(): void {
  clearTimeout(showTimer);
  clearTimeout(hideTimer);
  showTimer = undefined;
  hideTimer = undefined;
}

export function startLoading(): void {
  pending += 1;
  if (pending > 1) return;
  failedSinceStart = false;
  clearTimeout(hideTimer);
  hideTimer = undefined;
  if (loadingBarState.phase === 'running') return;
  // A request answered within the throttle never shows the bar.
  showTimer = setTimeout(() => {
    showTimer = undefined;
    loadingBarState.phase = 'running';
  }, LOADING_BAR_THROTTLE_MS);
}

export function finishLoading(ok: boolean): void {
  if (pending === 0) return;
  pending -= 1;
  if (!ok) failedSinceStart = true;
  if (pending > 0) return;
  if (showTimer !== undefined) {
    clearTimeout(showTimer);
    showTimer = undefined;
    // Still hidden: nothing to show. But a request started during the hide delay cancelled that
    // delay, so a bar still showing 'done'/'failed' must be scheduled to hide again.
    if (!failedSinceStart && loadingBarState.phase === 'idle') return;
  }
  loadingBarState.phase = failedSinceStart ? 'failed' : 'done';
  hideTimer = setTimeout(() => {
    hideTimer = undefined;
    loadingBarState.phase = 'idle';
  }, LOADING_BAR_HIDE_DELAY_MS);
}

export function resetLoadingBar(): void {
  clearTimers();
  pending = 0;
  failedSinceStart = false;
  loadingBarState.phase = 'idle';
}
