import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { DeliveryBookingsResponse } from '../../../api/contract/delivery';
import { DeliveryBookingsPage, dealerOf } from './delivery-bookings-page';

const report: DeliveryBookingsResponse = {
  DealerId: 12,
  DealerName: 'Ölversorgung Osnabrück',
  Days: [
    {
      Date: '2026-12-01',
      Depot: 'Niederlassung Osnabrück',
      Tours: 2,
      CapacityLitres: 30000,
      BookedLitres: 24000,
      CapacityStops: 8,
      MorningStops: 3,
      AfternoonStops: 2,
      AllDayStops: 1,
      Bookings: [
        {
          OrderNumber: 'OK-2026-000201',
          Window: 'vormittags',
          Litres: 3000,
          Stops: 1,
          ZipCode: '49074',
          Place: 'Osnabrück',
        },
        {
          OrderNumber: 'OK-2026-000202',
          Window: 'ganztags',
          Litres: 21000,
          Stops: 2,
          ZipCode: '49076',
          Place: 'Osnabrück',
        },
      ],
    },
    {
      // The same day from the seat: a row of its own.
      Date: '2026-12-01',
      Depot: 'Schwerte (Sitz)',
      Tours: 1,
      CapacityLitres: 22000,
      BookedLitres: 0,
      CapacityStops: 10,
      MorningStops: 0,
      AfternoonStops: 0,
      AllDayStops: 0,
      Bookings: [],
    },
    {
      Date: '2026-12-02',
      Depot: 'Niederlassung Osnabrück',
      Tours: 2,
      CapacityLitres: 30000,
      BookedLitres: 0,
      CapacityStops: 8,
      MorningStops: 0,
      AfternoonStops: 0,
      AllDayStops: 0,
      Bookings: [],
    },
  ],
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn<(input: string) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn((input: string) =>
    Promise.resolve(
      input === '/api/support/liefertermine?dealer=12'
        ? json(report)
        : input === '/api/support/liefertermine?dealer=99'
          ? json({ message: 'Händler nicht gefunden.' }, 404)
          : json({ message: 'Fehler' }, 500),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function Address() {
  const { search } = useLocation();
  return <p data-testid="address">{search}</p>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/support/liefertermine"
          element={
            <>
              <DeliveryBookingsPage />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('DeliveryBookingsPage', () => {
  it('shows a dealer’s days with depot, tours, litres against capacity, stops and bookings', async () => {
    renderAt('/support/liefertermine?dealer=12');
    expect(screen.getByLabelText('Händler-Nummer')).toHaveProperty('value', '12');
    const table = await screen.findByRole('table', {
      name: 'Liefertermine von Ölversorgung Osnabrück je Werktag',
    });
    expect(screen.getByRole('heading', { name: 'Ölversorgung Osnabrück (Nr. 12)' })).toBeTruthy();
    const [first, seat] = within(table)
      .getAllByText('Di., 01.12.2026')
      .map((cell) => cell.closest('tr')!);
    expect(seat && Array.from(seat.children, (td) => td.textContent).slice(0, 3)).toEqual([
      'Di., 01.12.2026',
      'Schwerte (Sitz)',
      '1',
    ]);
    if (!first) throw new Error('no row');
    const cells = Array.from(first.children, (td) => td.textContent);
    expect(cells.slice(1, 3)).toEqual(['Niederlassung Osnabrück', '2']);
    expect(within(first).getByText('24.000 / 30.000 L')).toBeTruthy();
    expect(within(first).getByText('80 % ausgelastet')).toBeTruthy();
    // On screen "3 / 2 / 1 von 8"; a screen reader hears the words.
    expect(within(first).getByText('3 / 2 / 1')).toBeTruthy();
    expect(within(first).getByText('von 8')).toBeTruthy();
    expect(
      within(first).getByText('vormittags 3, nachmittags 2, ganztags 1, Kapazität 8 Stopps je Tag'),
    ).toBeTruthy();
    expect(within(first).getByText('2 Buchungen')).toBeTruthy();
    const bookings = within(first).getByRole('list', {
      name: 'Buchungen am Di., 01.12.2026, Niederlassung Osnabrück',
    });
    const booking = within(bookings).getByText('OK-2026-000201').closest('li')!;
    expect(booking.textContent).toBe('OK-2026-000201vormittags · 3.000 L · 49074 Osnabrück');
    expect(within(bookings).getAllByRole('listitem')).toHaveLength(2);

    const second = within(table).getByText('Mi., 02.12.2026').closest('tr')!;
    expect(within(second).getByText('0 / 30.000 L')).toBeTruthy();
    expect(within(second).getByText('keine')).toBeTruthy();
  });

  it('asks for a dealer first, refuses a wrong number, and keeps the chosen one in the address', async () => {
    renderAt('/support/liefertermine');
    expect(screen.getByText(/Geben Sie die Nummer eines Händlers ein/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    const field = screen.getByLabelText('Händler-Nummer');
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anzeigen' }));
    expect(screen.getByText(/Bitte geben Sie eine Händler-Nummer ein/)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anzeigen' }));
    expect(screen.getByTestId('address').textContent).toBe('?dealer=12');
    expect(await screen.findByText('Ölversorgung Osnabrück (Nr. 12)')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('says when there is no such dealer, and when loading failed (with a retry)', async () => {
    const first = renderAt('/support/liefertermine?dealer=99');
    expect(await screen.findByText('Einen Händler mit der Nummer 99 gibt es nicht.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
    first.unmount();

    renderAt('/support/liefertermine?dealer=5');
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Fehler');
  });

  it('shows an empty report as such', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json({ ...report, Days: [] })));
    renderAt('/support/liefertermine?dealer=12');
    expect(
      await screen.findByText('In den nächsten 30 Tagen gibt es keine Liefertage mit Kapazität.'),
    ).toBeTruthy();
  });

  it('reads only whole dealer numbers from 1', () => {
    expect(dealerOf('12')).toBe(12);
    expect(dealerOf(' 7 ')).toBe(7);
    expect(dealerOf('0')).toBeNull();
    expect(dealerOf('-3')).toBeNull();
    expect(dealerOf('1.5')).toBeNull();
    expect(dealerOf('abc')).toBeNull();
    expect(dealerOf(null)).toBeNull();
  });
});
