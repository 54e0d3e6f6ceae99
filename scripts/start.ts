/**
 * `npm start`: builds the client (dist/, dist-ssr/) when it is missing or older than its sources, then runs the
 * server (server/main.ts) in this process.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildClient } from './build-client';

const root = join(import.meta.dirname, '..');
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIsStale(): boolean {
  const built = Math.min(
    newestMtime(join(root, 'dist', 'index.html')),
    newestMtime(join(root, 'dist-ssr', 'entry-server.js')),
  );
  if (built === 0) return true;
  return SOURCES.some((s) => newestMtime(join(root, s)) > built);
}

if (buildIsStale()) {
  console.log('Oberfläche wird gebaut (vite build) …');
  if (!buildClient(root, ['--logLevel', 'warn'])) process.exit(1);
}

await import('../server/main');
