import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import type { SupportUser } from '../../../api/contract/support';
import { fullNavigation } from '../../session';
import { SEARCH_DEBOUNCE_MS, UserListPage } from './user-list-page';

const users: SupportUser[] = [
  {
    Id: 11,
    Email: 'erika@example.de',
    FirstName: 'Erika',
    LastName: 'Mustermann',
    Roles: ['Role_Customer'],
  },
  {
    Id: 12,
    Email: 'sam@oelkompass.de',
    FirstName: 'Sam',
    LastName: 'Support',
    Roles: ['Oelkompass.CustomerSupport'],
  },
];

let searches: string[];
let impersonations: { id: string; headers: Headers }[];
let searchAnswer: (query: string) => Response;
let impersonateAnswer: () => Response;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function Where() {
  const { search } = useLocation();
  return <div data-testid="where">{search}</div>;
}

function renderPage(path = '/support/user/list') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <UserListPage />
      <Where />
    </MemoryRouter>,
  );
}

async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

let assign: MockInstance<(url: string) => void>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  searches = [];
  impersonations = [];
  searchAnswer = (q) =>
    json(
      users.filter(
        (u) => !q || `${u.FirstName} ${u.LastName} ${u.Email}`.toLowerCase().includes(q),
      ),
    );
  impersonateAnswer = () => json({ Success: true });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/support/users') {
        const q = url.searchParams.get('query') ?? '';
        searches.push(q);
        return Promise.resolve(searchAnswer(q));
      }
      const match = /^\/api\/support\/users\/(\d+)\/impersonate$/.exec(url.pathname);
      if (match && init?.method === 'POST') {
        impersonations.push({ id: match[1] ?? '', headers: new Headers(init.headers) });
        return Promise.resolve(impersonateAnswer());
      }
      return Promise.resolve(json({ message: 'Nicht gefunden' }, 404));
    }),
  );
  assign = vi.spyOn(fullNavigation, 'assign').mockImplementation(() => undefined);
});

afterEach(() => {
  assign.mockRestore();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('support user list', () => {
  it('lists users with name, e-mail and readable roles', async () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Suche läuft …');
    await settle();
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Erika Mustermann')).toBeTruthy();
    expect(within(rows[1]!).getByText('erika@example.de')).toBeTruthy();
    expect(within(rows[1]!).getByText('Kunde')).toBeTruthy();
    expect(within(rows[2]!).getByText('Kunden-Support')).toBeTruthy();
    // Staff can not be impersonated: no button in their row.
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    // Every row links to its edit page.
    expect(
      within(rows[1]!)
        .getByRole('link', { name: 'Erika Mustermann bearbeiten' })
        .getAttribute('href'),
    ).toBe('/support/benutzer/11/bearbeiten');
    expect(within(rows[2]!).getByRole('link', { name: 'Sam Support bearbeiten' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 Treffer');
  });

  it('searches 300 ms after typing stops, keeps the query in the address', async () => {
    renderPage();
    await settle();
    const field = screen.getByLabelText('Name oder E-Mail');
    fireEvent.change(field, { target: { value: 'er' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50);
    });
    fireEvent.change(field, { target: { value: 'erika' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    });
    await settle();
    expect(searches).toEqual(['', 'erika']);
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByTestId('where').textContent).toBe('?query=erika');
  });

  it('starts with the query from the address', async () => {
    renderPage('/support/user/list?query=sam');
    await settle();
    expect(searches).toEqual(['sam']);
    expect(screen.getByLabelText<HTMLInputElement>('Name oder E-Mail').value).toBe('sam');
  });

  it('says so when nothing matches', async () => {
    renderPage('/support/user/list?query=niemand');
    await settle();
    expect(screen.getByText('Keine Benutzer gefunden für „niemand“.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server message on failure and retries', async () => {
    searchAnswer = () => json({ message: 'Keine Berechtigung.' }, 403);
    renderPage();
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Keine Berechtigung.');
    searchAnswer = () => json(users);
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await settle();
    expect(searches).toHaveLength(2);
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('acts as a customer: POST with the verification header, then a full load of /kunde/startseite', async () => {
    document.cookie = 'ok_csrf=abc.def; Path=/';
    const { setFetchHooks } = await import('../../../api/client');
    const remove = setFetchHooks({ getVerificationToken: () => 'abc.def' });
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Als Kunde handeln (Erika Mustermann)' }));
    // The switch runs in the session engine's chunk, loaded on the way (switchUser).
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    remove();
    expect(impersonations).toHaveLength(1);
    expect(impersonations[0]?.id).toBe('11');
    expect(impersonations[0]?.headers.get('RequestVerificationToken')).toBe('abc.def');
    expect(assign).toHaveBeenCalledWith('/kunde/startseite');
  });

  it('shows why impersonation failed and stays', async () => {
    impersonateAnswer = () => json({ message: 'Nur Kundenkonten können übernommen werden.' }, 400);
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Als Kunde handeln (Erika Mustermann)' }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).not.toBeNull());
    expect(screen.getByRole('alert').textContent).toBe(
      'Nur Kundenkonten können übernommen werden.',
    );
    expect(assign).not.toHaveBeenCalled();
    expect(
      screen.getByRole('button', { name: 'Als Kunde handeln (Erika Mustermann)' }),
    ).toBeTruthy();
  });

  it('a network failure is an error state, not a crash', async () => {
    searchAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    renderPage();
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Keine Verbindung zum Server');
  });
});
