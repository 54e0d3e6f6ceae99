import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { SupportGroup } from '../../../api/contract/group-orders';
import { GroupOrdersPage } from './group-orders-page';

const groups: SupportGroup[] = [
  {
    Id: 2,
    Code: 'WXYZ6789',
    State: 'closed',
    CreatedAt: '2026-11-24T09:00:00.000Z',
    Deadline: '2026-11-26T09:00:00.000Z',
    ClosedAt: '2026-11-26T09:00:05.000Z',
    ZipCode: '10115',
    Place: 'Berlin',
    ProductName: 'Heizöl EL schwefelarm',
    Currency: 'EUR',
    DealerName: 'Ölversorgung Berlin',
    Members: [
      {
        Email: 'erika@example.org',
        Name: 'Erika Musterfrau',
        ZipCode: '10115',
        Amount: 3000,
        IsOrganiser: true,
        State: 'ordered',
        OrderNumber: 'OK-2026-000101',
        OrderId: 101,
        TotalPrice: 2962.8,
        Note: null,
      },
      {
        Email: 'nora@example.org',
        Name: 'Nora Nachbar',
        ZipCode: '10117',
        Amount: 1000,
        IsOrganiser: false,
        State: 'excluded',
        OrderNumber: null,
        OrderId: null,
        TotalPrice: null,
        Note: 'Der Gruppenpreis lag über dem Höchstpreis.',
      },
    ],
  },
  {
    Id: 1,
    Code: 'ABCD2345',
    State: 'open',
    CreatedAt: '2026-11-25T09:00:00.000Z',
    Deadline: '2026-11-28T09:00:00.000Z',
    ClosedAt: null,
    ZipCode: '80331',
    Place: 'München',
    ProductName: 'Heizöl EL schwefelarm',
    Currency: 'EUR',
    DealerName: null,
    Members: [],
  },
];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) =>
      Promise.resolve(
        input === '/api/support/sammelbestellungen'
          ? json(groups)
          : json({ message: 'Nicht gefunden' }, 404),
      ),
    ),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('GroupOrdersPage', () => {
  it('lists the groups with their households, orders and notes; the filter finds an e-mail', async () => {
    render(
      <MemoryRouter initialEntries={['/support/sammelbestellungen']}>
        <GroupOrdersPage />
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', {
      name: 'Sammelbestellungen, die neueste zuerst',
    });
    const closed = within(table).getByText('WXYZ 6789').closest('tr')!;
    expect(within(closed).getByText('abgeschlossen')).toBeTruthy();
    expect(within(closed).getByText('10115 Berlin')).toBeTruthy();
    expect(within(closed).getByText('am 26.11.2026, 10:00')).toBeTruthy();
    expect(within(closed).getByText('Ölversorgung Berlin')).toBeTruthy();
    expect(within(closed).getByText('2 Haushalte · 4.000 L')).toBeTruthy();
    const members = within(closed).getByRole('list', {
      name: 'Haushalte der Sammelbestellung WXYZ 6789',
    });
    const erika = within(members).getByText('erika@example.org').closest('li')!;
    expect(erika.textContent).toContain('Erika Musterfrau (Organisator)');
    expect(within(erika).getByText('OK-2026-000101')).toBeTruthy();
    expect(within(erika).getByText('Betrag 2.962,80 €')).toBeTruthy();
    expect(within(erika).getByText('bestellt')).toBeTruthy();
    expect(within(erika).getByText('3.000 L')).toBeTruthy();
    const nora = within(members).getByText('nora@example.org').closest('li')!;
    expect(within(nora).getByText('herausgefallen')).toBeTruthy();
    expect(within(nora).getByText('Der Gruppenpreis lag über dem Höchstpreis.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Filtern/), { target: { value: 'nora@' } });
    expect(within(table).queryByText('ABCD 2345')).toBeNull();
    expect(within(table).getByText('WXYZ 6789')).toBeTruthy();
  });
});
