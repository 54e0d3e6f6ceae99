import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The server (npm start) serves dist/ and renders pages with dist-ssr/entry-server.js (the
// `--ssr` build of src/app/entry-server.tsx, docs/decisions/009); `npm run dev` runs Vite on 5173
// and forwards /api to it.
export default defineConfig(({ command, isSsrBuild }) => ({
  // react-router's package exports name only its development build (warnings, checks), for
  // production builds too (remix-run/react-router#12532, #14102); both builds take the
  // production build it ships beside it. The server render too: the development
  // build's checks in every <Link> were a fifth of a price page's React render.
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] }
      : undefined,
  plugins: [
    react(),
    // The server bundle has no service worker and no chunk groups of its own.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/sw',
        filename: 'sw.ts',
        // The manifest lives in public/manifest.webmanifest; the app registers the SW itself
        // (src/app/update-prompt.tsx) to show the update prompt.
        manifest: false,
        injectRegister: false,
        injectManifest: {
          // Classic worker: registered with a plain `new Workbox('/sw.js')` (TOOLCHAIN gotcha 11).
          rollupFormat: 'iife',
          globPatterns: ['**/*.{js,css,html,svg,woff2,webmanifest}', 'icons/*.png'],
          globIgnores: ['**/.vite/**'],
          // The legacy layer's offline page and its stylesheet come from the server.
          additionalManifestEntries: legacyOfflineEntries(),
        },
        devOptions: { enabled: false },
      }),
  ],
  build: isSsrBuild ? ssrBuild : clientBuild,
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));

const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * Precache entries for the server's /konto/offline page and /konto/stil.css, revised by the
 * sources they are made of, so a changed page or stylesheet reaches installed apps.
 */
function legacyOfflineEntries(): { url: string; revision: string }[] {
  const hash = createHash('sha256');
  for (const file of ['legacy.css', 'html.ts', 'views.ts', 'texts.ts']) {
    hash.update(readFileSync(new URL(`./server/legacy/${file}`, import.meta.url)));
  }
  hash.update(readFileSync(new URL('./src/lib/brand.ts', import.meta.url)));
  const revision = hash.digest('hex').slice(0, 16);
  return [
    { url: '/konto/offline', revision },
    { url: '/konto/stil.css', revision },
  ];
}

/** The browser build; bench/ reads the manifest to measure what the home route loads. */
const clientBuild: UserConfig['build'] = {
  manifest: true,
  sourcemap: true,
  target: 'es2022',
  // A stylesheet per route chunk: the server writes the entry's and the route's into a rendered
  // page's head (server/pages/inline-style.ts), so the first paint waits for no stylesheet request
  // and a slow phone parses the offer list's 38 kB, not every page's 98 kB (docs/decisions/009).
  // A page reached in the browser loads its route's stylesheet with its chunk (precached by the
  // service worker like the chunk).
  cssCodeSplit: true,
  // What a lazy chunk preloads with it: not the framework and runtime chunks, which the entry has
  // loaded before any lazy import can run (they were in almost every list of the entry's preload
  // map). No polyfill: every browser we build for (es2022) knows modulepreload, and one that did
  // not would load the same modules on import, only without the head start (home JS).
  modulePreload: {
    polyfill: false,
    resolveDependencies: (_file, deps) =>
      deps.filter((d) => !/\/(framework|rolldown-runtime)-/.test(d)),
  },
  rolldownOptions: {
    output: {
      codeSplitting: {
        // Left alone, the shared framework code of the lazy routes is cut into many small
        // chunks that compress worse; one framework chunk keeps the home route's JS smaller.
        groups: [
          {
            name: 'framework',
            test: /node_modules[\\/](react|react-dom|react-router|scheduler|valtio|proxy-compare|cookie|set-cookie-parser)[\\/]/,
          },
          {
            // Everything the entry imports statically, in one file: split by the lazy routes
            // that share it, it was 14 files of 1–7 kB, each a request before the page could
            // start (a round trip each on a slow phone connection).
            name: 'app',
            tags: ['$initial'],
          },
          {
            // Framework-free helpers several lazy routes share (the entry has the locale table,
            // paths and formatting already). Not the ones the home page would then download for
            // another page's sake: the role menus and staff routes (account panel, staff area), the
            // advert draw, the state-map and place-name helpers (their one user's chunk takes them;
            // a chunk of its own cost the home route 364 B).
            name: 'shell',
            test: /src[\\/](lib[\\/](?!menus-for|advert-draw|staff-routes|place-name|state-map)|api[\\/]client|ui[\\/](button|loading-bar)[\\/.])/,
          },
        ],
      },
    },
  },
};

/** The server render's bundle: next to dist/, never served as a file. */
const ssrBuild: UserConfig['build'] = {
  outDir: 'dist-ssr',
  sourcemap: true,
  target: 'node20',
  emptyOutDir: true,
};
