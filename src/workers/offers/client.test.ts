import { expose } from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offersWorker, resetOffersWorker } from './client';
import { generateOffers } from './offers.fixtures';
import { rankOffers, type OffersApi } from './offers';

const offers = generateOffers({ count: 20, seed: 3 });

/** A Worker that accepts messages and never answers (hung or still loading). */
class SilentWorker extends EventTarget {
  static instances: SilentWorker[] = [];
  readonly posted: unknown[] = [];
  constructor() {
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
  resetOffersWorker();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetOffersWorker();
});

describe('offers worker façade', () => {
  it('ranks on the main thread when there is no Worker, exactly like the pure module', async () => {
    vi.stubGlobal('Worker', undefined);
    await expect(offersWorker.rankOffers(offers, 'rating')).resolves.toEqual(
      rankOffers(offers, 'rating'),
    );
  });

  it('uses the worker when it answers', async () => {
    // A Comlink endpoint on a MessageChannel stands in for the worker thread; its answer is
    // marked so it cannot be mistaken for the fallback.
    const fake: OffersApi = {
      rankOffers: (items, sort) =>
        rankOffers(items, sort).map((v) => ({ ...v, dealerName: `worker:${v.dealerName}` })),
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
      const views = await offersWorker.rankOffers(offers, 'price');
      expect(views).toHaveLength(offers.length);
      expect(views.every((v) => v.dealerName.startsWith('worker:'))).toBe(true);
      expect(Worker).toHaveBeenCalledTimes(1);
    } finally {
      for (const port of ports) port.close();
    }
  });

  it('falls back after 3 s without an answer and then stops asking the worker', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', SilentWorker);

    let settled: unknown;
    const pending = offersWorker.rankOffers(offers, 'delivery').then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toEqual(rankOffers(offers, 'delivery'));

    const posted = SilentWorker.instances[0]?.posted.length;
    await expect(offersWorker.rankOffers(offers, 'price')).resolves.toEqual(
      rankOffers(offers, 'price'),
    );
    expect(SilentWorker.instances[0]?.posted.length).toBe(posted);
    expect(SilentWorker.instances).toHaveLength(1);
  });

  it('falls back when the worker reports an error or cannot be constructed', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', SilentWorker);
    const first = offersWorker.rankOffers(offers, 'price');
    SilentWorker.instances[0]?.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(3000);
    await expect(first).resolves.toEqual(rankOffers(offers, 'price'));

    resetOffersWorker();
    vi.stubGlobal(
      'Worker',
      vi.fn(function BrokenWorker() {
        throw new DOMException('Worker scripts are blocked', 'SecurityError');
      }),
    );
    await expect(offersWorker.rankOffers(offers, 'rating')).resolves.toEqual(
      rankOffers(offers, 'rating'),
    );
  });
});
