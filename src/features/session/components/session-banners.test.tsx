import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { adoptToken, resetSession, sessionState, setShowSupportInfo } from '../store';
import { fakeJwt } from '../test-tokens';
import { SessionBanners } from './session-banners';

function renderAt(path = '/bestellungen') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionBanners />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetSession();
  localStorage.clear();
});

describe('SessionBanners', () => {
  it('shows nothing for an ordinary session', () => {
    adoptToken(fakeJwt({ sub: '1', id: 1, role: 'Role_Customer', firstName: 'E', exp: 2e9 }));
    const { container } = renderAt();
    expect(container.textContent).toBe('');
  });

  it('impersonation: a clear bar naming the customer, with Beenden', async () => {
    adoptToken(
      fakeJwt({
        sub: '1',
        id: 1,
        role: 'Role_Customer',
        isImpersonatedS: 'True',
        firstName: 'Erika',
        lastName: 'Mustermann',
        exp: 2e9,
      }),
    );
    renderAt();
    // The banners are their own chunk, loaded when one is wanted.
    const bar = await screen.findByRole('region', { name: 'Support-Sitzung' });
    expect(bar.textContent).toContain('Sie handeln als Erika Mustermann (Support-Sitzung)');
    expect(screen.getByRole('button', { name: 'Beenden' })).toBeTruthy();
  });

  it('expired: a German notice with a link back to the login page', async () => {
    renderAt('/bestellungen?seite=2');
    await act(async () => {
      sessionState.expired = true;
      await Promise.resolve();
    });
    expect((await screen.findByRole('status')).textContent).toContain(
      'Ihre Sitzung ist abgelaufen',
    );
    expect(screen.getByRole('link', { name: 'Erneut anmelden' }).getAttribute('href')).toBe(
      '/konto/anmelden-registrieren?ReturnUrl=%2Fbestellungen%3Fseite%3D2',
    );
  });

  it('support info only when both ShowSupportInfo and AllowSupportInfo (SPEC §6)', async () => {
    adoptToken(fakeJwt({ sub: '9', id: 9, role: 'X.Admin', allowSupportInfo: 'ja', exp: 2e9 }));
    renderAt();
    expect(screen.queryByRole('complementary', { name: 'Support-Infos' })).toBeNull();
    await act(async () => {
      setShowSupportInfo(true);
      await Promise.resolve();
    });
    expect(
      (await screen.findByRole('complementary', { name: 'Support-Infos' })).textContent,
    ).toContain('X.Admin');
    await act(async () => {
      sessionState.AllowSupportInfo = false;
      await Promise.resolve();
    });
    expect(screen.queryByRole('complementary', { name: 'Support-Infos' })).toBeNull();
  });
});
