import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { GroupView } from '../../api/contract/group-orders';
import { GroupOrderPage } from './group-order-page';
import {
  CODE,
  groupView,
  json,
  memberView,
  you,
  stubApi,
  type ApiCall,
} from './group-orders.fixtures';
import { resetGroupDrafts } from './store';
import { priceChangeOf, refreshDelayMs } from './use-group-view';

let answers: Record<string, () => Response>;
let calls: ApiCall[];

beforeEach(() => {
  sessionStorage.clear();
  resetGroupDrafts();
  answers = {
    'GET /api/orders/checkout-defaults': () =>
      json({ Email: 'nachbar@example.org', Phone: '030 7654321', DeliveryAddress: null }),
  };
  calls = stubApi(answers);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetGroupDrafts();
  sessionStorage.clear();
});

function serve(view: GroupView) {
  answers[`GET /api/sammelbestellungen/${CODE}`] = () => json(view);
}

async function renderPage() {
  render(
    <MemoryRouter initialEntries={[`/sammelbestellung/${CODE}`]}>
      <Routes>
        <Route path="/sammelbestellung/:code" element={<GroupOrderPage />} />
        <Route path="*" element={<p>anderswo</p>} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Sammelbestellung 10115 Berlin' });
}

describe('the group page', () => {
  it('shows a neighbour the group price, the households without names, and the join form', async () => {
    serve(groupView());
    await renderPage();
    expect(screen.getByTestId('group-unit-price').textContent).toContain('98,76\u00a0€');
    expect(screen.getByText('für zusammen 5.000 Liter an 2 Abladestellen')).toBeTruthy();
    expect(screen.getByTestId('group-dealer').textContent).toContain('Ölversorgung Berlin');
    expect(screen.getByTestId('group-households-count').textContent).toContain(
      '2 von 9 Haushalten',
    );
    expect(screen.getByText('Haushalt 1 · 3.000 L · Organisator')).toBeTruthy();
    expect(screen.getByText('Haushalt 2 · 2.000 L')).toBeTruthy();
    expect(screen.getByTestId('group-state').textContent).toContain('offen');

    const form = screen.getByRole('form', { name: 'Mitmachen' });
    const payment = within(form).getByLabelText(/Zahlungsart/);
    expect(
      within(payment)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bitte wählen', 'Rechnung', 'Ratenzahlung (12 Monate)']);
    // The maximum price suggested from the group's price (+5 %, rounded up), the postal code
    // and the account's e-mail filled in.
    await waitFor(() =>
      expect(within(form).getByLabelText<HTMLInputElement>(/E-Mail/).value).toBe(
        'nachbar@example.org',
      ),
    );
    expect(within(form).getByLabelText<HTMLInputElement>(/^Ihr Höchstpreis/).value).toBe('104');
    expect(within(form).getByLabelText<HTMLInputElement>(/^PLZ/).value).toBe('10115');
    expect(within(form).getByText(/eigenen Vertrag mit dem Händler/)).toBeTruthy();
    expect(within(form).getByText(/Niemand haftet für einen anderen Haushalt/)).toBeTruthy();
  });

  it('joins: German messages at the fields first, then the share of the neighbour', async () => {
    serve(groupView());
    await renderPage();
    const form = screen.getByRole('form', { name: 'Mitmachen' });
    fireEvent.click(within(form).getByRole('button', { name: 'Verbindlich mitmachen' }));
    const amount = within(form).getByLabelText(/Ihre Menge in Litern/);
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Bitte geben Sie Ihre Menge in Litern an.')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '2.500' } });
    fireEvent.change(within(form).getByLabelText(/Zahlungsart/), { target: { value: '11' } });
    fireEvent.change(within(form).getByLabelText(/^Vorname/), { target: { value: 'Nora' } });
    fireEvent.change(within(form).getByLabelText(/^Nachname/), { target: { value: 'Nachbar' } });
    fireEvent.change(within(form).getByLabelText(/^Straße/), {
      target: { value: 'Chausseestraße' },
    });
    fireEvent.change(within(form).getByLabelText(/^Hausnr/), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText(/^Ort/), { target: { value: 'Berlin' } });
    fireEvent.change(within(form).getByLabelText(/^Telefon/), { target: { value: '030 555' } });
    fireEvent.click(within(form).getByLabelText(/Ich habe die Bedingungen gelesen/));

    const joined = memberView({
      Households: [
        ...groupView().Households,
        { Number: 3, Amount: 2500, IsOrganiser: false, IsYou: true, State: 'active' },
      ],
      TotalAmount: 7500,
      You: you({ Amount: 2500 }),
    });
    answers[`POST /api/sammelbestellungen/${CODE}/teilnehmen`] = () => json(joined);
    fireEvent.click(within(form).getByRole('button', { name: 'Verbindlich mitmachen' }));

    const share = await screen.findByRole('heading', { name: 'Ihr Anteil' });
    await waitFor(() => expect(document.activeElement).toBe(share));
    const sent = calls.find((c) => c.path.endsWith('/teilnehmen'))?.body;
    expect(sent).toMatchObject({
      Amount: 2500,
      PaymentParameterId: 11,
      MaxUnitPrice: 104,
      AcceptedTerms: true,
      Email: 'nachbar@example.org',
      DeliveryAddress: { ZipCode: '10115', Street: 'Chausseestraße', HouseNumber: '5' },
    });
    expect(screen.getByText('Haushalt 3 · 2.500 L (Sie)')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Mitmachen' })).toBeNull();
  });

  it('shows a member their share and saving, and leaves after a confirmation', async () => {
    serve(memberView());
    await renderPage();
    expect(screen.getByTestId('group-your-unit-price').textContent).toContain('98,76\u00a0€');
    expect(screen.getByText('Sie sparen 42,10 € gegenüber einer Einzelbestellung.')).toBeTruthy();
    expect(screen.getByText('Haushalt 2 · 2.000 L (Sie)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Jetzt abschließen' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Nachbarn einladen' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Teilnahme beenden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Teilnahme beenden?' });
    answers[`POST /api/sammelbestellungen/${CODE}/verlassen`] = () =>
      json(
        groupView({
          Households: groupView().Households.map((h) =>
            h.Number === 2 ? { ...h, IsYou: true, State: 'left' as const } : h,
          ),
          You: you({ State: 'left' }),
        }),
      );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ja, Teilnahme beenden' }));
    expect(
      await screen.findByText(
        'Sie haben die Sammelbestellung verlassen. Für Sie wird nicht bestellt.',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/verlassen'))).toBe(true);
    expect(screen.getByTestId('group-households-count').textContent).toContain(
      '1 von 9 Haushalten',
    );
  });

  it('gives the organiser the link, the code and "Jetzt abschließen"; closing shows the wait', async () => {
    const organiser = memberView({
      Households: groupView().Households.map((h) => (h.Number === 1 ? { ...h, IsYou: true } : h)),
      You: you({ IsOrganiser: true, Amount: 3000 }),
    });
    serve(organiser);
    await renderPage();
    expect(screen.getByTestId('group-code').textContent).toContain('ABCD 2345');
    expect(screen.getByLabelText<HTMLInputElement>('Link zur Sammelbestellung').value).toBe(
      `${window.location.origin}/sammelbestellung/${CODE}`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Jetzt abschließen' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Sammelbestellung jetzt abschließen?',
    });
    expect(within(dialog).getByText(/alle 2 Haushalte/)).toBeTruthy();
    answers[`POST /api/sammelbestellungen/${CODE}/abschliessen`] = () =>
      json({ ...organiser, State: 'closing' }, 202);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ja, jetzt abschließen' }));
    expect(
      await screen.findByRole('heading', { name: 'Die Sammelbestellung wird abgeschlossen' }),
    ).toBeTruthy();
    expect(screen.getByTestId('group-state').textContent).toContain('wird abgeschlossen');
    expect(screen.queryByRole('button', { name: 'Jetzt abschließen' })).toBeNull();
  });

  it('after the closing: the household’s own order, or why it was left out', async () => {
    serve(
      memberView({
        State: 'closed',
        ClosedAt: '2026-11-26T09:00:00.000Z',
        You: you({ State: 'ordered', OrderNumber: 'OK-2026-000123' }),
      }),
    );
    await renderPage();
    const link = screen.getByRole('link', { name: 'Ihre Bestellung OK-2026-000123' });
    expect(link.getAttribute('href')).toBe('/bestellung/bestaetigung/OK-2026-000123');
    expect(screen.getByRole('heading', { name: 'Preis beim Abschluss' })).toBeTruthy();
  });

  it('shows the tour’s earliest day while open, and the booked day once closed', async () => {
    serve(groupView());
    await renderPage();
    expect(screen.getByTestId('group-delivery').textContent).toBe(
      'frühestens Di., 01.12.2026 – gebucht wird beim Abschluss',
    );
    cleanup();
    const open = groupView();
    serve(
      memberView({
        State: 'closed',
        ClosedAt: '2026-11-26T09:00:00.000Z',
        You: you({ State: 'ordered', OrderNumber: 'OK-2026-000123' }),
        Offer: open.Offer && {
          ...open.Offer,
          EarliestDelivery: null,
          Delivery: { Date: '2026-12-02', Window: 'vormittags' },
        },
      }),
    );
    await renderPage();
    const booked = screen.getByTestId('group-delivery');
    expect(booked.textContent).toBe('Mi., 02.12.2026, vormittags (7–12 Uhr)');
    expect(booked.previousElementSibling?.textContent).toBe('Liefertermin (gebucht)');
  });

  it('tells a household left out at the closing the server’s reason', async () => {
    serve(
      memberView({
        State: 'closed',
        You: you({
          State: 'excluded',
          Note: 'Der Gruppenpreis lag über Ihrem Höchstpreis von 95,00\u00a0€ je 100 Liter.',
        }),
      }),
    );
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Für Sie wurde nicht bestellt' })).toBeTruthy();
    expect(screen.getByText(/lag über Ihrem Höchstpreis/)).toBeTruthy();
  });

  it('says why a neighbour cannot join instead of the form', async () => {
    serve(groupView({ JoinBlockedReason: 'Die Sammelbestellung ist voll: 9 von 9 Haushalten.' }));
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Mitmachen ist nicht möglich' })).toBeTruthy();
    expect(screen.getByText('Die Sammelbestellung ist voll: 9 von 9 Haushalten.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Mitmachen' })).toBeNull();
  });

  it('says so for an unknown code', async () => {
    render(
      <MemoryRouter initialEntries={[`/sammelbestellung/${CODE}`]}>
        <Routes>
          <Route path="/sammelbestellung/:code" element={<GroupOrderPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sammelbestellung nicht gefunden' }),
    ).toBeTruthy();
  });

  it('refreshes an open group every 30 s and announces a new price politely', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      serve(groupView());
      await renderPage();
      serve(
        groupView({
          Households: [
            ...groupView().Households,
            { Number: 3, Amount: 2500, IsOrganiser: false, IsYou: false, State: 'active' },
          ],
          Offer: { ...groupView().Offer!, UnitPrice: 96.1, TotalAmount: 7500, Stations: 3 },
        }),
      );
      await act(async () => {
        await vi.advanceTimersByTimeAsync(30_000);
      });
      await waitFor(() =>
        expect(screen.getByTestId('group-unit-price').textContent).toContain('96,10\u00a0€'),
      );
      expect(screen.getByTestId('group-households-count').textContent).toContain(
        '3 von 9 Haushalten',
      );
      expect(
        screen.getByText('Neuer Gruppenpreis: 96,10 € je 100 Liter bei 3 Haushalten.'),
      ).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
  it('keeps the last view when a refresh gets no answer, and says since when', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      serve(groupView());
      await renderPage();
      answers[`GET /api/sammelbestellungen/${CODE}`] = () => {
        throw new TypeError('Failed to fetch');
      };
      await act(async () => {
        await vi.advanceTimersByTimeAsync(30_000);
      });
      expect(await screen.findByText(/Keine Verbindung\. Sie sehen den Stand von/)).toBeTruthy();
      expect(screen.getByTestId('group-unit-price').textContent).toContain('98,76\u00a0€');
      expect(screen.getByRole('form', { name: 'Mitmachen' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('refreshing', () => {
  it('polls an open group every 30 s, a closing one every 2.5 s, an ended one never', () => {
    expect(refreshDelayMs(groupView())).toBe(30_000);
    expect(refreshDelayMs(groupView({ State: 'closing' }))).toBe(2_500);
    expect(refreshDelayMs(groupView({ State: 'closed' }))).toBeNull();
    expect(refreshDelayMs(groupView({ State: 'cancelled' }))).toBeNull();
  });

  it('announces a price only when it changed', () => {
    const before = groupView();
    expect(priceChangeOf(null, before)).toBeNull();
    expect(priceChangeOf(before, groupView())).toBeNull();
    expect(priceChangeOf(before, groupView({ Offer: { ...before.Offer!, UnitPrice: 97.5 } }))).toBe(
      'Neuer Gruppenpreis: 97,50\u00a0€ je 100 Liter bei 2 Haushalten.',
    );
    expect(priceChangeOf(before, groupView({ Offer: null }))).toBeNull();
  });
});
