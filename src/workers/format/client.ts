/**
 * Façade for the format worker: calls go to the worker; when it cannot start or a call fails,
 * the same pure module runs on the main thread (src/workers/shared/worker-client.ts).
 */
import type { FormatRequest } from '../../lib/format';
import { createWorkerClient } from '../shared/worker-client';
import { formatApi, type FormatApi } from './format';

const client = createWorkerClient<FormatApi>(
  'format',
  () =>
    new Worker(new URL('./format.worker.ts', import.meta.url), { type: 'module', name: 'format' }),
);

export const formatWorker = {
  formatMany: (requests: readonly FormatRequest[]): Promise<string[]> =>
    client.call(
      (r) => r.formatMany(requests),
      () => formatApi.formatMany(requests),
    ),
  formatAmountInput: (text: string): Promise<string> =>
    client.call(
      (r) => r.formatAmountInput(text),
      () => formatApi.formatAmountInput(text),
    ),
};

/** Tests: forget the worker so the next call decides again. */
export function resetFormatWorker(): void {
  client.reset();
}
