/**
 * The staff area (SPEC §2 support area): its only public surface. Each group of screens is
 * its own chunk, loaded when one of its addresses is opened (src/app/staff-router.tsx), so an
 * editor opening the CMS does not download the ad manager's screens, and no staff code is in
 * the public pages' bundle. The sub-folders share the list/edit kit in ./kit.
 */
import { lazyImport } from '../../lib/lazy-import';

export const loadStaffHome = lazyImport(() => import('./home'));
export const loadStaffUsers = lazyImport(() => import('./users'));
export const loadStaffOps = lazyImport(() => import('./ops'));
export const loadStaffAds = lazyImport(() => import('./ads'));
export const loadStaffCms = lazyImport(() => import('./cms'));
