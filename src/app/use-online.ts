import { useSyncExternalStore } from 'react';
import { connectionLost, subscribeConnection } from '../api/connection';

/**
 * SPEC §4/§8 online/offline, judged by the browser's events and by outcome (on
 * Lie-Fi the browser says online while requests fail). The server render says online.
 */
export function useOnline(): boolean {
  return !useSyncExternalStore(subscribeConnection, connectionLost, () => false);
}
