import { render, screen } from '@testing-library/react';
import {
  MemoryRouter,
  RouterProvider,
  createMemoryRouter,
  isRouteErrorResponse,
} from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { expectConsole } from '../../tests/support/setup-console';
import { ErrorPage, RouteErrorPage, statusOf } from './error-page';

afterEach(() => {
  document.title = '';
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

  it('takes the status of a route error response', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <p>Start</p>,
          errorElement: <RouteErrorPage />,
          HydrateFallback: () => null,
          loader: () => {
            // React Router's way to end a loader with an HTTP status.
            // eslint-disable-next-line @typescript-eslint/only-throw-error
            throw new Response('Gone', { status: 410 });
          },
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText('Da ist leider etwas schiefgelaufen...');
    const routeError: unknown = Object.values(router.state.errors ?? {})[0];
    expect(isRouteErrorResponse(routeError)).toBe(true);
    expect(statusOf(routeError)).toBe(410);
    expect(document.title).toBe('Ölkompass Fehler 410');
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
});

describe('RouteErrorPage', () => {
  function renderAt(path: string, loader?: () => unknown) {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <p>Start</p>,
          errorElement: <RouteErrorPage />,
          HydrateFallback: () => null,
          loader,
        },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
  }

  it('shows 404 for an unknown path', async () => {
    renderAt('/gibt-es-nicht');
    expect(await screen.findByText('Die angeforderte Seite existiert nicht...')).toBeTruthy();
    expect(document.title).toBe('Ölkompass Fehler 404');
  });

  it('shows the generic page for a thrown error and logs it', async () => {
    const consoleError = expectConsole('error');
    const boom = Object.assign(new Error('Layout konnte nicht geladen werden'), {
      statusCode: 503,
    });
    renderAt('/', () => {
      throw boom;
    });
    expect(await screen.findByText('Da ist leider etwas schiefgelaufen...')).toBeTruthy();
    expect(document.title).toBe('Ölkompass Fehler 503');
    expect(consoleError).toHaveBeenCalledWith(boom);
  });
});
