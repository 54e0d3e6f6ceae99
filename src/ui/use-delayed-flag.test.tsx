import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FETCH_MIN_DELAY_MS, useDelayedFlag } from './use-delayed-flag';

function Probe({ on }: { on: boolean }) {
  return <p>{useDelayedFlag(on) ? 'wartet' : 'ruhig'}</p>;
}

describe('useDelayedFlag (SPEC §9 fetch minimum delay 200 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is 200 ms', () => {
    expect(FETCH_MIN_DELAY_MS).toBe(200);
  });

  it('shows a wait only after 200 ms', async () => {
    render(<Probe on />);
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(screen.getByText('ruhig')).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('wartet')).toBeDefined();
  });

  it('never shows a wait that ended sooner, and ends a shown one at once', async () => {
    const view = render(<Probe on />);
    await act(() => vi.advanceTimersByTimeAsync(150));
    view.rerender(<Probe on={false} />);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText('ruhig')).toBeDefined();

    view.rerender(<Probe on />);
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(screen.getByText('wartet')).toBeDefined();
    view.rerender(<Probe on={false} />);
    expect(screen.getByText('ruhig')).toBeDefined();
    // The next request waits its 200 ms again.
    view.rerender(<Probe on />);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('ruhig')).toBeDefined();
  });
});
