import { startTransition, useEffect, useState } from 'react';

/**
 * How many items of a long list to render now: the first `first` at once, the rest in a
 * transition right after that commit. A list that arrives as one update (the offer list's
 * answer) is otherwise one long task on a slow phone; this way the first screenful paints in a
 * short one and React renders the rest in slices the browser can interrupt for input.
 * Only the first appearance is split: once the whole list was shown, later lists (a re-sort, a
 * recalculation) render whole, so a visitor scrolled down never sees the list shrink under them.
 * `shownAlready`: the list was there before this component (a server-rendered page hydrating
 * its HTML): it renders whole from the start, as the HTML has it.
 */
export function useProgressiveCount(total: number, first: number, shownAlready = false): number {
  const [whole, setWhole] = useState(shownAlready);
  const split = !whole && total > first;
  useEffect(() => {
    if (split) startTransition(() => setWhole(true));
  }, [split]);
  return split ? first : total;
}
