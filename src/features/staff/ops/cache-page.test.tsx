import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { CacheInfo } from '../../../api/contract/support';
import { CachePage } from './cache-page';

const base: CacheInfo[] = [
  {
    Name: 'best-price',
    Label: 'Bestpreise (120 s)',
    Entries: 3,
    OldestAgeSeconds: 42,
    Bytes: null,
    HitRate: null,
    ClearedAt: null,
    ClearedBy: null,
  },
  {
    Name: 'reviews',
    Label: 'Bewertungen/Qualitätsnote (1 h)',
    Entries: 1,
    OldestAgeSeconds: 600,
    Bytes: null,
    HitRate: null,
    ClearedAt: '2026-11-26T08:00:00.000Z',
    ClearedBy: 'admin@example.de',
  },
  {
    Name: 'pages',
    Label: 'Seiten (HTML; Preise 120 s, sonst 1 h)',
    Entries: 12,
    OldestAgeSeconds: 30,
    Bytes: 1_234_567,
    HitRate: 0.875,
    ClearedAt: null,
    ClearedBy: null,
  },
];

let calls: { method: string; path: string }[];
let clearAnswer: (path: string) => Response;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const cleared = (names: string[]): CacheInfo[] =>
  base.map((c) =>
    names.includes(c.Name)
      ? {
          ...c,
          Entries: 0,
          OldestAgeSeconds: null,
          ClearedAt: '2026-11-26T09:30:00.000Z',
          ClearedBy: 'chefin@example.de',
        }
      : c,
  );

beforeEach(() => {
  calls = [];
  clearAnswer = (path) =>
    json(
      path === '/api/support/caches/clear'
        ? cleared(['best-price', 'reviews'])
        : cleared(['best-price']),
    );
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push({ method, path });
      if (method === 'GET' && path === '/api/support/caches') return Promise.resolve(json(base));
      if (method === 'POST') return Promise.resolve(clearAnswer(path));
      return Promise.resolve(json({ message: 'Nicht gefunden' }, 404));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/support/cache']}>
      <CachePage />
    </MemoryRouter>,
  );
}

const rowOf = (label: string) => screen.getByRole('cell', { name: label }).closest('tr')!;

describe('CachePage', () => {
  it('lists the caches with entries, age and the last clear', async () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Caches werden geladen …');
    const table = await screen.findByRole('table', { name: 'Caches des Servers' });
    const best = within(table).getByText('Bestpreise (120 s)').closest('tr')!;
    expect(within(best).getByText('vor 42 s')).toBeTruthy();
    expect(within(best).getByText('3')).toBeTruthy();
    expect(within(best).getByText('noch nie')).toBeTruthy();
    const reviews = within(table).getByText('Bewertungen/Qualitätsnote (1 h)').closest('tr')!;
    expect(within(reviews).getByText(/von admin@example\.de/)).toBeTruthy();
  });

  it('shows the memory and hit rate of the caches that count them', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Caches des Servers' });
    const pages = within(table)
      .getByText(/^Seiten \(HTML/)
      .closest('tr')!;
    expect(within(pages).getByText(/^1,2 MB · 87,5\s%$/)).toBeTruthy();
    const best = within(table).getByText('Bestpreise (120 s)').closest('tr')!;
    expect(within(best).getAllByText('–')).toHaveLength(1);
  });

  it('clears one cache and shows the new count and who cleared it at once', async () => {
    renderPage();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Bestpreise (120 s) leeren' }));
    expect(await screen.findByText('Bestpreise (120 s): geleert.')).toBeTruthy();
    const best = rowOf('Bestpreise (120 s)');
    expect(within(best).getByText('0')).toBeTruthy();
    expect(within(best).getByText(/von chefin@example\.de/)).toBeTruthy();
    expect(calls).toContainEqual({ method: 'POST', path: '/api/support/caches/best-price/clear' });
  });

  it('clears all only after a confirmation', async () => {
    renderPage();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Alle leeren' }));
    const question = screen.getByText(/Wirklich alle Caches leeren/);
    expect(document.activeElement).toBe(question);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Ja, alle leeren' }));
    expect(await screen.findByText('Alle Caches sind geleert.')).toBeTruthy();
    expect(calls).toContainEqual({ method: 'POST', path: '/api/support/caches/clear' });
    expect(screen.queryByText(/Wirklich alle Caches leeren/)).toBeNull();
  });

  it('shows the server’s message when a clear fails and keeps the list', async () => {
    clearAnswer = () => json({ message: 'Diesen Cache gibt es nicht.' }, 404);
    renderPage();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Bestpreise (120 s) leeren' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Diesen Cache gibt es nicht.');
    expect(within(rowOf('Bestpreise (120 s)')).getByText('3')).toBeTruthy();
  });

  it('loads again on "Aktualisieren"', async () => {
    renderPage();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Aktualisieren' }));
    await screen.findByRole('table');
    await vi.waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'GET' && c.path === '/api/support/caches'),
      ).toHaveLength(2),
    );
  });
});
