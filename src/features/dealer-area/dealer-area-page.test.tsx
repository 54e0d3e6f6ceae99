import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { DealerOrder, DealerOrdersResponse } from '../../api/contract/dealer-area';
import { resetSession } from '../session';
import { loginWithClaims } from '../../../tests/support/client-session';
import { DealerAreaPage } from './dealer-area-page';

function order(id: number, fields: Partial<DealerOrder> = {}): DealerOrder {
  return {
    Id: id,
    OrderNumber: `OK-2026-00010${id}`,
    Status: 'received',
    CreatedAt: '2026-12-01T09:00:00.000Z',
    Delivery: { Date: '2026-12-10', Window: 'vormittags' },
    DepotId: 0,
    ProductName: 'Heizöl Standard',
    Amount: 2500,
    Stations: 1,
    CustomerName: 'Jonas Becker',
    DeliveryAddress: {
      Title1: '',
      FirstName: 'Jonas',
      LastName: 'Becker',
      Company: '',
      Street: 'Chausseestraße',
      HouseNumber: '12',
      ZipCode: '10115',
      Place: 'Berlin',
    },
    AccessNotes: '',
    Phone: '030 5550100',
    GroupOrderId: null,
    DeclineReason: null,
    ...fields,
  };
}

let orders: DealerOrder[];
/** Answers of the decisions, by URL; a function runs per call. */
let decisions: Record<string, (body: unknown) => Response | Promise<Response>>;
let fetchMock: ReturnType<typeof vi.fn<(input: string, init?: RequestInit) => Promise<Response>>>;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function listOf(day: string | null): DealerOrdersResponse {
  return {
    DealerId: 7,
    DealerName: 'Heizöl Nord GmbH',
    Orders: day ? orders.filter((o) => o.Delivery?.Date === day) : orders,
  };
}

const loginAs = (role: string) => loginWithClaims({ role, firstName: 'Hanna' });

