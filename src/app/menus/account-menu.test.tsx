import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { resetSession, sessionState } from '../../features/session';
import { loginWithClaims as login } from '../../../tests/support/client-session';
import { AccountMenu } from './account-menu';

function renderAt(path = '/heizoel/angebotsliste?zipCode=10115') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AccountMenu />
    </MemoryRouter>,
  );
}

beforeEach(() => resetSession());

describe('AccountMenu', () => {
  it('keeps its place while the session settles', () => {
    renderAt();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('logged out: "Anmelden" to the legacy page with ReturnUrl = this page', () => {
    sessionState.status = 'settled';
    renderAt();
    expect(screen.getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toBe(
      '/konto/anmelden-registrieren?ReturnUrl=%2Fheizoel%2Fangebotsliste%3FzipCode%3D10115',
    );
  });

  it('a customer gets the customer menu and Abmelden', async () => {
    login({ role: 'Role_Customer', firstName: 'Erika', lastName: 'Mustermann' });
    renderAt();
    const trigger = screen.getByRole('button', { name: /Erika Mustermann/ });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await act(async () => {
      fireEvent.click(trigger);
      await Promise.resolve();
    });
    // The panel is its own chunk: it arrives a moment after the first opening.
    await screen.findByRole('button', { name: 'Abmelden' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const links = screen.getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')]);
    expect(links).toEqual([
      ['Übersicht', '/kunde/startseite'],
      ['Bestellungen', '/bestellungen'],
      ['Persönliche Daten', '/persoenliche-daten'],
    ]);
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
    expect(screen.queryByLabelText('Support-Infos anzeigen')).toBeNull();
    // Escape closes and gives focus back to the button.
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' });
      await Promise.resolve();
    });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('support staff get the supporter menu and the support-info switch', async () => {
    login({
      role: ['Oelkompass.CustomerSupport'],
      firstName: 'Sam',
      allowSupportInfo: 'true',
    });
    renderAt();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Sam/ }));
      await Promise.resolve();
    });
    // The panel is its own chunk: it arrives a moment after the first opening.
    await screen.findByRole('button', { name: 'Abmelden' });
    const links = screen.getAllByRole('link').map((l) => l.getAttribute('href'));
    expect(links).toEqual([
      '/support',
      '/support/user/list',
      '/support/telemetrie',
      '/support/sammelbestellungen',
      '/support/liefertermine',
    ]);
    const toggle = screen.getByLabelText<HTMLInputElement>('Support-Infos anzeigen');
    expect(toggle.checked).toBe(false);
    await act(async () => {
      fireEvent.click(toggle);
      await Promise.resolve();
    });
    // The panel is its own chunk: it arrives a moment after the first opening.
    await screen.findByRole('button', { name: 'Abmelden' });
    expect(sessionState.ShowSupportInfo).toBe(true);
    localStorage.clear();
  });

  it('a dealer user gets the dealer area, not the customer menu (decision 026)', async () => {
    login({ role: 'Role_Dealer', firstName: 'Hanna', lastName: 'Händler' });
    renderAt();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Hanna/ }));
      await Promise.resolve();
    });
    await screen.findByRole('button', { name: 'Abmelden' });
    const links = screen.getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')]);
    expect(links).toEqual([['Aufträge', '/haendlerbereich']]);
    expect(screen.getByRole('navigation', { name: 'Händlerbereich' })).toBeTruthy();
  });

  it('an admin sees every staff menu, each entry once', async () => {
    login({ role: ['Oelkompass.Admin'], firstName: 'Ada' });
    renderAt();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Ada/ }));
      await Promise.resolve();
    });
    // The panel is its own chunk: it arrives a moment after the first opening.
    await screen.findByRole('button', { name: 'Abmelden' });
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/support',
      '/support/user/list',
      '/support/telemetrie',
      '/support/sammelbestellungen',
      '/support/liefertermine',
      // Admins pass the dealer guard (decision 026).
      '/haendlerbereich',
      '/support/adverts',
      '/support/campaigns',
      '/support/slots',
      '/support/cms/list',
      '/support/cache',
      '/support/jobs',
    ]);
  });
});
