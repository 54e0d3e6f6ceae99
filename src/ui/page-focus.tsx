/**
 * Where the keyboard and the screen reader are after a page change or a closed dialog:
 * on the new page's heading, and a polite live region names the page. Before, focus fell to
 * <body> (the link or button that had it was gone) and a screen reader said nothing.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { proxy, useSnapshot } from 'valtio';

/** The layouts' <main id="inhalt"> (layouts.tsx, the skip link's target). */
export const MAIN_ID = 'inhalt';

const announcement = proxy({ text: '' });

/**
 * The address last shown. Module state, not a ref: a page of another layout (checkout's focused
 * layout) mounts a new route frame, and that is a page change too.
 */
let shownPath: string | null = null;

/** The page's first-level heading, else its main region; null outside a layout. */
export function pageHeading(): HTMLElement | null {
  const main = document.getElementById(MAIN_ID);
  if (!main) return null;
  return main.querySelector<HTMLElement>('h1') ?? main;
}

/** Focus on the page's heading (made focusable by script only, not in the tab order). */
export function focusPageHeading(): void {
  const target = pageHeading();
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/** Focus is nowhere a visitor can see: on the body, or on an element no longer in the page. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

function pageName(): string {
  const heading = document.getElementById(MAIN_ID)?.querySelector('h1');
  return heading?.textContent?.trim() || document.title;
}

/** The live region that names a new page; rendered once, on every page (root-layout Chrome). */
export function PageAnnouncer() {
  const { text } = useSnapshot(announcement);
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}

/**
 * Rendered after the page inside the route's Suspense boundary, so its effect runs once the new
 * page is in the document (and after the page's own effects). Not on the first page of a visit:
 * the browser starts there at the top, as a screen reader expects.
 */
export function FocusOnPageChange() {
  const { pathname } = useLocation();
  // Where focus was when the change began (the link or button used): a page that moved focus
  // itself (a step heading, a field with an error) is left alone. Read while rendering the new
  // address, before React commits it (state adjusted during render, as React documents).
  const [began, setBegan] = useState<{ path: string; focused: Element | null }>(() => ({
    path: pathname,
    focused: null,
  }));
  if (began.path !== pathname) setBegan({ path: pathname, focused: document.activeElement });
  const focusedBefore = began.focused;
  useEffect(() => {
    const before = shownPath;
    shownPath = pathname;
    if (before === null || before === pathname) return;
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const active = document.activeElement;
    const movedByPage =
      !focusIsLost() && active !== focusedBefore && active !== main && main.contains(active);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arrive = () => {
      if (!movedByPage) focusPageHeading();
      // Said again even when the name repeats (two offer lists in a row): cleared first.
      announcement.text = '';
      const name = pageName();
      timer = setTimeout(() => (announcement.text = name), 50);
    };
    if (main.querySelector('h1')) {
      arrive();
      return () => clearTimeout(timer);
    }
    // The page's heading comes with its data (a page loading on the client): focus waits in the
    // main region meanwhile, and moves on to the heading once it is there, unless the visitor
    // has moved it since.
    if (!movedByPage) main.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      if (!main.querySelector('h1')) return;
      observer.disconnect();
      if (document.activeElement === main || focusIsLost()) arrive();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, focusedBefore]);
  return null;
}
