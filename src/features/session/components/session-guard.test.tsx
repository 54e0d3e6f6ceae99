import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { GuardName } from '../../../lib/roles';
import { fullNavigation } from '../navigation';
import { adoptToken, clearUser, resetSession, sessionState, settleSession } from '../store';
import { fakeJwt } from '../test-tokens';
import { SessionGuard } from './session-guard';

const exp = 2_000_000_000;
const tokens = {
  customer: fakeJwt({ sub: '1', id: 1, role: 'Role_Customer', firstName: 'K', exp }),
  support: fakeJwt({ sub: '2', id: 2, role: 'Oelkompass.CustomerSupport', firstName: 'S', exp }),
  admin: fakeJwt({ sub: '3', id: 3, role: ['Oelkompass.Admin'], firstName: 'A', exp }),
  mex: fakeJwt({
    sub: '4',
    id: 4,
    role: 'Role_Customer',
    hasMexEnabled: 'ja',
    firstName: 'M',
    exp,
  }),
  impersonated: fakeJwt({ sub: '5', id: 5, role: 'Role_Customer', isImpersonatedS: 'true', exp }),
};

function renderAt(guard: GuardName, path = '/geschuetzt?x=1') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<p>Startseite</p>} />
        <Route
          path="/geschuetzt"
          element={
            <SessionGuard guard={guard} fallback={<p>Lädt</p>}>
              <p>Geheim</p>
            </SessionGuard>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

let assign: MockInstance<(url: string) => void>;

beforeEach(() => {
  resetSession();
  assign = vi.spyOn(fullNavigation, 'assign').mockImplementation(() => undefined);
});

afterEach(() => {
  assign.mockRestore();
});

describe('SessionGuard (SPEC §6)', () => {
  it('shows the loading state until the session settles, then decides', async () => {
    renderAt('user');
    expect(screen.getByText('Lädt')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    // valtio notifies after a microtask: an async act lets React see it.
    await act(async () => {
      adoptToken(tokens.customer);
      settleSession();
      await Promise.resolve();
    });
    expect(screen.getByText('Geheim')).toBeTruthy();
  });

  it('anonymous → the login page with ReturnUrl = path + query', () => {
    settleSession();
    renderAt('support');
    expect(assign).toHaveBeenCalledWith(
      '/konto/anmelden-registrieren?ReturnUrl=%2Fgeschuetzt%3Fx%3D1',
    );
    expect(screen.queryByText('Geheim')).toBeNull();
  });

  it('a customer on a support page → /', () => {
    adoptToken(tokens.customer);
    settleSession();
    renderAt('support');
    expect(screen.getByText('Startseite')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['support', 'support', true],
    ['support', 'admin', true],
    ['admin', 'support', false],
    ['admin', 'admin', true],
    ['mexOwner', 'customer', false],
    ['mexOwner', 'mex', true],
    ['impersonateSupport', 'impersonated', true],
    ['impersonateSupport', 'customer', false],
    ['editor', 'admin', true],
    ['adManager', 'support', false],
  ] as const)('%s guard, %s user: allowed %s', (guard, who, allowed) => {
    adoptToken(tokens[who]);
    settleSession();
    renderAt(guard);
    expect(screen.queryByText(allowed ? 'Geheim' : 'Startseite')).toBeTruthy();
  });

  it('logging out on a guarded page goes home; an expired session goes to the login page', async () => {
    adoptToken(tokens.customer);
    settleSession();
    const view = renderAt('user');
    expect(screen.getByText('Geheim')).toBeTruthy();
    await act(async () => {
      clearUser();
      await Promise.resolve();
    });
    expect(screen.getByText('Startseite')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    view.unmount();

    adoptToken(tokens.customer);
    renderAt('user');
    await act(async () => {
      clearUser();
      sessionState.expired = true;
      await Promise.resolve();
    });
    expect(assign).toHaveBeenCalledWith(
      '/konto/anmelden-registrieren?ReturnUrl=%2Fgeschuetzt%3Fx%3D1',
    );
  });
});
