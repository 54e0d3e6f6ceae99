/**
 * `app.caches`: the registry of this process's caches and their clearing across
 * server processes (generations.ts). Registered before the modules, which add their caches with
 * `app.caches.register(...)`; listens and polls once the app is ready, stops on close.
 */
import fp from 'fastify-plugin';
import type { AuditActor } from '../audit';
import { CacheGenerations, type ClearOutcome } from './generations';
import { CacheRegistry, type CacheSource } from './registry';

export interface Caches {
  register(source: CacheSource): void;
  get(name: string): CacheSource | undefined;
  list(): CacheSource[];
  /** Clears here at once and in every other process (bump + notify), audited per cache. */
  clear(sources: readonly CacheSource[], actor: AuditActor): Promise<ClearOutcome[]>;
  /** Their data changed: clears them here and in every other process, unaudited (generations.ts). */
  invalidate(names: readonly string[]): Promise<void>;
  /** Looks for clears made elsewhere now (the poll does it every 2 s). */
  sync(): Promise<void>;
  /** Changes the poll interval; null stops the poll (tests). */
  pollEvery(ms: number | null): void;
  /** A LISTEN connection is open (PostgreSQL). */
  readonly listening: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    caches: Caches;
  }
}

export interface CachesPluginOptions {
  /** Default 2000 ms (generations.ts CACHE_POLL_MS). */
  pollMs?: number;
}

export const cachesPlugin = fp<CachesPluginOptions>(
  async (app, options) => {
    const registry = new CacheRegistry();
    const generations = new CacheGenerations(app.db, registry, {
      log: app.log,
      pollMs: options.pollMs,
    });
    const caches: Caches = {
      register: (source) => registry.register(source),
      get: (name) => registry.get(name),
      list: () => registry.list(),
      clear: (sources, actor) => generations.clear(sources, actor),
      invalidate: (names) => generations.invalidate(names),
      sync: () => generations.sync(),
      pollEvery: (ms) => generations.pollEvery(ms),
      get listening() {
        return generations.listening;
      },
    };
    app.decorate('caches', caches);
    app.addHook('onReady', () => generations.start());
    // Before the database closes (the database plugin's hook was added earlier, runs later).
    app.addHook('onClose', () => generations.stop());
  },
  { name: 'caches', dependencies: ['database'] },
);
