import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { resetSession, sessionState } from '../../session';
import { offerListConfig as config } from '../../../ui/order-form/order-form.fixtures';
import { GroupOrderEntry } from './group-order-entry';

const START =
  '/sammelbestellung/starten?productGroup=1&zipCode=10115&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0';

beforeEach(() => resetSession());
afterEach(() => resetSession());

function renderEntry() {
  render(
    <MemoryRouter>
      <GroupOrderEntry config={config} />
    </MemoryRouter>,
  );
}

describe('the group-order entry after the offers', () => {
  it('lets a logged-in customer start a group for the offers on screen', () => {
    sessionState.LoggedIn = true;
    renderEntry();
    expect(screen.getByRole('heading', { name: 'Mit Nachbarn bestellen' })).toBeTruthy();
    expect(screen.getByText(/niemand haftet für einen anderen/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Sammelbestellung starten' }).getAttribute('href'),
    ).toBe(START);
  });

  it('offers a visitor one line that logs in and comes back to the start', () => {
    renderEntry();
    expect(screen.queryByRole('heading')).toBeNull();
    const link = screen.getByRole('link', { name: 'Anmelden und Sammelbestellung starten' });
    expect(link.getAttribute('href')).toBe(
      `/konto/anmelden-registrieren?ReturnUrl=${encodeURIComponent(START)}`,
    );
  });
});
