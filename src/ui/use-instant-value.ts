/**
 * A controlled input whose value lives in a valtio store: the store's snapshot reaches React a
 * moment after the change, so after a click React first puts the radio or checkbox back to the
 * old value (a flicker; a slow machine saw the click not take). This keeps the visitor's choice
 * until the store's value changes. Not `useSnapshot(…, { sync: true })`: that renders the whole
 * component once per store write, and a page that loads in many writes paid for it in blocking
 * time (bench: offer list TBT 104 → 253 ms).
 */
import { useState } from 'react';

export function useInstantValue<T>(value: T): [T, (next: T) => void] {
  const [pending, setPending] = useState<{ value: T } | null>(null);
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    // The store caught up (or changed for another reason): it is right again.
    setSeen(value);
    setPending(null);
  }
  return [pending ? pending.value : value, (next) => setPending({ value: next })];
}
