import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/global.css';
import { startSession } from '../features/session';
import { shouldReloadAfterChunkError } from '../lib/chunk-reload';
import { initApp } from './providers';
import { AppRouter } from './router';

const CHUNK_RELOAD_KEY = 'chunk-reload-at';

// SPEC §4: after a deploy, old chunk names 404; reload to get the new build, at most once a minute.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || undefined;
  if (!shouldReloadAfterChunkError(Date.now(), last)) return;
  event.preventDefault();
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  window.location.reload();
});

initApp();
// SPEC §4 session: apiFetch hooks and the initial-load rule before anything calls the API.
startSession();

const container = document.getElementById('root');
if (!container) throw new Error('#root fehlt in index.html');

createRoot(container).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
