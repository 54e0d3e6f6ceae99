import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dealer } from '../../api/contract/dealers';
import { PriceCard } from './dealer-page';

const dealerWithPriceOf = (day: string) =>
  ({
    ZipCode: '10115',
    Branch: null,
    PriceToday: {
      Amount: 3000,
      ZipCode: '10115',
      ProductName: 'Heizöl EL schwefelarm',
      UnitPrice: 95.12,
      TotalPrice: 2853.6,
      Currency: 'EUR',
      Day: day,
    },
  }) as unknown as Dealer;

describe('the dealer page’s price card', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls today’s price "Heutiger Preis", and a kept one of an earlier day by its day', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z'), toFake: ['Date'] });
    const { rerender } = render(
      <MemoryRouter>
        <PriceCard dealer={dealerWithPriceOf('2026-11-28')} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Heutiger Preis');
    rerender(
      <MemoryRouter>
        <PriceCard dealer={dealerWithPriceOf('2026-11-27')} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Preis vom 27.11.2026');
  });
});
