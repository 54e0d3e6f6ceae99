import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The server (npm start) serves dist/; `npm run dev` runs Vite on 5173 and forwards /api to it.
export default defineConfig({
  plugins: [
    react(),
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
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    // bench/ reads the manifest to measure what the home route loads.
    manifest: true,
    sourcemap: true,
    target: 'es2022',
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
              // Framework-free helpers every route needs (locale table, paths, formatting).
              name: 'shell',
              test: /src[\\/](lib|api[\\/]client|ui[\\/](button|loading-bar))[\\/.]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
