/**
 * Advert slots (SPEC §3/§4): the pages place src/ui/advert/advert-slot.tsx; this
 * feature is its work (slot store, draw, rendering), which the app hands to the slots.
 */
import { lazyImport } from '../../lib/lazy-import';
export const loadAdvertRuntime = lazyImport(() => import('./runtime'));
