import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BestPrice } from './best-price';

// The call and its schemas load on demand (a chunk of their own): loaded here once, so a test
// waits for the answer, not for a module transform that a loaded machine makes slow.
beforeAll(async () => {
  await import('../best-price-api');
});

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const best = (currency: 'EUR' | 'CHF', countryId = 1, at = new Date()) => ({
  CountryId: countryId,
  Amount: 3000,
  ProductId: 1,
  UnitPrice: 98.45,
  TotalPrice: 2953.5,
  Currency: currency,
  TimeStamp: at.toISOString(),
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BestPrice (hero, SPEC §7 best-price)', () => {
  it('shows a skeleton, then "Heute ab 98,45 € / 100 Liter" for 3,000 L', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(answer(best('EUR'))));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render(<BestPrice countryId={1} />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    await screen.findByText(/98,45/);
    expect(container.textContent?.replace(/\s/g, ' ')).toBe(
      'Heute ab 98,45 € / 100 Litergünstigster Preis bei 3.000 Litern, inkl. MwSt.',
    );
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(
      '/api/kalkulation/best-price?countryId=1&amount=3000',
    );
  });

  it('uses the currency of the answer (CHF in Switzerland)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(best('CHF', 3)))),
    );
    render(<BestPrice countryId={3} />);
    expect((await screen.findByText(/98,45/)).textContent?.replace(/\s/g, ' ')).toBe('98,45 CHF');
  });

  it('says "Zuletzt ab" and the age for a copy of an earlier day (offline)', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T09:00:00Z'), toFake: ['Date'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(best('EUR', 1, new Date('2026-11-23T13:32:00Z'))))),
    );
    const { container } = render(<BestPrice countryId={1} />);
    await screen.findByText(/98,45/);
    expect(container.textContent?.replace(/\s/g, ' ')).toBe(
      'Zuletzt ab 98,45 € / 100 LiterStand: gestern, 14:32 Uhr · günstigster Preis bei 3.000 Litern, inkl. MwSt.',
    );
  });

  it('shows nothing when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer({ message: 'Fehler' }, 500))),
    );
    const { container } = render(<BestPrice countryId={1} />);
    await waitFor(() => expect(container.innerHTML).toBe(''));
  });
});
