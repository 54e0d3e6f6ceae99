/**
 * The selectable SVG map of a country's states (SPEC §2 home, later the price pages). The
 * markup is made on the server (server/modules/site/state-map.ts): every state is a real link to
 * its price page with an accessible name, so the map works before and without JavaScript.
 *
 * - "select" (default): pointing at or focusing a state highlights it and names it under the map;
 *   choosing one follows its link inside the app, or calls onSelect instead when given (a page
 *   that selects a state without leaving). `selected` marks one state (aria-current).
 * - "static": the picture with its links, nothing else (no caption, no highlight).
 *
 * On a server-rendered page the markup is in the HTML and the embedded data says MARKUP_IN_HTML
 * (src/api/contract/pages.ts): the first render takes the markup from its own element, so the
 * page does not carry the SVG twice and hydration sees exactly what the server wrote. Its space
 * is reserved from the map's proportions (src/lib/state-map.ts), so nothing moves when it loads.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type MouseEvent,
} from 'react';
import { useNavigate } from 'react-router';
import { dataKey, MARKUP_IN_HTML } from '../../api/contract/pages';
import type { StateMapResponse } from '../../api/contract/site';
import { stateMapSize } from '../../lib/state-map';
import { Button } from '../../ui/button/button';
import { usePageData } from '../../ui/page-data';
import { fetchStateMap } from './api';
import { texts } from './texts';
import styles from './state-map.module.css';

export interface ChosenState {
  slug: string;
  name: string;
  /** The state's price page, e.g. /heizoelpreise/bayern. */
  href: string;
}

export interface StateMapProps {
  countryId: number;
  mode?: 'select' | 'static';
  /** The slug of the state shown as the current one. */
  selected?: string;
  /** Called instead of following the link when a state is chosen. */
  onSelect?: (state: ChosenState) => void;
  className?: string;
}

type Result = { key: string } & ({ status: 'error' } | { status: 'ready'; markup: string });

const elementId = (countryId: number) => `state-map-${countryId}`;

/** The markup the server wrote into the page, while hydrating it. */
function markupInDocument(countryId: number): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const markup = document.getElementById(elementId(countryId))?.innerHTML;
  return markup?.startsWith('<svg') ? markup : undefined;
}

function stateOf(target: EventTarget | null): (ChosenState & { link: Element }) | undefined {
  const link = target instanceof Element ? target.closest('a[data-state]') : null;
  const slug = link?.getAttribute('data-state');
  const href = link?.getAttribute('href');
  if (!link || !slug || !href) return undefined;
  return { slug, href, name: link.getAttribute('data-name') ?? slug, link };
}

export function StateMap({
  countryId,
  mode = 'select',
  selected,
  onSelect,
  className,
}: StateMapProps) {
  const navigate = useNavigate();
  const rendered = usePageData<StateMapResponse | typeof MARKUP_IN_HTML>(
    dataKey({ kind: 'stateMap', countryId }),
  );
  const [result, setResult] = useState<Result | null>(() => {
    const markup = rendered === MARKUP_IN_HTML ? markupInDocument(countryId) : rendered?.Markup;
    return markup ? { key: `${countryId}:0`, status: 'ready', markup } : null;
  });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const key = `${countryId}:${attempt}`;
  const loaded = result?.key === key;
  const load = loaded ? result : ({ status: 'loading' } as const);

  useEffect(() => {
    if (loaded) return;
    const controller = new AbortController();
    fetchStateMap(countryId, controller.signal).then(
      (map) => setResult({ key, status: 'ready', markup: map.Markup }),
      () => {
        if (!controller.signal.aborted) setResult({ key, status: 'error' });
      },
    );
    return () => controller.abort();
  }, [countryId, key, loaded]);

  // The state under the pointer or the keyboard focus, named under the map.
  const [pointing, setPointing] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const markup = load.status === 'ready' ? load.markup : null;

  // The current state: set on the links themselves (the markup is not React's to render), in
  // the commit that puts the markup in: never a frame (or a test's look) without the mark.
  useLayoutEffect(() => {
    const root = frame.current;
    if (!root || !markup) return;
    for (const link of root.querySelectorAll('a[data-state]')) {
      if (link.getAttribute('data-state') === selected) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
  }, [markup, selected]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const state = stateOf(event.target);
    // A new tab or window (modifier keys, middle button) stays the browser's business.
    if (
      !state ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    const { link: _link, ...chosen } = state;
    if (onSelect && mode === 'select') onSelect(chosen);
    else void navigate(chosen.href);
  };
  const point = (event: MouseEvent<HTMLDivElement> | FocusEvent<HTMLDivElement>) => {
    if (mode === 'select') setPointing(stateOf(event.target)?.name ?? null);
  };
  const leave = () => setPointing(null);

  const size = stateMapSize(countryId);
  const ratio = { '--map-ratio': `${size.width} / ${size.height}` } as CSSProperties;
  const selectedName = selected && markup ? nameIn(markup, selected) : undefined;

  return (
    <figure
      className={`${styles.map} ${mode === 'select' ? styles.selectable : ''} ${className ?? ''}`}
      style={ratio}
      aria-busy={load.status === 'loading'}
    >
      {markup ? (
        // Our own server's markup (see the file comment). The links inside are handled by
        // delegation: a link's click comes from the keyboard (Enter) as well.
        <div
          ref={frame}
          id={elementId(countryId)}
          className={styles.frame}
          onClick={onClick}
          onMouseOver={point}
          onFocus={point}
          onMouseLeave={leave}
          onBlur={leave}
          dangerouslySetInnerHTML={{ __html: markup }}
        />
      ) : (
        <div className={`${styles.frame} ${styles.placeholder}`}>
          {load.status === 'error' ? (
            <div className={styles.error} role="alert">
              <p>{texts.error}</p>
              <Button variant="secondary" onClick={retry}>
                {texts.retry}
              </Button>
            </div>
          ) : (
            <span className={styles.loading}>{texts.loading}</span>
          )}
        </div>
      )}
      {mode === 'select' && (
        <figcaption className={styles.caption} aria-hidden="true">
          {pointing ? texts.pointing(pointing) : (selectedName ?? texts.hint(countryId))}
        </figcaption>
      )}
    </figure>
  );
}

/** The display name of a state in the map's markup. */
function nameIn(markup: string, slug: string): string | undefined {
  const at = markup.indexOf(`data-state="${slug}"`);
  if (at === -1) return undefined;
  const name = /data-name="([^"]*)"/.exec(markup.slice(at))?.[1];
  return name
    ?.replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}
