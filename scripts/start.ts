/**
 * `npm start`: builds the client (dist/, dist-ssr/) when it is missing or older than its sources, then runs the
 * server (server/main.ts) in this process.
 */
import { join } from 'node:path';
import { buildClient, buildIsStale } from './build-client';

const root = join(import.meta.dirname, '..');

if (buildIsStale(root)) {
  console.log('Oberfläche wird gebaut (vite build) …');
  if (!buildClient(root, ['--logLevel', 'warn'])) process.exit(1);
}

await import('../server/main');
