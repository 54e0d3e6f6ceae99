import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Offer } from '../../../api/contract/calculation';
import { rankOffers } from '../../../workers/offers/offers';
import { OfferCard } from './offer-card';

const offer: Offer = {
  Id: 7,
  DealerName: 'Zeidler Wärme & Energie',
  DealerPlace: 'Berlin',
  DealerZip: '10405',
  Rating: 4.9,
  RatingCount: 369,
  DistanceKm: 2.8,
  IsFavourite: false,
  ProductId: 1,
  ProductName: 'Heizöl EL schwefelarm',
  DeliveryTime: 'Standard (bis 3 Wochen)',
  DeliveryDays: 15,
  PaymentName: 'Ratenzahlung (12 Monatsraten)',
  UnitPrice: 103.55,
  TotalPrice: 3106.5,
  VatAmount: 496.0,
  VatRatePercent: 19,
  Currency: 'EUR',
  Breakdown: [
    { Kind: 'product', Label: 'Heizöl EL schwefelarm, 3.000 Liter', Amount: 3005.94 },
    { Kind: 'financing', Label: 'Finanzierungskosten', Amount: 100.56 },
  ],
  Installment: { Months: 12, MonthlyRate: 258.88, Total: 3106.5, EffectiveRatePercent: 5.9 },
  ClimateNeutral: false,
  AppointmentPlus: false,
};

function renderCard(o: Offer = offer) {
  const [view] = rankOffers([o]);
  if (!view) throw new Error('no view');
  const router = createMemoryRouter(
    [{ path: '/', element: <OfferCard offer={view} orderHref="/bestellung?dealer=7" /> }],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

// getByText normalises whitespace, so the NBSP before "€" is matched by a space there.
describe('OfferCard', () => {
  it('shows dealer, rating, prices, the installment plan and the best-price badge', () => {
    renderCard();
    const card = screen.getByRole('article', { name: 'Zeidler Wärme & Energie' });
    expect(within(card).getByText('Bestpreis')).toBeDefined();
    expect(
      within(card).getByRole('img', { name: '4,9 von 5 Sternen, 369 Bewertungen' }),
    ).toBeDefined();
    expect(within(card).getByText('2,8 km entfernt')).toBeDefined();
    expect(within(card).getByText('3.106,50 €')).toBeDefined();
    expect(within(card).getByText('103,55 € pro 100 Liter')).toBeDefined();
    expect(within(card).getByTestId('offer-installment').textContent).toContain(
      '12 × 258,88\u00a0€ monatlich',
    );
    expect(
      within(card).getByRole('link', { name: 'Bei Zeidler Wärme & Energie bestellen' }),
    ).toHaveProperty('href', expect.stringContaining('/bestellung?dealer=7'));
  });

  it('says which branch the distance counts from when it is not the seat', () => {
    renderCard({ ...offer, DealerPlace: 'Schwerte', DistanceKm: 37, DeliveredFrom: 'Osnabrück' });
    const card = screen.getByRole('article', { name: 'Zeidler Wärme & Energie' });
    expect(within(card).getByText('Schwerte')).toBeDefined();
    expect(within(card).getByText('37 km ab Niederlassung Osnabrück')).toBeDefined();
  });

  it('opens and closes the itemised breakdown: every line, the total and the VAT', () => {
    renderCard();
    const toggle = screen.getByRole('button', { name: 'Preisdetails anzeigen' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByRole('table', { name: 'Preisdetails Zeidler Wärme & Energie' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'Heizöl EL schwefelarm, 3.000 Liter3.005,94\u00a0€',
      'Finanzierungskosten100,56\u00a0€',
      'Gesamtpreis3.106,50\u00a0€',
    ]);
    expect(screen.getByText('darin enthalten 19 % MwSt.: 496,00 €')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Preisdetails ausblenden' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when a dealer has no ratings yet', () => {
    renderCard({ ...offer, Rating: 0, RatingCount: 0 });
    expect(screen.getByText('Noch keine Bewertungen')).toBeDefined();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says the first delivery day beside the price; nothing without one', () => {
    renderCard({ ...offer, EarliestDelivery: '2026-12-01', LatestDelivery: '2026-12-22' });
    const card = screen.getByRole('article', { name: 'Zeidler Wärme & Energie' });
    expect(within(card).getByTestId('offer-earliest-delivery').textContent).toBe(
      'Lieferung ab Di., 01.12.',
    );
    cleanup();

    renderCard(offer);
    expect(screen.queryByTestId('offer-earliest-delivery')).toBeNull();
    expect(screen.queryByText(/Lieferung ab/)).toBeNull();
  });
});
