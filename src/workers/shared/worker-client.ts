/**
 * The façade half of the workers pattern (CONVENTIONS, Client: workers; excalidraw's subset
 * worker): calls go to a Comlink worker; when it cannot start, reports an error, throws or does
 * not answer in time, the same pure module runs on the main thread, and the worker is not asked
 * again until reset(). A page never waits longer than the timeout for a number to appear.
 *
 * The Worker itself is created by the caller's `create` function, because Vite only bundles a
 * worker it sees as `new Worker(new URL('./x.worker.ts', import.meta.url), …)` in that module.
 */
import { wrap, type Remote } from 'comlink';

/** A call the worker has not answered by then is done on the main thread. */
export const WORKER_TIMEOUT_MS = 3000;

export interface WorkerClient<Api> {
  /** Runs `viaWorker` on the worker, or `fallback` on the main thread. Never rejects by itself. */
  call<T>(viaWorker: (remote: Remote<Api>) => Promise<T>, fallback: () => T): Promise<T>;
  /** Tests: forget the worker so the next call decides again. */
  reset(): void;
}

export function createWorkerClient<Api>(
  name: string,
  create: () => Worker,
  timeoutMs: number = WORKER_TIMEOUT_MS,
): WorkerClient<Api> {
  let remote: Remote<Api> | undefined;
  let broken = false;

  function getRemote(): Remote<Api> | undefined {
    if (broken || typeof Worker === 'undefined') return undefined;
    if (!remote) {
      try {
        const worker = create();
        worker.addEventListener('error', () => {
          broken = true;
          remote = undefined;
        });
        remote = wrap<Api>(worker);
      } catch {
        broken = true;
        return undefined;
      }
    }
    return remote;
  }

  return {
    async call(viaWorker, fallback) {
      const r = getRemote();
      if (!r) return fallback();
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${name} worker timeout`)), timeoutMs);
        });
        return await Promise.race([viaWorker(r), timeout]);
      } catch {
        broken = true;
        return fallback();
      } finally {
        clearTimeout(timer);
      }
    },
    reset() {
      remote = undefined;
      broken = false;
    },
  };
}
