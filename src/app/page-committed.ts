/**
 * Resolves when the first page has committed, i.e. a server-rendered page has hydrated down to
 * its lazy page (React hydrates that Suspense boundary after the frame around it). Work that
 * changes the app's stores waits for it (the session engine), so no store changes under a
 * render that must match the server's HTML (docs/decisions/009).
 */
import { useEffect } from 'react';

let markCommitted: () => void = () => {};
export const firstPageCommitted = new Promise<void>((resolve) => {
  markCommitted = resolve;
});

/** Rendered after the page inside the route's Suspense boundary. */
export function PageCommitted(): null {
  useEffect(() => markCommitted(), []);
  return null;
}
