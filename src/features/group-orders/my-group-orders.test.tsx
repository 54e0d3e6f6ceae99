import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import type { MyGroup } from '../../api/contract/group-orders';
import { json, myGroup } from './group-orders.fixtures';
import { codeTarget, MyGroupOrders } from './my-group-orders';

let groups: MyGroup[];

beforeEach(() => {
  groups = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        String(url) === '/api/sammelbestellungen' ? json(groups) : json({ message: 'x' }, 404),
      ),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function Arrived() {
  return <p>Gruppe {useParams().code}</p>;
}

function renderSection() {
  render(
    <MemoryRouter initialEntries={['/bestellungen']}>
      <Routes>
        <Route path="/bestellungen" element={<MyGroupOrders />} />
        <Route path="/sammelbestellung/:code" element={<Arrived />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the code of a group as typed', () => {
  it('opens the group page in its canonical form', () => {
    expect(codeTarget('abcd 2345')).toEqual({ path: '/sammelbestellung/ABCD2345' });
    expect(codeTarget(' ABCD-2345 ')).toEqual({ path: '/sammelbestellung/ABCD2345' });
  });

  it('says in German what is wrong with it', () => {
    expect(codeTarget('  ')).toEqual({ error: 'Bitte geben Sie den Code ein.' });
    // 0 and O, 1, I and L are not in the alphabet: they could be mistaken for each other.
    expect(JSON.stringify(codeTarget('ABCD 2340'))).toMatch(/kein gültiger Code/);
    expect(JSON.stringify(codeTarget('ABCD'))).toMatch(/8 Zeichen/);
  });
});

describe('the customer’s group orders', () => {
  it('lists them with their state, the customer’s part and order', async () => {
    groups = [
      myGroup(),
      myGroup({
        Code: 'WXYZ6789',
        State: 'closed',
        IsOrganiser: false,
        YourState: 'ordered',
        YourAmount: 2000,
        OrderNumber: 'OK-2026-000123',
        ZipCode: '10117',
      }),
    ];
    renderSection();
    const list = await screen.findByRole('list', {
      name: 'Ihre Sammelbestellungen, die neueste zuerst',
    });
    const items = within(list).getAllByRole('article');
    expect(items).toHaveLength(2);
    const [open, closed] = items as [HTMLElement, HTMLElement];
    expect(
      within(open)
        .getByRole('link', { name: '10115 Berlin · Heizöl EL schwefelarm' })
        .getAttribute('href'),
    ).toBe('/sammelbestellung/ABCD2345');
    expect(open.textContent).toContain('offen');
    expect(open.textContent).toContain('Code ABCD 2345');
    expect(open.textContent).toContain('Ihre Menge: 3.000 Liter · Sie organisieren');
    expect(open.textContent).toContain('Frist: Sa., 28.11.2026, 10:00 Uhr');
    expect(closed.textContent).toContain('abgeschlossen');
    expect(
      within(closed).getByRole('link', { name: 'Bestellung OK-2026-000123' }).getAttribute('href'),
    ).toBe('/bestellung/bestaetigung/OK-2026-000123');
  });

  it('says briefly when there is none, and opens a group by its code', async () => {
    renderSection();
    expect(await screen.findByText(/an keiner Sammelbestellung beteiligt/)).toBeTruthy();
    const input = screen.getByLabelText('Code (8 Zeichen)');
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/kein gültiger Code/)).toBeTruthy();
    expect(document.activeElement).toBe(input);

    fireEvent.change(input, { target: { value: 'abcd 2345' } });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(await screen.findByText('Gruppe ABCD2345')).toBeTruthy();
  });

  it('a failure of the server alerts, with a retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json({ message: 'kaputt' }, 500))),
    );
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('konnten nicht geladen werden');
    expect(within(alert).getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('offline waits quietly and says so: the orders list above alerts once for the page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderSection();
    expect(await screen.findByText(/laden, sobald die Verbindung zurück ist/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
