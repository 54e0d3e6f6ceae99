import { startTransition, useEffect, useState } from 'react';

/**
 * How many items of a long list to render now: the first `first` at once, the rest in a
 * transition right after that commit. A list that arrives as one update (the offer list's
 * answer) is otherwise one long task on a slow phone; this way the first screenful paints in a
 * short one and React renders the rest in slices the browser can interrupt for input.
 * Only the first appearance is split: once the whole list was shown, later lists (a re-sort, a
 * recalculation) render whole, so a visitor scrolled down never sees the list shrink under them.
 */
export function useProgressiveCount(total: number, first: number): number {
  const [whole, setWhole] = useState(false);
  const split = !whole && total > first;
  useEffect(() => {
    if (split) startTransition(() => setWhole(true));
  }, [split]);
  return split ? first : total;
}
