import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useSnapshot } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalculatorConfig } from '../../../api/contract/calculation';
import { generateOffers } from '../../../workers/offers/offers.fixtures';
import { resetOffersWorker } from '../../../workers/offers';
import { defaultConfig, resetCalculator } from '../../calculator';
import { resetSession, sessionState } from '../../session';
import { json, resultFixture } from '../offers.fixtures';
import {
  calculateOffers,
  forgetLastKnownOffers,
  offerListState,
  resetOfferList,
  setOfferSort,
} from '../store';
import { FAVOURITE_TOAST_MS, FavouriteToast } from './favourite-toast';
import { OfferCard } from './offer-card';

const config: CalculatorConfig = { ...defaultConfig(1, 1), ZipCode: '10115' };
const items = generateOffers({ count: 3, seed: 11 });
const [first] = items;
if (!first) throw new Error('no offers');
const dealer = first.DealerName;

/** What the offer list page renders of the store: the cards and the toast. */
function List() {
  const { offers } = useSnapshot(offerListState);
  return (
    <>
      {offers.map((offer) => (
        <OfferCard key={offer.id} offer={offer} />
      ))}
      <FavouriteToast />
    </>
  );
}

interface Call {
  body: unknown;
  headers: Headers;
  answer: (response: Response) => void;
}

/** berechnen answers at once; every set/favourite call waits until the test answers it. */
function stubFetch() {
  const favouriteCalls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = input.toString();
      if (url.startsWith('/api/kalkulation/berechnen')) return json(resultFixture(config, items));
      if (url === '/api/jwt/kunde/set/favourite') {
        return new Promise<Response>((answer) => {
          favouriteCalls.push({
            body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null'),
            headers: new Headers(init?.headers),
            answer,
          });
        });
      }
      return json({ message: 'Nicht gefunden' }, 404);
    }),
  );
  return favouriteCalls;
}

async function showOffers() {
  await act(() => calculateOffers(config));
  render(<List />);
}

const card = (name: string) => screen.getByRole('article', { name });

/** The heart of the dealer's card in the given state (the name stays, aria-pressed changes). */
const heart = (pressed: boolean) =>
  within(card(dealer)).getByRole('button', { name: 'Als Favorit merken', pressed });

/** valtio tells React in a microtask: clicks and session changes settle inside an async act. */
async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
    await Promise.resolve();
  });
}

async function setLoggedIn(value: boolean) {
  await act(async () => {
    sessionState.LoggedIn = value;
    await Promise.resolve();
  });
}

/**
 * Answers a pending favourite call and waits, inside act, until `settled` holds (default: the
 * store has read the answer).
 */
async function answer(
  call: Call | undefined,
  response: Response,
  settled: () => void = () => expect(response.bodyUsed).toBe(true),
) {
  if (!call) throw new Error('no favourite call');
  await act(async () => {
    call.answer(response);
    await vi.waitFor(settled);
    await Promise.resolve();
  });
}

beforeEach(async () => {
  await forgetLastKnownOffers();
  resetOfferList();
  resetCalculator();
  resetOffersWorker();
  resetSession();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetOfferList();
  resetSession();
});

function logIn() {
  sessionState.LoggedIn = true;
}

const pressedOf = (element: HTMLElement) => element.getAttribute('aria-pressed');

describe('FavouriteButton on the offer card', () => {
  it('is shown only when logged in', async () => {
    stubFetch();
    await showOffers();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Als Favorit merken', pressed: false })).toBeNull();

    await setLoggedIn(true);
    const hearts = screen.getAllByRole('button', { name: 'Als Favorit merken', pressed: false });
    expect(hearts).toHaveLength(3);
    const heart = within(card(dealer)).getByRole('button', {
      name: 'Als Favorit merken',
      pressed: false,
    });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    // Which dealer the heart belongs to: the card's title describes it.
    expect(heart.getAttribute('aria-describedby')).toBe(
      within(card(dealer)).getByRole('heading').id,
    );

    await setLoggedIn(false);
    expect(screen.queryByRole('button', { name: 'Als Favorit merken', pressed: false })).toBeNull();
  });

  it('marks at once, sends UserId and State, and keeps the mark when saved (also after re-sorting)', async () => {
    const calls = stubFetch();
    logIn();
    await showOffers();

    await click(heart(false));
    // Optimistic: pressed before the server answered.
    const pressed = within(card(dealer)).getByRole('button', {
      name: 'Als Favorit merken',
      pressed: true,
    });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ UserId: first.Id, State: true });

    await answer(calls[0], json({ Success: true, State: true }));
    expect(pressedOf(heart(true))).toBe('true');
    expect(screen.queryByRole('status')).toBeNull();

    // The raw offers kept the flag too: a new order still shows it.
    await act(() => setOfferSort('rating'));
    expect(pressedOf(heart(true))).toBe('true');

    // And back: unmarking sends State false.
    await click(heart(true));
    expect(calls[1]?.body).toEqual({ UserId: first.Id, State: false });
    await answer(calls[1], json({ Success: true, State: false }));
    expect(pressedOf(heart(false))).toBe('false');
  });

  it('reverts and says so in a German toast when saving fails; the toast goes by itself', async () => {
    const calls = stubFetch();
    logIn();
    await showOffers();

    await click(heart(false));
    expect(pressedOf(heart(true))).toBe('true');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await answer(calls[0], json({ message: 'Interner Fehler' }, 500), () =>
      screen.getByRole('status'),
    );
    expect(pressedOf(heart(false))).toBe('false');
    expect(screen.getByRole('status').textContent).toContain(
      `${dealer} konnte nicht als Favorit gemerkt werden. Bitte versuchen Sie es noch einmal.`,
    );

    await act(async () => {
      vi.advanceTimersByTime(FAVOURITE_TOAST_MS / 2);
      await Promise.resolve();
    });
    expect(screen.getByRole('status')).toBeDefined();
    await act(async () => {
      vi.advanceTimersByTime(FAVOURITE_TOAST_MS / 2);
      await Promise.resolve();
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('asks to log in again when the session ran out (401)', async () => {
    const calls = stubFetch();
    logIn();
    await showOffers();
    await click(heart(false));
    await answer(calls[0], json({ message: 'Bitte melden Sie sich an.' }, 401), () =>
      screen.getByRole('status'),
    );
    expect(pressedOf(heart(false))).toBe('false');
    expect(screen.getByRole('status').textContent).toContain(
      'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    );
    await click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a later toggle wins: the failure of an earlier one does not revert it', async () => {
    const calls = stubFetch();
    logIn();
    await showOffers();
    await click(heart(false));
    await click(heart(true));
    await click(heart(false));
    expect(calls.map((c) => (c.body as { State: boolean }).State)).toEqual([true, false, true]);

    await answer(calls[0], json({ message: 'Fehler' }, 500));
    await answer(calls[1], json({ message: 'Fehler' }, 500));
    expect(screen.queryByRole('status')).toBeNull();
    await answer(calls[2], json({ Success: true, State: true }));
    expect(pressedOf(heart(true))).toBe('true');
  });
});
