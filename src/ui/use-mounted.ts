import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * false in the server render and in the render that hydrates it, true afterwards: for what only
 * exists in the browser (portals to document.body), so hydration sees the server's markup.
 */
export function useMounted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
