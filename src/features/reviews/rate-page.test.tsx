import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RatePage } from './rate-page';

const TOKEN = 'A'.repeat(43);
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const validLink = {
  Valid: true,
  Reason: null,
  Order: {
    OrderNumber: 'OK-2026-000042',
    DealerName: 'Heizöl Nord GmbH',
    OrderDate: '2026-11-02T09:00:00Z',
    AmountLitres: 3000,
    DealerLink: '/heizoelhaendler/schleswig-holstein/24103/1001',
  },
};

function renderAt(path = `/bewerten-sie-uns/${TOKEN}/42`) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/bewerten-sie-uns/:token/:orderId" element={<RatePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RatePage (SPEC §2 /bewerten-sie-uns/{token}/{orderId})', () => {
  it('asks for stars first, then sends mark and text once and thanks', async () => {
    const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
      Promise.resolve(init?.method === 'POST' ? answer({ Success: true }, 201) : answer(validLink)),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt();
    expect(await screen.findByText('Bestellung OK-2026-000042 bei Heizöl Nord GmbH')).toBeTruthy();
    expect(screen.getByText('bestellt am 02.11.2026 · 3.000 Liter')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Bewertung abschicken' }));
    expect(screen.getByText('Bitte vergeben Sie 1 bis 5 Sterne.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const four = screen.getByRole('radio', { name: '4 Sterne: Gut' });
    fireEvent.click(four);
    expect((four as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Ihr Kommentar (optional)'), {
      target: { value: 'Pünktlich und freundlich.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bewertung abschicken' }));
    expect(await screen.findByText('Vielen Dank für Ihre Bewertung!')).toBeTruthy();

    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/bewertung');
    expect(JSON.parse(init.body as string)).toEqual({
      Token: TOKEN,
      OrderId: 42,
      Mark: 4,
      Text: 'Pünktlich und freundlich.',
    });
  });

  it('says why a used or expired link does not work', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer({ Valid: false, Reason: 'used', Order: null }))),
    );
    renderAt();
    expect(
      await screen.findByText('Diese Bestellung wurde bereits bewertet. Vielen Dank!'),
    ).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('treats a malformed link (400) as invalid', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer({ message: 'Die Anfrage ist ungültig.' }, 400))),
    );
    renderAt('/bewerten-sie-uns/kurz/abc');
    expect(await screen.findByText(/Der Link ist ungültig oder unvollständig/)).toBeTruthy();
  });

  it('keeps mark and text when sending fails, and shows the refusal when the link was used meanwhile', async () => {
    let posts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        if (init?.method !== 'POST') return Promise.resolve(answer(validLink));
        posts += 1;
        return posts === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Promise.resolve(
              answer({ message: 'Diese Bestellung wurde bereits bewertet. Vielen Dank!' }, 410),
            );
      }),
    );
    renderAt();
    fireEvent.click(await screen.findByRole('radio', { name: '5 Sterne: Sehr gut' }));
    fireEvent.change(screen.getByLabelText('Ihr Kommentar (optional)'), {
      target: { value: 'Top' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bewertung abschicken' }));
    expect(await screen.findByText(/Keine Verbindung zum Server/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Ihr Kommentar (optional)').value).toBe(
      'Top',
    );
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: '5 Sterne: Sehr gut' }).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Bewertung abschicken' }));
    expect(
      await screen.findByText('Diese Bestellung wurde bereits bewertet. Vielen Dank!'),
    ).toBeTruthy();
  });
});
