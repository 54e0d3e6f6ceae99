/**
 * The JavaScript a first visit to `/` downloads before the home page can render: the entry
 * script and modulepreloads named in dist/index.html, plus the home page's lazy chunk and its
 * static imports when Vite wrote a manifest. Measured gzipped at zlib's default level, as
 * @fastify/compress sends it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The route table's lazy module for `/` (src/app/router.tsx). */
/** The home route's lazy import in src/app/router.tsx (the feature's public index). */
export const HOME_PAGE_MODULE = 'src/features/home/index.ts';

export interface BundleFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleFigures {
  files: BundleFile[];
  gzipBytes: number;
  /** false when there is no manifest or it has no home page chunk: the lazy chunk is not counted. */
  homeChunkCounted: boolean;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export function measureHomeBundle(distDir: string): BundleFigures {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = attribute(tag, 'src');
    if (src && /\btype=["']?module/.test(tag)) files.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (attribute(tag, 'rel') === 'modulepreload') {
      const href = attribute(tag, 'href');
      if (href) files.add(href);
    }
  }

  let homeChunkCounted = false;
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const addWithImports = (key: string, seen = new Set<string>()) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) addWithImports(imported, seen);
    };
    if (manifest[HOME_PAGE_MODULE]) {
      addWithImports(HOME_PAGE_MODULE);
      homeChunkCounted = true;
    }
  }

  const measured = [...new Set([...files].map(normalise))].map((file) => {
    const content = readFileSync(join(distDir, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
  });
  measured.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files: measured,
    gzipBytes: measured.reduce((sum, f) => sum + f.gzipBytes, 0),
    homeChunkCounted,
  };
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`).exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** "/assets/x.js", "./assets/x.js" and "assets/x.js" all name dist/assets/x.js. */
function normalise(url: string): string {
  return (url.split(/[?#]/)[0] ?? url).replace(/^\.?\/+/, '');
}
