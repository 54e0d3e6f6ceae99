/**
 * The reviews feature's public surface: the rating page (SPEC §2 /bewerten-sie-uns) and the
 * quality badge (SPEC §3 Trusted quality). The badge sits in the footer of every page, so this
 * module is part of the first download; the rating page is therefore reached through a loader
 * and lands in a chunk of its own.
 */
import { lazyImport } from '../../lib/lazy-import';

export { QualityBadge } from './components/quality-badge';
export const loadRatePage = lazyImport(() => import('./rate-page'));
