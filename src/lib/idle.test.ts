// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, setSettleDelay, whenSettled } from './idle';

describe('whenSettled (offline copies wait until the page has settled)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setSettleDelay(SETTLE_MS);
  });
  afterEach(() => {
    vi.useRealTimers();
    setSettleDelay(0);
    vi.restoreAllMocks();
  });

  it('waits until the page has been open 5 s', () => {
    vi.spyOn(performance, 'now').mockReturnValue(1200);
    const task = vi.fn();
    whenSettled(task);
    vi.advanceTimersByTime(SETTLE_MS - 1200 - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    vi.runOnlyPendingTimers(); // the idle callback
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not wait again on a page open longer than that', () => {
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    const task = vi.fn();
    whenSettled(task);
    vi.advanceTimersByTime(5);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at once, and only once, when the page is hidden before', () => {
    vi.spyOn(performance, 'now').mockReturnValue(100);
    const task = vi.fn();
    whenSettled(task);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(task).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue('visible');
    vi.advanceTimersByTime(SETTLE_MS + 10);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