beforeEach(() => {
  resetSession();
  loginAs('Role_Dealer');
  orders = [
    order(1, {
      AccessNotes: 'Einfahrt über den Hof, Tank im Keller links.',
      Delivery: { Date: '2026-12-10', Window: 'nachmittags' },
    }),
    order(2, {
      CustomerName: 'Lea Schulz',
      Delivery: { Date: '2026-12-11', Window: 'ganztags' },
      DepotId: 3,
    }),
    order(3, { Status: 'confirmed', CustomerName: 'Murat Yılmaz' }),
    order(4, { Status: 'declined', Delivery: null, DepotId: null, DeclineReason: 'Zu weit.' }),
    order(5, { Status: 'received', GroupOrderId: 9, CustomerName: 'Haus A' }),
    order(6, { Status: 'received', GroupOrderId: 9, CustomerName: 'Haus B' }),
  ];
  decisions = {};
  fetchMock = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://test.invalid');
    if (url.pathname === '/api/haendler/auftraege') {
      return Promise.resolve(json(listOf(url.searchParams.get('day'))));
    }
    const answer = decisions[url.pathname];
    if (!answer || init?.method !== 'POST') return Promise.resolve(json({ message: 'x' }, 404));
    return Promise.resolve(
      answer(typeof init.body === 'string' ? JSON.parse(init.body) : undefined),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
});

function Address() {
  return <p data-testid="address">{useLocation().search}</p>;
}

function renderAt(url = '/haendlerbereich') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/haendlerbereich"
          element={
            <>
              <DealerAreaPage />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const group = (name: RegExp) => screen.getByRole('region', { name });
const card = (orderNumber: string) =>
  screen.getByRole('article', { name: new RegExp(orderNumber) });
const postsTo = (path: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u.startsWith(path) && init?.method === 'POST');

/** A promise the test settles itself: the server's answer while the button is busy. */
function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

describe('DealerAreaPage', () => {
  it('shows the dealer’s orders by status with what the tour needs, a group order as one tour', async () => {
    renderAt();
    expect(screen.getByRole('status', { busy: true })).toBeTruthy();
    expect(await screen.findByText('Heizöl Nord GmbH')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Händlerbereich' })).toBeTruthy();
    // Only the screens that exist.
    const nav = screen.getByRole('navigation', { name: 'Bereiche des Händlerbereichs' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Aufträge']);

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Aufträge',
      'Neu (4 Aufträge)',
      'Bestätigt (1 Auftrag)',
      'Abgelehnt (1 Auftrag)',
    ]);
    const first = card('OK-2026-000101');
    expect(within(first).getByText('Do., 10.12.2026, nachmittags (12–17 Uhr)')).toBeTruthy();
    expect(within(first).getByText('2.500 Liter Heizöl Standard')).toBeTruthy();
    expect(within(first).getByText('Chausseestraße 12, 10115 Berlin')).toBeTruthy();
    expect(within(first).getByText('Einfahrt über den Hof, Tank im Keller links.')).toBeTruthy();
    expect(within(first).getByRole('link', { name: '030 5550100' }).getAttribute('href')).toBe(
      'tel:0305550100',
    );
    // Sorted by day: the group's households (10.12. morning) before Jonas (afternoon).
    const tour = within(group(/^Neu/)).getByRole('list', {
      name: 'Sammelbestellung 9: eine Tour, 2 Haushalte',
    });
    expect(within(tour).getAllByRole('article')).toHaveLength(2);
    expect(within(card('OK-2026-000104')).getByText('Zu weit.')).toBeTruthy();
    expect(within(card('OK-2026-000104')).getByText('kein Termin gebucht')).toBeTruthy();
    expect(within(card('OK-2026-000104')).queryByRole('button')).toBeNull();
    expect(screen.getByText('Für die Tourliste wählen Sie einen Liefertag.')).toBeTruthy();
  });

  it('confirms once however often it is clicked; the order moves to Bestätigt and keeps the focus', async () => {
    const answer = deferred();
    const calls: unknown[] = [];
    decisions['/api/haendler/auftraege/1/bestaetigen'] = (body) => {
      calls.push(body);
      return answer.promise;
    };
    renderAt();
    const button = await within(await waitForCard('OK-2026-000101')).findByRole('button', {
      name: /^Bestätigen/,
    });
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toMatch(/^Wird gesendet/));
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    fireEvent.click(button);
    await act(async () => {
      answer.resolve(json({ ...orders[0], Status: 'confirmed' }));
      await answer.promise;
    });
    await waitFor(() =>
      expect(within(group(/^Bestätigt/)).getByText('OK-2026-000101')).toBeTruthy(),
    );
    expect(calls).toEqual([undefined]);
    expect(postsTo('/api/haendler/auftraege/1/bestaetigen')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Auftrag OK-2026-000101 ist bestätigt.');
    await waitFor(() => expect(document.activeElement?.id).toBe('haendler-auftrag-1'));
    const moved = card('OK-2026-000101');
    expect(within(moved).getByRole('button', { name: /Als geliefert markieren/ })).toBeTruthy();
  });

  it('declines with a reason: checked in German, Escape closes, a 409 keeps what was typed', async () => {
    let refuse = true;
    const bodies: unknown[] = [];
    decisions['/api/haendler/auftraege/2/ablehnen'] = (body) => {
      bodies.push(body);
      if (refuse) {
        refuse = false;
        return json({ message: 'Der Auftrag ist schon bestätigt.' }, 409);
      }
      return json({
        ...orders[1],
        Status: 'declined',
        Delivery: null,
        DeclineReason: 'Kein Fahrer frei.',
      });
    };
    renderAt();
    const item = await waitForCard('OK-2026-000102');
    const open = within(item).getByRole('button', { name: /^Ablehnen/ });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const reason = within(item).getByLabelText('Grund der Ablehnung');
    await waitFor(() => expect(document.activeElement).toBe(reason));

    // Escape closes the form; the focus is back on the button that opened it.
    fireEvent.keyDown(reason, { key: 'Escape' });
    expect(within(item).queryByLabelText('Grund der Ablehnung')).toBeNull();
    expect(document.activeElement).toBe(open);

    fireEvent.click(open);
    const field = within(item).getByLabelText('Grund der Ablehnung');
    fireEvent.change(field, { target: { value: ' a ' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Ablehnung senden' }));
    expect(
      within(item).getByText(
        'Bitte geben Sie einen Grund für die Ablehnung an (mindestens 3 Zeichen).',
      ),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(postsTo('/api/haendler/auftraege/2/ablehnen')).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'Kein Fahrer frei.' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Ablehnung senden' }));
    expect(await within(item).findByText('Der Auftrag ist schon bestätigt.')).toBeTruthy();
    expect(within(item).getByRole('alert').textContent).toBe('Der Auftrag ist schon bestätigt.');
    expect(within(item).getByLabelText<HTMLTextAreaElement>('Grund der Ablehnung').value).toBe(
      'Kein Fahrer frei.',
    );

    fireEvent.click(within(item).getByRole('button', { name: 'Ablehnung senden' }));
    await waitFor(() =>
      expect(within(group(/^Abgelehnt/)).getByText('OK-2026-000102')).toBeTruthy(),
    );
    expect(bodies).toEqual([{ Reason: 'Kein Fahrer frei.' }, { Reason: 'Kein Fahrer frei.' }]);
    expect(screen.getByRole('status').textContent).toMatch(/OK-2026-000102 ist abgelehnt/);
  });

  it('says in German when there is no connection, and keeps the order where it was', async () => {
    decisions['/api/haendler/auftraege/3/geliefert'] = () => {
      throw new TypeError('Failed to fetch');
    };
    renderAt();
    const item = await waitForCard('OK-2026-000103');
    fireEvent.click(within(item).getByRole('button', { name: /Als geliefert markieren/ }));
    expect(await within(item).findByRole('alert')).toBeTruthy();
    await waitFor(() =>
      expect(within(item).getByRole('alert').textContent).toBe(
        'Keine Verbindung zum Server. Bitte versuchen Sie es erneut.',
      ),
    );
    expect(within(group(/^Bestätigt/)).getByText('OK-2026-000103')).toBeTruthy();
  });

  it('filters by day (asked of the server, kept in the address) and by depot', async () => {
    renderAt();
    await waitForCard('OK-2026-000101');
    fireEvent.change(screen.getByLabelText('Liefertag'), { target: { value: '2026-12-10' } });
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?day=2026-12-10'));
    await waitFor(() => expect(screen.queryByText('OK-2026-000102')).toBeNull());
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain(
      '/api/haendler/auftraege?day=2026-12-10',
    );
    // The day's tour list: its confirmed orders only (printed alone).
    const tour = screen.getByTestId('tour-list');
    expect(within(tour).getAllByRole('row')).toHaveLength(2);
    expect(within(tour).getByText('OK-2026-000103')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tourliste drucken' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Liefertag'), { target: { value: '2026-12-24' } });
    expect(await screen.findByText('Für diesen Tag liegen keine Aufträge vor.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Alle Tage zeigen' }));
    await waitForCard('OK-2026-000102');
    fireEvent.change(screen.getByLabelText('Depot'), { target: { value: '3' } });
    await waitFor(() => expect(screen.queryByText('OK-2026-000101')).toBeNull());
    expect(screen.getByText('OK-2026-000102')).toBeTruthy();
    expect(
      within(screen.getByLabelText('Depot'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alle Depots', 'Sitz', 'Niederlassung 3']);
  });

  it('shows a failed load with „Erneut versuchen“', async () => {
    let fail = true;
    const list = fetchMock.getMockImplementation();
    fetchMock.mockImplementation((input, init) => {
      if (fail) {
        fail = false;
        return Promise.resolve(json({ message: 'Interner Fehler' }, 500));
      }
      return list!(input, init);
    });
    renderAt();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Interner Fehler');
    fireEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('OK-2026-000101')).toBeTruthy();
  });

  it('dealer support names the dealer first, then acts for it', async () => {
    loginAs('Oelkompass.DealerSupport');
    renderAt();
    expect(screen.getByText('Wählen Sie einen Händler, um seine Aufträge zu sehen.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Händler-Nummer'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aufträge anzeigen' }));
    await waitForCard('OK-2026-000101');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/haendler/auftraege?dealer=7');
  });
});

async function waitForCard(orderNumber: string) {
  await screen.findByText(orderNumber);
  return card(orderNumber);
}
