/**
 * Façade for the format worker: calls go to the worker; when it cannot start or a call fails,
 * the same pure module runs on the main thread (excalidraw's subset worker pattern).
 */
import { wrap, type Remote } from 'comlink';
import type { FormatRequest } from '../../lib/format';
import { formatApi, type FormatApi } from './format';

/** A call the worker has not answered by then is done on the main thread. */
const WORKER_TIMEOUT_MS = 3000;

let remote: Remote<FormatApi> | undefined;
let workerBroken = false;

function getRemote(): Remote<FormatApi> | undefined {
  if (workerBroken || typeof Worker === 'undefined') return undefined;
  if (!remote) {
    try {
      const worker = new Worker(new URL('./format.worker.ts', import.meta.url), {
        type: 'module',
        name: 'format',
      });
      worker.addEventListener('error', () => {
        workerBroken = true;
        remote = undefined;
      });
      remote = wrap<FormatApi>(worker);
    } catch {
      workerBroken = true;
      return undefined;
    }
  }
  return remote;
}

async function withFallback<T>(
  viaWorker: (r: Remote<FormatApi>) => Promise<T>,
  fallback: () => T,
): Promise<T> {
  const r = getRemote();
  if (!r) return fallback();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('format worker timeout')), WORKER_TIMEOUT_MS);
    });
    return await Promise.race([viaWorker(r), timeout]);
  } catch {
    workerBroken = true;
    return fallback();
  } finally {
    clearTimeout(timer);
  }
}

export const formatWorker = {
  formatMany: (requests: readonly FormatRequest[]): Promise<string[]> =>
    withFallback(
      (r) => r.formatMany(requests),
      () => formatApi.formatMany(requests),
    ),
  formatAmountInput: (text: string): Promise<string> =>
    withFallback(
      (r) => r.formatAmountInput(text),
      () => formatApi.formatAmountInput(text),
    ),
};

/** Tests: forget the worker so the next call decides again. */
export function resetFormatWorker(): void {
  remote = undefined;
  workerBroken = false;
}
