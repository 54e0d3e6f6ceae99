import { useEffect, useState } from 'react';

/**
 * SPEC §9 "fetch minimum delay" 200 ms: a request must take this long before the page shows
 * that it is waiting for it (a dimmed list, a spinner), like the loading bar's throttle. A quick
 * answer then swaps the content without a flash of "wird aktualisiert".
 */
export const FETCH_MIN_DELAY_MS = 200;

/** `on`, but only once it has been true for `delayMs`; false again at once. */
export function useDelayedFlag(on: boolean, delayMs = FETCH_MIN_DELAY_MS): boolean {
  // Each stretch of `on` is an episode; the timer marks its own episode as shown, so a new
  // stretch always waits again.
  const [episode, setEpisode] = useState(0);
  const [wasOn, setWasOn] = useState(on);
  const [shownEpisode, setShownEpisode] = useState(-1);
  if (on !== wasOn) {
    setWasOn(on);
    if (on) setEpisode((e) => e + 1);
  }
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setShownEpisode(episode), delayMs);
    return () => clearTimeout(timer);
  }, [on, episode, delayMs]);
  return on && shownEpisode === episode;
}
