/**
 * The caches module's public face (eslint.config.js zone (j)): `app.caches`, the registry of the
 * process's caches that staff can clear, the TTL cache the modules keep their answers in, and the
 * routes of the cache screen.
 */
export { cachesPlugin } from './plugin';
export { type CacheSource, PAGES_CACHE, ttlCacheSource } from './registry';
export { cacheRoutes } from './routes';
export { TtlCache } from './ttl-cache';
