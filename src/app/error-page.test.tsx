import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsole } from '../../tests/support/setup-console';
import { resetCalculator } from '../features/calculator';
import { AppErrorBoundary, ErrorPage, statusOf } from './error-page';
import { AppRoutes } from './router';

beforeEach(() => {
  // The page's calculator asks the server for its data: no server here.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{"message":"nicht da"}', { status: 503 }))),
  );
});

afterEach(() => {
  document.title = '';
  resetCalculator();
  vi.unstubAllGlobals();
});

describe('statusOf (SPEC §8: statusCode, status or response status, default 500)', () => {
  it.each([
    [{ statusCode: 503 }, 503],
    [{ status: 404 }, 404],
    [{ response: { status: 401 } }, 401],
    [{ statusCode: 502, status: 404 }, 502],
    [new Error('kaputt'), 500],
    [{ status: 200 }, 500],
    [{ status: '404' }, 500],
    ['text', 500],
    [null, 500],
    [undefined, 500],
  ])('%j → %i', (error, expected) => {
    expect(statusOf(error)).toBe(expected);
  });

  it('takes the status of a fetch Response', () => {
    expect(statusOf(new Response('Gone', { status: 410 }))).toBe(410);
  });
});

function renderPage(status: number) {
  return render(
    <MemoryRouter>
      <ErrorPage status={status} />
    </MemoryRouter>,
  );
}

describe('ErrorPage (SPEC §2)', () => {
  it('says the page does not exist for 404, with the navigation hint', () => {
    renderPage(404);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Die angeforderte Seite existiert nicht...',
    );
    expect(
      screen.getByText('Bitte nutzen Sie die Navigation, um zu finden, was Sie suchen.'),
    ).toBeTruthy();
    expect(screen.queryByText('Da ist leider etwas schiefgelaufen...')).toBeNull();
  });

  it.each([500, 503, 401])('shows the generic texts for %i', (status) => {
    renderPage(status);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Da ist leider etwas schiefgelaufen...',
    );
    expect(
      screen.getByText('Unsere Techniker sind bereits informiert und arbeiten an einer Lösung.'),
    ).toBeTruthy();
    expect(screen.queryByText('Die angeforderte Seite existiert nicht...')).toBeNull();
  });

  it('sets the title to the product name, "Fehler" and the status and restores it on unmount', () => {
    document.title = 'Ölkompass';
    const { unmount } = renderPage(404);
    expect(document.title).toBe('Ölkompass Fehler 404');
    unmount();
    expect(document.title).toBe('Ölkompass');
  });

  it('shows the generic status in the title too', () => {
    renderPage(500);
    expect(document.title).toBe('Ölkompass Fehler 500');
  });

  it('links "Startseite" to the home page', () => {
    renderPage(500);
    expect(screen.getByRole('link', { name: 'Startseite' }).getAttribute('href')).toBe('/');
  });

  it('offers the simple calculator in a sticky bar (SPEC §2)', () => {
    renderPage(404);
    const bar = screen.getByRole('region', { name: 'Heizölpreise in Ihrer Region vergleichen' });
    expect(bar.parentElement).toBe(document.body);
    expect(screen.getByLabelText('PLZ')).toBeTruthy();
    expect(screen.getByLabelText('Liter')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Vergleichen/ })).toBeTruthy();
    // The simple calculator has no settings button.
    expect(screen.queryByRole('button', { name: /Rechner/ })).toBeNull();
  });
});

describe('AppRoutes and AppErrorBoundary', () => {
  it('shows 404 for an unknown path', async () => {
    render(
      <MemoryRouter initialEntries={['/gibt-es/nicht']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Die angeforderte Seite existiert nicht...')).toBeTruthy();
    expect(document.title).toBe('Ölkompass Fehler 404');
  });

  it('shows the generic page with the status of a thrown error and logs it', async () => {
    const consoleError = expectConsole('error');
    const boom = Object.assign(new Error('Layout konnte nicht geladen werden'), {
      statusCode: 503,
    });
    function Broken(): never {
      throw boom;
    }
    render(
      <MemoryRouter>
        <AppErrorBoundary resetKey="/">
          <Broken />
        </AppErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Da ist leider etwas schiefgelaufen...')).toBeTruthy();
    expect(document.title).toBe('Ölkompass Fehler 503');
    expect(consoleError).toHaveBeenCalledWith(boom, expect.any(String));
  });

  it('tries again when the path changes', async () => {
    expectConsole('error');
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('kaputt');
      return <p>Wieder da</p>;
    }
    const { rerender } = render(
      <MemoryRouter>
        <AppErrorBoundary resetKey="/a">
          <Flaky />
        </AppErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Da ist leider etwas schiefgelaufen...')).toBeTruthy();
    fail = false;
    rerender(
      <MemoryRouter>
        <AppErrorBoundary resetKey="/b">
          <Flaky />
        </AppErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Wieder da')).toBeTruthy();
  });
});
