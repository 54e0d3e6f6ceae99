import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataKey, MARKUP_IN_HTML } from '../../api/contract/pages';
import { PageDataProvider, PageDataStore } from '../../ui/page-data';
import { StateMap, type StateMapProps } from './state-map';

const markup =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 518" role="group" aria-label="Karte der Bundesländer">' +
  '<a href="/heizoelpreise/wien" data-state="wien" data-name="Wien" aria-label="Heizölpreise Wien"><path d="M0 0l10 0 0 10z"/></a>' +
  '<a href="/heizoelpreise/tirol" data-state="tirol" data-name="Tirol" aria-label="Heizölpreise Tirol"><path d="M20 0l10 0 0 10z"/></a>' +
  '</svg>';

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderMap(
  props: Partial<StateMapProps> = {},
  data: Record<string, unknown> | null = null,
) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <PageDataProvider store={new PageDataStore(data)}>
            <StateMap countryId={2} {...props} />
          </PageDataProvider>
        ),
      },
      { path: '/heizoelpreise/:state', element: <p>Preisseite</p> },
    ],
    { initialEntries: ['/'] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('StateMap (SPEC §2 selectable SVG map)', () => {
  it('reserves the map’s space while it loads, then shows a link per state', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(answer({ CountryId: 2, Markup: markup })));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderMap();
    const figure = container.querySelector('figure');
    expect(figure?.getAttribute('aria-busy')).toBe('true');
    expect(figure?.getAttribute('style')).toContain('--map-ratio: 1000 / 518');
    expect(screen.getByText('Karte wird geladen …')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Heizölpreise Wien' })).toBeTruthy();
    expect(figure?.getAttribute('aria-busy')).toBe('false');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/site/2/state-map');
  });

  it('takes the server’s markup from the page while hydrating and fetches nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    // What the server wrote: the element with the markup, and MARKUP_IN_HTML in the data.
    const host = document.createElement('div');
    host.innerHTML = `<div id="state-map-2">${markup}</div>`;
    document.body.append(host);
    renderMap({}, { [dataKey({ kind: 'stateMap', countryId: 2 })]: MARKUP_IN_HTML });
    host.remove();
    expect(screen.getByRole('link', { name: 'Heizölpreise Tirol' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the map could not be loaded and loads it again on request', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(answer({ message: 'Fehler' }, 500))
      .mockResolvedValueOnce(answer({ CountryId: 2, Markup: markup }));
    vi.stubGlobal('fetch', fetchMock);
    renderMap();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Die Karte konnte nicht geladen werden.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('link', { name: 'Heizölpreise Wien' })).toBeTruthy();
  });

  it('opens a state’s price page inside the app when it is chosen', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(answer({ CountryId: 2, Markup: markup })));
    const { router } = renderMap();
    fireEvent.click(await screen.findByRole('link', { name: 'Heizölpreise Tirol' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/heizoelpreise/tirol'));
  });

  it('leaves a click with a modifier key to the browser (new tab)', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(answer({ CountryId: 2, Markup: markup })));
    const { router } = renderMap();
    const link = await screen.findByRole('link', { name: 'Heizölpreise Tirol' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe('/');
  });

  it('hands the chosen state to onSelect instead of leaving, and marks the selected one', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(answer({ CountryId: 2, Markup: markup })));
    const onSelect = vi.fn();
    const { router } = renderMap({ onSelect, selected: 'wien' });
    const tirol = await screen.findByRole('link', { name: 'Heizölpreise Tirol' });
    expect(
      screen.getByRole('link', { name: 'Heizölpreise Wien' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(tirol.getAttribute('aria-current')).toBeNull();
    fireEvent.click(tirol);
    expect(onSelect).toHaveBeenCalledWith({
      slug: 'tirol',
      name: 'Tirol',
      href: '/heizoelpreise/tirol',
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('names the state under the pointer or the focus in select mode, not in static mode', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(answer({ CountryId: 2, Markup: markup })));
    const { container, unmount } = renderMap();
    const wien = await screen.findByRole('link', { name: 'Heizölpreise Wien' });
    const caption = () => container.querySelector('figcaption')?.textContent;
    expect(caption()).toBe('Wählen Sie ein Bundesland für seine Heizölpreise.');
    act(() => wien.focus());
    expect(caption()).toBe('Wien: Heizölpreise ansehen');
    act(() => wien.blur());
    expect(caption()).toBe('Wählen Sie ein Bundesland für seine Heizölpreise.');
    unmount();

    const staticMap = renderMap({ mode: 'static' });
    await screen.findByRole('link', { name: 'Heizölpreise Wien' });
    expect(staticMap.container.querySelector('figcaption')).toBeNull();
  });
});
