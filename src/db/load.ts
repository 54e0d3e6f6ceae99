/**
 * The one loader of the IndexedDB module (./index, with Dexie, about 30 KB gzip), shared by every
 * part of the app: once any of them loaded it, all get it at once, offline too
 * (src/lib/lazy-import.ts asks for nothing offline that is not loaded yet).
 */
import { lazyImport } from '../lib/lazy-import';

export const loadDb = lazyImport(() => import('./index'));
