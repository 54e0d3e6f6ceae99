/**
 * Taps on a server-rendered page before the app has taken it over (issue 10). Until the page
 * hydrates, its buttons are plain HTML: a tap on the favourite heart or a card's price details
 * on a slow phone would do nothing, and the visitor would not know whether it counted. The
 * page's head collects them (EARLY_TAPS_SCRIPT, src/lib/inline-scripts.ts); once the page is
 * live, each tapped button that is still there is pressed once. Links and submit buttons are
 * not collected: the browser carries them out by itself.
 */
type Collector = { earlyTaps?: HTMLButtonElement[] | null };

/** Ends the collecting (the app handles taps from now on) and returns what was collected. */
export function takeEarlyTaps(): HTMLButtonElement[] {
  const collector = window as unknown as Collector;
  const taps = collector.earlyTaps ?? [];
  collector.earlyTaps = null;
  return taps;
}

/** Presses each collected button that the hydrated page still shows, enabled. */
export function replayEarlyTaps(taps: readonly HTMLButtonElement[]): void {
  for (const button of taps) {
    if (button.isConnected && !button.disabled) button.click();
  }
}
