import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QualityBadge } from './quality-badge';

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs fetch with one overall score (ActivePeriodInDays 365, as the reviews service sends). */
function stubOverall(
  mark: number | null,
  word: string,
  activeCount: number,
  totalCount: number,
): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(() =>
    Promise.resolve(
      answer({
        OverallMark: mark,
        OverallMarkDescriptionGUILang: word,
        ActiveReviewCount: activeCount,
        ActivePeriodInDays: 365,
        TotalReviewCount: totalCount,
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** An observer that sees its element in the viewport at once (the footer on a short page). */
class InViewObserver {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    queueMicrotask(() => this.callback([{ isIntersecting: true }]));
  }
  disconnect() {}
}

describe('QualityBadge (SPEC §3 Trusted quality)', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', InViewObserver);
  });

  it("asks for the locale's reviews id and shows mark, word and counts", async () => {
    const fetchMock = stubOverall(4.13, 'Gut', 1234, 2000);
    render(<QualityBadge />);
    const line = await screen.findByLabelText(
      '4,13 von 5 Sternen (Gut) aus 1.234 Bewertungen der letzten 365 Tage',
    );
    expect(line.textContent).toContain('Gut');
    expect(screen.getByText('1.234 Bewertungen im letzten Jahr · 2.000 insgesamt')).toBeTruthy();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(
      '/api/site/bewertungen/reviews-de/overall',
    );
  });

  it('shows the SPEC default "Keine Daten" without a mark in the last year', async () => {
    stubOverall(null, 'Keine Daten', 0, 7);
    render(<QualityBadge />);
    expect(await screen.findByText('Keine Daten')).toBeTruthy();
    expect(screen.queryByLabelText(/von 5 Sternen/)).toBeNull();
    expect(screen.getByText('0 Bewertungen im letzten Jahr · 7 insgesamt')).toBeTruthy();
  });

  it('says in words that nobody has rated yet, without "Keine Daten · 0 Bewertungen"', async () => {
    stubOverall(null, 'Keine Daten', 0, 0);
    const { container } = render(<QualityBadge />);
    expect(await screen.findByText(/^Noch keine Bewertungen/)).toBeTruthy();
    expect(container.textContent).not.toMatch(/Keine Daten|0 Bewertungen/);
  });

  it('shows nothing and only logs when the call fails (SPEC §8)', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer({ message: 'Fehler' }, 500))),
    );
    const { container } = render(<QualityBadge />);
    await waitFor(() => expect(info).toHaveBeenCalledOnce());
    expect(container.textContent).toBe('');
  });
});

describe('QualityBadge far below the viewport', () => {
  it('asks for the score only once its place comes near the viewport', async () => {
    // Beside it, a badge whose place is in view: once that one shows its score, the far one had
    // every chance to ask for its own.
    let notifyFar: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
        observe(element: Element) {
          if (element.closest('[data-far]')) notifyFar = this.callback;
          else queueMicrotask(() => this.callback([{ isIntersecting: true }]));
        }
        disconnect() {}
      },
    );
    const fetchMock = stubOverall(4.5, 'Sehr gut', 10, 12);
    render(
      <>
        <QualityBadge />
        <div data-far="">
          <QualityBadge />
        </div>
      </>,
    );
    expect(await screen.findAllByText('Sehr gut')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The badge's code has loaded: a far badge that took this as "near" would ask within the act.
    act(() => notifyFar?.([{ isIntersecting: false }]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => notifyFar?.([{ isIntersecting: true }]));
    await waitFor(() => expect(screen.getAllByText('Sehr gut')).toHaveLength(2));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
