import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { BrowserRouter, Link, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageCommitted, startHydration } from '../../ui/hydration';
import { calculatorState, resetCalculator } from '../calculator';
import { resetConsent } from '../consent';
import { freshOfferListStores, stubServer } from './offers.fixtures';
import { resetOfferList } from './store';
import { useOfferListSync } from './use-offer-list-sync';

// Not in the order the page writes it: the list rewrites it once it has applied it.
const LIST = '/heizoel/angebotsliste?amount=3000&zipCode=10115';
const CHECKOUT = '/bestellung?dealer=7&productGroup=1&zipCode=10115&amount=3000';

/**
 * The offer list page as far as its address goes; it stays mounted on every address, as the
 * real list does while the page it links to is still loading (a route change in a transition).
 */
function ListPage() {
  useOfferListSync(1);
  const { pathname, search } = useLocation();
  const [committed, setCommitted] = useState(false);
  return (
    <>
      <output data-testid="address">{`${pathname}${search}`}</output>
      <Link to={CHECKOUT}>Bestellen</Link>
      <button type="button" onClick={() => setCommitted(true)}>
        hydrated
      </button>
      {committed && <PageCommitted />}
    </>
  );
}

/** Renders the list as hydrating a server-rendered page (its sync waits for the commit). */
function renderHydrating() {
  startHydration();
  render(
    <BrowserRouter>
      <ListPage />
    </BrowserRouter>,
  );
}

/** The page finishes hydrating; the sync's work queued behind it runs. */
async function finishHydration() {
  await act(async () => {
    screen.getByRole('button', { name: 'hydrated' }).click();
    await vi.waitFor(() => expect(calculatorState.initialising).toBe(false));
  });
}

let server: ReturnType<typeof stubServer>;

beforeEach(async () => {
  await freshOfferListStores();
  server = stubServer();
  window.history.replaceState(null, '', LIST);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetCalculator();
  resetOfferList();
  resetConsent();
  window.history.replaceState(null, '', '/');
});

describe('the offer list writes its own address only', () => {
  it('rewrites the list address with the configuration once the page has hydrated', async () => {
    renderHydrating();
    await finishHydration();
    await vi.waitFor(() => expect(window.location.search).toMatch(/^\?zipCode=10115&amount=3000&/));
    expect(window.location.pathname).toBe('/heizoel/angebotsliste');
  });

  it('does not send back a visitor who tapped "Bestellen" while the page hydrated', async () => {
    renderHydrating();
    act(() => screen.getByRole('link', { name: 'Bestellen' }).click());
    expect(screen.getByTestId('address').textContent).toBe(CHECKOUT);

    await finishHydration();
    // The list's first rewrite ran (it comes before the calculation it starts), and the visitor
    // is still at the checkout.
    await act(() => vi.waitFor(() => expect(server.bodies).toHaveLength(1)));
    expect(`${window.location.pathname}${window.location.search}`).toBe(CHECKOUT);
    expect(screen.getByTestId('address').textContent).toBe(CHECKOUT);
  });
});
