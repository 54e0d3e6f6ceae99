import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import type { Offer } from '../../api/contract/calculation';
import { GroupStartPage } from './group-start-page';
import { checkoutDefaults } from '../../ui/order-form/order-form.fixtures';
import { CODE, groupView, json, stubApi, type ApiCall } from './group-orders.fixtures';
import { resetGroupDrafts, START_STORAGE_KEY } from './store';

const QUERY =
  'productGroup=1&zipCode=10115&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0';

const offer: Offer = {
  Id: 7,
  DealerName: 'Ölversorgung Berlin',
  DealerPlace: 'Berlin',
  DealerZip: '10117',
  Rating: 4.5,
  RatingCount: 12,
  DistanceKm: 3,
  IsFavourite: false,
  ProductId: 1,
  ProductName: 'Heizöl EL schwefelarm',
  DeliveryTime: 'bis 10 Werktage',
  DeliveryDays: 10,
  PaymentName: 'Rechnung',
  UnitPrice: 100.2,
  TotalPrice: 3006,
  VatAmount: 480,
  VatRatePercent: 19,
  Currency: 'EUR',
  Breakdown: [],
  Installment: null,
  ClimateNeutral: false,
  AppointmentPlus: false,
};

let calls: ApiCall[];
let answers: Record<string, () => Response>;

beforeEach(() => {
  sessionStorage.clear();
  resetGroupDrafts();
  answers = {
    'POST /api/kalkulation/berechnen': () =>
      json({
        Success: true,
        Items: [offer],
        Amount: 3000,
        ZipCode: '10115',
        CountryId: 1,
        Currency: 'EUR',
        CalculatedAt: '2026-11-25T13:00:00.000Z',
      }),
    'GET /api/orders/checkout-defaults': () => json(checkoutDefaults()),
  };
  calls = stubApi(answers);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetGroupDrafts();
  sessionStorage.clear();
});

function Arrived() {
  return <p>Gruppe {useParams().code}</p>;
}

function renderAt(search: string) {
  render(
    <MemoryRouter initialEntries={[`/sammelbestellung/starten${search}`]}>
      <Routes>
        <Route path="/sammelbestellung/starten" element={<GroupStartPage />} />
        <Route path="/sammelbestellung/:code" element={<Arrived />} />
        <Route path="*" element={<p>anderswo</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const value = (element: HTMLElement) => (element as HTMLInputElement).value;

describe('starting a group', () => {
  it('summarises the order, suggests the maximum price and fills the address from the account', async () => {
    renderAt(`?${QUERY}`);
    const form = await screen.findByRole('form', { name: 'Sammelbestellung starten' });
    await waitFor(() =>
      expect(screen.getByTestId('group-start-best').textContent).toContain('Ölversorgung Berlin'),
    );
    expect(screen.getByTestId('group-start-best').textContent).toBe(
      '100,20\u00a0€ je 100 Liter bei Ölversorgung Berlin',
    );
    await waitFor(() =>
      expect(value(within(form).getByLabelText(/^Straße/))).toBe('Invalidenstraße'),
    );
    expect(screen.getByTestId('group-start-zip').textContent).toBe('PLZ 10115 Berlin');
    // 100,20 € + 5 % = 105,21 €, rounded up to whole euros.
    expect(value(within(form).getByLabelText(/^Ihr Höchstpreis/))).toBe('106');
    const deadline = within(form).getByLabelText<HTMLSelectElement>(/^Frist/);
    expect(deadline.selectedOptions[0]?.textContent).toBe('3 Tage');
    expect(Array.from(deadline.options).map((o) => o.textContent)).toEqual([
      '24 Stunden',
      '2 Tage',
      '3 Tage',
      '5 Tage',
      '7 Tage',
    ]);
    expect(value(within(form).getByLabelText(/^PLZ/))).toBe('10115');
    expect(within(form).getByLabelText(/^PLZ/).hasAttribute('readonly')).toBe(true);
    expect(screen.getByText('Aus Ihrem Kundenkonto übernommen.')).toBeTruthy();
  });

  it('sends once with the form’s idempotency key and opens the group', async () => {
    renderAt(`?${QUERY}`);
    const form = await screen.findByRole('form', { name: 'Sammelbestellung starten' });
    await waitFor(() =>
      expect(value(within(form).getByLabelText(/^Straße/))).toBe('Invalidenstraße'),
    );
    await waitFor(() => expect(value(within(form).getByLabelText(/^Ihr Höchstpreis/))).toBe('106'));

    // Without the terms: their German message, focused.
    fireEvent.click(within(form).getByRole('button', { name: 'Sammelbestellung starten' }));
    const terms = within(form).getByLabelText(/Ich habe die Bedingungen gelesen/);
    await waitFor(() => expect(document.activeElement).toBe(terms));
    expect(within(form).getByText('Bitte bestätigen Sie die Bedingungen.')).toBeTruthy();

    fireEvent.click(terms);
    fireEvent.change(within(form).getByLabelText(/^Frist/), { target: { value: '48' } });
    answers['POST /api/sammelbestellungen'] = () => json(groupView(), 201);
    fireEvent.click(within(form).getByRole('button', { name: 'Sammelbestellung starten' }));
    expect(await screen.findByText(`Gruppe ${CODE}`)).toBeTruthy();

    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/sammelbestellungen');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      Configuration: { ZipCode: '10115', Amount: 3000, Product: { Id: 1 }, CountryId: 1 },
      DeliveryAddress: { ZipCode: '10115', Street: 'Invalidenstraße', FirstName: 'Erika' },
      Email: 'erika@example.org',
      MaxUnitPrice: 106,
      DeadlineHours: 48,
      AcceptedTerms: true,
    });
    expect((posts[0]?.body as { IdempotencyKey: string }).IdempotencyKey).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    expect(sessionStorage.getItem(START_STORAGE_KEY)).toContain('"queued":false');
  });

  it('asks for a selection from the offer list when there is none', async () => {
    renderAt('');
    expect(
      await screen.findByRole('heading', { name: 'Keine Auswahl für eine Sammelbestellung' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Angebotsliste' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says that each household orders at least 500 litres', async () => {
    renderAt(`?${QUERY.replace('amount=3000', 'amount=400')}`);
    expect(await screen.findByText(/mindestens 500 Liter/)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('explains that a group cannot pay in installments', async () => {
    renderAt(`?${QUERY.replace('options=5,24,-2,11,9', 'options=5,24,-2,23$12,9')}`);
    expect(
      await screen.findByText(/Ratenzahlung ist in einer Sammelbestellung nicht möglich/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zahlungsart ändern' }).getAttribute('href')).toMatch(
      /^\/heizoel\/angebotsliste\?.*&openSettings=1$/,
    );
    expect(screen.queryByRole('form')).toBeNull();
  });
});
