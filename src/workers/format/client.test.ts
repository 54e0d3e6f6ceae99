import { expose } from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatAmountInput, formatMany, type FormatRequest } from '../../lib/format';
import { formatWorker, resetFormatWorker } from './client';
import type { FormatApi } from './format';

const requests: FormatRequest[] = [
  { kind: 'price', value: 1234.5, currency: 'EUR' },
  { kind: 'price', value: 98.7, currency: 'CHF' },
  { kind: 'quantity', value: 32000 },
  { kind: 'exchange', value: 0.95128 },
  { kind: 'oneDigit', value: 4.56 },
];

/** A Worker that accepts messages and never answers (a hung or still-loading worker). */
class SilentWorker extends EventTarget {
  static instances: SilentWorker[] = [];
  readonly posted: unknown[] = [];
  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    super();
    SilentWorker.instances.push(this);
  }
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  terminate(): void {}
}

beforeEach(() => {
  SilentWorker.instances = [];
  resetFormatWorker();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetFormatWorker();
});

describe('format worker façade without a Worker', () => {
  beforeEach(() => {
    vi.stubGlobal('Worker', undefined);
  });

  it('formats a batch on the main thread exactly like the pure functions', async () => {
    await expect(formatWorker.formatMany(requests)).resolves.toEqual(formatMany(requests));
  });

  it('formats the amount input like the pure function', async () => {
    await expect(formatWorker.formatAmountInput('32000')).resolves.toBe('32.000');
    await expect(formatWorker.formatAmountInput('abc12')).resolves.toBe(formatAmountInput('abc12'));
  });
});

describe('format worker façade with a Worker', () => {
  it('uses the worker when it answers', async () => {
    // A real Comlink endpoint on a MessageChannel stands in for the worker thread; it answers
    // with marked values so the test can tell them from the main-thread fallback.
    const fake: FormatApi = {
      formatMany: (rs) => rs.map((r) => `worker:${r.value}`),
      formatAmountInput: (text) => `worker:${text}`,
    };
    const ports: MessagePort[] = [];
    vi.stubGlobal(
      'Worker',
      vi.fn(function FakeWorker() {
        const channel = new MessageChannel();
        expose(fake, channel.port2);
        ports.push(channel.port1, channel.port2);
        return channel.port1;
      }),
    );
    try {
      await expect(formatWorker.formatMany([{ kind: 'quantity', value: 3 }])).resolves.toEqual([
        'worker:3',
      ]);
      await expect(formatWorker.formatAmountInput('3000')).resolves.toBe('worker:3000');
      expect(Worker).toHaveBeenCalledTimes(1);
    } finally {
      for (const port of ports) port.close();
    }
  });

  it('falls back to the main thread when the worker does not answer within 3 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', SilentWorker);

    let settled: string[] | undefined;
    const pending = formatWorker.formatMany(requests).then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBeUndefined();
    expect(SilentWorker.instances).toHaveLength(1);
    expect(SilentWorker.instances[0]?.posted.length).toBeGreaterThan(0);

    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toEqual(formatMany(requests));
  });

  it('stops asking a worker that timed out', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', SilentWorker);

    const first = formatWorker.formatAmountInput('3000');
    await vi.advanceTimersByTimeAsync(3000);
    await expect(first).resolves.toBe('3.000');

    const worker = SilentWorker.instances[0];
    const postedBefore = worker?.posted.length;
    // Answered at once, without waiting for another timeout.
    await expect(formatWorker.formatAmountInput('500')).resolves.toBe('500');
    expect(worker?.posted.length).toBe(postedBefore);
    expect(SilentWorker.instances).toHaveLength(1);
  });

  it('falls back at once after the worker reported an error', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', SilentWorker);

    const first = formatWorker.formatAmountInput('1000');
    const worker = SilentWorker.instances[0];
    worker?.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(3000);
    await expect(first).resolves.toBe('1.000');

    await expect(formatWorker.formatAmountInput('2000')).resolves.toBe('2.000');
    expect(SilentWorker.instances).toHaveLength(1);
  });

  it('falls back when the worker cannot be constructed', async () => {
    vi.stubGlobal(
      'Worker',
      vi.fn(function BrokenWorker() {
        throw new DOMException('Worker scripts are blocked', 'SecurityError');
      }),
    );
    await expect(formatWorker.formatMany(requests)).resolves.toEqual(formatMany(requests));
    await expect(formatWorker.formatAmountInput('12000')).resolves.toBe('12.000');
    expect(Worker).toHaveBeenCalledTimes(1);
  });
});
