/**
 * SPEC §3 Banner data mex / selectedMex in the calculator bar: for a logged-in user with
 * hasMexEnabled, one line "Tank Keller: 42 % · reicht bis 12.02." linking to /mein-mex.
 * Only this small gate is on every page's first download; the snapshot store, its call and the
 * line load as their own chunk once a meX user is known (not in the server render, not for
 * anyone else).
 */
import { Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { sessionState } from '../../features/session';
import { usePageLive } from '../../ui/hydration';
import { lazyImport } from '../../lib/lazy-import';
import { lazyPart } from '../../ui/lazy-part';

const MexLinePart = lazyPart(lazyImport(() => import('./mex-line-part')));

export function MexLine({ className }: { className?: string }) {
  const { User } = useSnapshot(sessionState);
  const live = usePageLive();
  if (!live || !User?.hasMexEnabled) return null;
  return (
    <p className={className}>
      <Suspense fallback={null}>
        <MexLinePart />
      </Suspense>
    </p>
  );
}
