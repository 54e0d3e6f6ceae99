import { useEffect, useEffectEvent } from 'react';
import { connectionLost, onConnectionBack } from '../../api/connection';
import type { Phase } from './store';

/**
 * A form whose send is queued (no connection, or a reload while it was) sends once the
 * connection is there: at once when it already is, else when it comes back. The draft's phase
 * guards against a second send (one at a time).
 */
export function useSendWhenOnline(phase: Phase, ready: boolean, send: () => void): void {
  const resend = useEffectEvent(send);
  useEffect(() => {
    if (phase !== 'queued' || !ready) return;
    if (!connectionLost()) {
      resend();
      return;
    }
    return onConnectionBack(() => resend());
  }, [phase, ready]);
}
