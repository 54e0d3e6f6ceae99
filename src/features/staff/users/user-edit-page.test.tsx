import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SupportUserDetail } from '../../../api/contract/support';
import { resetSession } from '../../session';
import { loginWithClaims } from '../../../../tests/support/client-session';
import { UserEditPage } from './user-edit-page';

const erika: SupportUserDetail = {
  Id: 7,
  Email: 'erika@example.de',
  Title1: 'Frau',
  FirstName: 'Erika',
  LastName: 'Mustermann',
  Roles: ['Role_Customer'],
  Active: true,
  HasMexEnabled: false,
  CreatedAt: '2026-01-02T10:00:00.000Z',
  CanImpersonate: true,
  CanEdit: true,
};

let calls: { method: string; path: string; body: unknown }[];
let answer: (method: string, path: string, body: unknown) => Response | undefined;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const loginAs = (role: string) => loginWithClaims({ role });

beforeEach(() => {
  resetSession();
  calls = [];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const special = answer(method, path, body);
      if (special) return Promise.resolve(special);
      if (path === '/api/support/users/7' && method === 'GET') return Promise.resolve(json(erika));
      if (path === '/api/support/users/7/history') return Promise.resolve(json([]));
      if (path === '/api/support/users/7' && method === 'PUT')
        return Promise.resolve(json({ ...erika, ...(body as object) }));
      return Promise.resolve(json({ message: 'Diesen Benutzer gibt es nicht.' }, 404));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
});

function renderPage(id = 7) {
  return render(
    <MemoryRouter initialEntries={[`/support/benutzer/${id}/bearbeiten`]}>
      <Routes>
        <Route path="/support/benutzer/:id/bearbeiten" element={<UserEditPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('UserEditPage', () => {
  it('shows the account; a supporter edits the name but cannot change roles', async () => {
    loginAs('Oelkompass.CustomerSupport');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Benutzer Erika Mustermann' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Nachname').value).toBe('Mustermann');
    expect(screen.getByText('Rollen kann nur ein Administrator ändern.')).toBeTruthy();
    const roles = screen.getByRole('group', { name: 'Mitarbeiterrollen' });
    for (const box of within(roles).getAllByRole('checkbox')) {
      expect((box as HTMLInputElement).disabled).toBe(true);
    }
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Kunde' }).checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Rollen speichern' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Nachname'), { target: { value: 'Neumann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Änderungen sind gespeichert.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      Title1: 'Frau',
      FirstName: 'Erika',
      LastName: 'Neumann',
      Email: 'erika@example.de',
    });
    expect(screen.getByRole('heading', { name: 'Benutzer Erika Neumann' })).toBeTruthy();
    // The audit log loads again after the save.
    expect(calls.filter((c) => c.path.endsWith('/history')).length).toBeGreaterThanOrEqual(1);
  });

  it('keeps what was typed and shows the server’s message at the field on a 409', async () => {
    loginAs('Oelkompass.CustomerSupport');
    answer = (method) =>
      method === 'PUT'
        ? json({ message: 'Diese E-Mail-Adresse gehört bereits zu einem anderen Konto.' }, 409)
        : undefined;
    renderPage();
    const email = await screen.findByLabelText<HTMLInputElement>('E-Mail-Adresse');
    fireEvent.change(email, { target: { value: 'vergeben@example.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Diese E-Mail-Adresse gehört bereits zu einem anderen Konto.',
    );
    expect(email.value).toBe('vergeben@example.de');
  });

  it('checks the form with the contract before sending', async () => {
    loginAs('Oelkompass.CustomerSupport');
    renderPage();
    const email = await screen.findByLabelText('E-Mail-Adresse');
    fireEvent.change(email, { target: { value: 'keine-adresse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die E-Mail-Adresse ist ungültig.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('an admin changes roles (names without prefix)', async () => {
    loginAs('Oelkompass.Admin');
    answer = (method, path) =>
      method === 'PUT' && path.endsWith('/roles')
        ? json({ ...erika, Roles: ['Role_Customer', 'Oelkompass.Editor'] })
        : undefined;
    renderPage();
    const editor = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Redaktion' });
    expect(editor.disabled).toBe(false);
    fireEvent.click(editor);
    fireEvent.click(screen.getByRole('button', { name: 'Rollen speichern' }));
    expect(await screen.findByText('Die Rollen sind gespeichert.')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/roles'))?.body).toEqual({
      Roles: ['Role_Customer', 'Editor'],
    });
  });

  it('locks after a confirmation and sends the password mail', async () => {
    loginAs('Oelkompass.CustomerSupport');
    answer = (_method, path) => {
      if (path.endsWith('/lock')) return json({ ...erika, Active: false, CanImpersonate: false });
      if (path.endsWith('/reset-password')) return json({ Success: true });
      return undefined;
    };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Kennwort-Mail senden' }));
    expect(await screen.findByText('Die E-Mail ist an erika@example.de unterwegs.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Konto sperren' }));
    expect(calls.some((c) => c.path.endsWith('/lock'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Ja, sperren' }));
    expect(await screen.findByText('Das Konto ist gesperrt.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Konto entsperren' })).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Als Kunde anmelden' }).disabled,
    ).toBe(true);
  });

  it('a staff account is read-only for a supporter', async () => {
    loginAs('Oelkompass.CustomerSupport');
    answer = (method, path) =>
      method === 'GET' && path === '/api/support/users/7'
        ? json({ ...erika, Roles: ['Oelkompass.Editor'], CanEdit: false, CanImpersonate: false })
        : undefined;
    renderPage();
    expect(await screen.findAllByText(/kann nur ein Administrator ändern/)).toHaveLength(3);
    expect(screen.getByLabelText<HTMLInputElement>('Nachname').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Konto sperren' })).toBeNull();
  });

  it('says so for an unknown user', async () => {
    loginAs('Oelkompass.CustomerSupport');
    renderPage(99);
    expect(await screen.findByText('Diesen Benutzer gibt es nicht (mehr).')).toBeTruthy();
  });
});
