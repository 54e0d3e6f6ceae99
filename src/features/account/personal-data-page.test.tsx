import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consentState, resetConsent } from '../consent';
import {
  AccountPartialPage,
  AddEditAddressModalPage,
  PersonalDataPage,
} from './personal-data-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const person = {
  Email: 'kunde@example.org',
  Title1: 'Frau',
  Title2: '',
  FirstName: 'Erika',
  LastName: 'Mustermann',
  Phone: '',
};
const home = {
  Id: 7,
  Kind: 'delivery',
  Title1: 'Frau',
  FirstName: 'Erika',
  LastName: 'Mustermann',
  Company: '',
  Street: 'Invalidenstraße',
  HouseNumber: '117',
  ZipCode: '10115',
  Place: 'Berlin',
  CountryId: 1,
  Phone: '',
  IsDefault: true,
};

type Handler = (method: string, body: unknown) => Response;

/** A fake server by path; every call is recorded. */
function serve(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body: unknown = init?.body ? JSON.parse(init.body as string) : undefined;
      calls.push({ method, url, body });
      const handler = routes[url];
      return Promise.resolve(handler ? handler(method, body) : json({ message: 'weg' }, 404));
    }),
  );
  return calls;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/persoenliche-daten" element={<PersonalDataPage />} />
        <Route
          path="/account/basedata/modals/addEditAddressModal"
          element={<AddEditAddressModalPage />}
        />
        <Route
          path="/account/basedata/partial/:addressCol?/:addressColItem?/:loginCol?"
          element={<AccountPartialPage />}
        />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  // Consent answered: the address dialog waits for that.
  consentState.status = 'ready';
  consentState.dialogOpen = false;
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetConsent();
});

describe('PersonalDataPage', () => {
  it('shows the data and the address card, and offers a retry when loading fails', async () => {
    let fail = true;
    serve({
      '/api/jwt/kunde/persoenliche-daten': () =>
        fail ? json({ message: 'kaputt' }, 500) : json(person),
      '/api/jwt/kunde/adressen': () => json({ Items: [home] }),
    });
    renderAt('/persoenliche-daten');
    expect(await screen.findByText(/Ihre Daten konnten nicht geladen werden/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByDisplayValue('Erika')).toBeTruthy();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveProperty('readOnly', true);
    const card = screen.getByRole('listitem');
    expect(card.textContent).toContain('Invalidenstraße 117');
    expect(card.textContent).toContain('Standard');
  });

  it('keeps the typed address when the server refuses the postal code, then saves it', async () => {
    let saved = false;
    const calls = serve({
      '/api/jwt/kunde/persoenliche-daten': () => json(person),
      '/api/jwt/kunde/adressen': (method, body) => {
        if (method === 'GET')
          return json({
            Items: saved
              ? [home, { ...home, Id: 8, IsDefault: false, Street: 'Hauptstraße' }]
              : [home],
          });
        const zip = (body as { ZipCode: string }).ZipCode;
        if (zip === '99999') {
          return json(
            {
              message: 'Die Anfrage ist ungültig.',
              issues: [
                {
                  path: 'body.ZipCode',
                  message: 'Die Postleitzahl 99999 gibt es in Deutschland nicht.',
                },
              ],
            },
            400,
          );
        }
        saved = true;
        return json({ ...home, Id: 8, IsDefault: false, Street: 'Hauptstraße' }, 201);
      },
    });
    renderAt('/account/basedata/modals/addEditAddressModal');
    const dialog = await screen.findByRole('dialog', { name: 'Adresse hinzufügen' });
    const d = within(dialog);
    // Names come from the personal data.
    expect(d.getByLabelText('Vorname')).toHaveProperty('value', 'Erika');
    fireEvent.change(d.getByLabelText('Straße'), { target: { value: 'Hauptstraße' } });
    fireEvent.change(d.getByLabelText('Hausnr.'), { target: { value: '5' } });
    fireEvent.change(d.getByLabelText('PLZ'), { target: { value: '99x999' } });
    fireEvent.change(d.getByLabelText('Ort'), { target: { value: 'Berlin' } });
    // SPEC §5: digits only.
    expect(d.getByLabelText('PLZ')).toHaveProperty('value', '99999');
    fireEvent.click(d.getByRole('button', { name: 'Adresse speichern' }));
    expect(await d.findByText('Die Postleitzahl 99999 gibt es in Deutschland nicht.')).toBeTruthy();
    expect(d.getByLabelText('Straße')).toHaveProperty('value', 'Hauptstraße');

    fireEvent.change(d.getByLabelText('PLZ'), { target: { value: '10115' } });
    fireEvent.click(d.getByRole('button', { name: 'Adresse speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Die Adresse wurde gespeichert.')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((p) => (p.body as { ZipCode: string }).ZipCode)).toEqual(['99999', '10115']);
  });

  it('focuses the login section for the loginCol partial', async () => {
    serve({
      '/api/jwt/kunde/persoenliche-daten': () => json(person),
      '/api/jwt/kunde/adressen': () => json({ Items: [home] }),
    });
    renderAt('/account/basedata/partial/a/b/login');
    const section = await screen.findByRole('region', { name: 'Zugangsdaten' });
    await waitFor(() => expect(document.activeElement).toBe(section));
  });

  it('asks before deleting and reloads the list after', async () => {
    let deleted = false;
    const calls = serve({
      '/api/jwt/kunde/persoenliche-daten': () => json(person),
      '/api/jwt/kunde/adressen': () => json({ Items: deleted ? [] : [home] }),
      '/api/jwt/kunde/adressen/7': () => {
        deleted = true;
        return json({ Success: true });
      },
    });
    renderAt('/persoenliche-daten');
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Adresse Invalidenstraße 117, 10115 Berlin löschen',
      }),
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Ja, löschen' }));
    expect(await screen.findByText('Sie haben noch keine Adresse gespeichert.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/jwt/kunde/adressen/7',
    ]);
  });
});
