import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkOfflineError, lazyImport } from './lazy-import';

function browser(onLine: boolean, controller: unknown = null) {
  vi.stubGlobal('navigator', { onLine, serviceWorker: { controller } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lazyImport (a chunk asked for offline never loaded on that page again)', () => {
  it('asks for nothing while offline without a worker, and loads once the browser is online', async () => {
    const load = vi.fn(() => Promise.resolve({ Panel: 'panel' }));
    const loader = lazyImport(load);
    browser(false);
    await expect(loader()).rejects.toBeInstanceOf(ChunkOfflineError);
    await expect(loader()).rejects.toBeInstanceOf(ChunkOfflineError);
    expect(load).not.toHaveBeenCalled();

    browser(true);
    await expect(loader()).resolves.toEqual({ Panel: 'panel' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads offline when a service worker controls the page (it serves every chunk from its cache)', async () => {
    const load = vi.fn(() => Promise.resolve('chunk'));
    browser(false, {});
    await expect(lazyImport(load)()).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a loaded chunk, also offline, and shares one load between callers', async () => {
    let resolve: (value: string) => void = () => undefined;
    const load = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const loader = lazyImport(load);
    browser(true);
    const first = loader();
    const second = loader();
    resolve('chunk');
    await expect(first).resolves.toBe('chunk');
    await expect(second).resolves.toBe('chunk');
    browser(false);
    await expect(loader()).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load: the next call asks again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('chunk');
    const loader = lazyImport(load);
    browser(true);
    await expect(loader()).rejects.toThrow('Failed to fetch');
    await expect(loader()).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('refuses nothing where there is no browser (the server render)', async () => {
    vi.stubGlobal('navigator', undefined);
    await expect(lazyImport(() => Promise.resolve(1))()).resolves.toBe(1);
  });
});
