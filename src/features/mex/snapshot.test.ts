import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsole } from '../../../tests/support/setup-console';
import type { MexTank } from '../../api/contract/mex';
import {
  clearMexSnapshot,
  followSession,
  loadMexSnapshot,
  mexSnapshotState,
  pickSelected,
  resetMexSnapshot,
  selectedTank,
  selectMexTank,
} from './snapshot';

const tank = (Value: number, Name: string, Selected = false): MexTank => ({
  Value,
  Selected,
  Name,
  Litres: 1200,
  Percent: 40,
  UsableL: 3000,
  FreeL: 1800,
  CountryId: 1,
  ZipCode: '10115',
  ProductGroupId: 1,
  MeasuredAt: '2026-11-20T08:00:00Z',
  DaysLeft: 60,
});

const owner = { id: '42', hasMexEnabled: true };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve(answer: (url: string) => Response | Promise<Response>) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      return Promise.resolve(answer(url));
    }),
  );
  return urls;
}

beforeEach(() => resetMexSnapshot());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pickSelected (SPEC §4: the first tank by default, or the chosen sensor)', () => {
  const tanks = [tank(7, 'Keller'), tank(9, 'Ferienhaus')];
  it('takes the first tank without a choice', () => {
    expect(pickSelected(tanks, null)).toBe(7);
  });
  it('takes the chosen sensor', () => {
    expect(pickSelected(tanks, 9)).toBe(9);
  });
  it('ignores a choice that is not among the tanks', () => {
    expect(pickSelected(tanks, 123)).toBe(7);
  });
  it('follows the server’s Selected without a choice', () => {
    expect(pickSelected([tank(7, 'Keller'), tank(9, 'Ferienhaus', true)], null)).toBe(9);
  });
  it('is null without tanks', () => {
    expect(pickSelected([], 7)).toBeNull();
  });
});

describe('the snapshot store', () => {
  it('loads the tanks of a meX user and selects the first', async () => {
    const urls = serve(() => json({ AvailableTanks: [tank(7, 'Keller'), tank(9, 'Ferienhaus')] }));
    await loadMexSnapshot(owner);
    expect(urls).toEqual(['/api/site/mex/mex-snapshot']);
    expect(mexSnapshotState.status).toBe('ready');
    expect(selectedTank(mexSnapshotState)?.Name).toBe('Keller');
    expect(mexSnapshotState.tanks.map((t) => t.Selected)).toEqual([true, false]);
  });

  it('keeps the chosen sensor and asks the server with it', async () => {
    const urls = serve(() => json({ AvailableTanks: [tank(7, 'Keller'), tank(9, 'Ferienhaus')] }));
    await loadMexSnapshot(owner);
    selectMexTank(9);
    expect(selectedTank(mexSnapshotState)?.Name).toBe('Ferienhaus');
    await loadMexSnapshot(owner);
    expect(urls.at(-1)).toBe('/api/site/mex/mex-snapshot?sensorId=9');
    expect(selectedTank(mexSnapshotState)?.Name).toBe('Ferienhaus');
    selectMexTank(555);
    expect(mexSnapshotState.selectedId).toBe(9);
  });

  it('asks nothing for a user without meX or nobody, and holds no data', async () => {
    const urls = serve(() => json({ AvailableTanks: [tank(7, 'Keller')] }));
    await loadMexSnapshot({ id: '1', hasMexEnabled: false });
    await loadMexSnapshot(null);
    expect(urls).toEqual([]);
    expect(mexSnapshotState.tanks).toEqual([]);
    expect(mexSnapshotState.selectedId).toBeNull();
  });

  it('only logs a failure (SPEC §7) and keeps what it showed', async () => {
    serve(() => json({ AvailableTanks: [tank(7, 'Keller')] }));
    await loadMexSnapshot(owner);
    const warn = expectConsole('warn');
    serve(() => json({ message: 'Fehler' }, 500));
    await expect(loadMexSnapshot(owner)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(mexSnapshotState.status).toBe('failed');
    expect(selectedTank(mexSnapshotState)?.Name).toBe('Keller');
  });

  it('an answer arriving after the logout is dropped', async () => {
    let release: (r: Response) => void = () => undefined;
    serve(() => new Promise<Response>((resolve) => (release = resolve)));
    const pending = loadMexSnapshot(owner);
    clearMexSnapshot();
    // Let the request reach fetch before answering it.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    release(json({ AvailableTanks: [tank(7, 'Keller')] }));
    await pending;
    expect(mexSnapshotState.tanks).toEqual([]);
  });
});

describe('followSession (SPEC §4: cleared when not authenticated)', () => {
  it('loads for the logged-in owner and clears on logout', async () => {
    serve(() => json({ AvailableTanks: [tank(7, 'Keller')] }));
    let user: typeof owner | null = owner;
    let notify = () => undefined as void;
    const stop = followSession(
      () => user,
      (onChange) => {
        notify = onChange;
        return () => undefined;
      },
    );
    await vi.waitFor(() => expect(mexSnapshotState.status).toBe('ready'));
    expect(mexSnapshotState.userId).toBe('42');
    user = null;
    notify();
    expect(mexSnapshotState.tanks).toEqual([]);
    expect(mexSnapshotState.userId).toBeNull();
    stop();
  });
});
