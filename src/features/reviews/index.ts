/**
 * The reviews feature's public surface: the rating page (SPEC §2 /bewerten-sie-uns) and the
 * quality badge (SPEC §3 Trusted quality). The badge sits in the footer of every page, so this
 * module is part of the first download; the rating page is therefore exported as a lazy
 * component and loads only on its route.
 */
import { lazy } from 'react';

export { QualityBadge } from './components/quality-badge';
export const RatePage = lazy(() => import('./rate-page').then((m) => ({ default: m.RatePage })));
