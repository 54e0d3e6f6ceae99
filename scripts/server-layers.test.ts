/**
 * The server's folders form layers (docs/architecture.md, decision 025): when server/A imports
 * server/B, B imports nothing from A, directly or around a loop. ESLint's import-x/no-cycle sees
 * cycles of files only; two folders that import each other through different files are a cycle
 * of folders it does not report, and that is how the 11 two-way pairs of folders grew.
 * A folder is server/modules/<m>, another folder directly under server/, or the root files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const server = join(root, 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/** The folder a file belongs to, or null outside server/. */
function folderOf(file: string): string | null {
  const parts = relative(server, file).split(sep);
  if (parts[0] === '..') return null;
  // "../../jobs" names a folder (its index.ts), "./app" a file of the root.
  if (parts.length === 1) return isDirectory(file) ? parts[0]! : '(root)';
  // "../modules/account" names the module's folder (its index.ts).
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  return parts[0]!;
}

/** Relative specifiers of static imports, re-exports, dynamic imports and vi.mock. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s*['"](\.[^'"]+)['"]/g,
    /\bimport\s*['"](\.[^'"]+)['"]/g,
    /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g,
    /\bvi\.mock\(\s*['"](\.[^'"]+)['"]/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1]!);
  return found;
}

/** folder -> folders it imports (with one example import each, for the message). */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(server)) {
    const from = folderOf(file)!;
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const to = folderOf(resolve(dirname(file), spec));
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${relative(root, file)} imports ${spec}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** One cycle of folders, as the list of its imports, or null. */
function findCycle(graph: Map<string, Map<string, string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (folder: string): string[] | null => {
    state.set(folder, 'open');
    path.push(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (state.get(next) === 'open') {
        const loop = [...path.slice(path.indexOf(next)), next];
        return loop.slice(1).map((to, i) => graph.get(loop[i]!)!.get(to)!);
      }
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(folder, 'done');
    return null;
  };
  for (const folder of [...graph.keys()].sort()) {
    if (state.has(folder)) continue;
    const cycle = visit(folder);
    if (cycle) return cycle;
  }
  return null;
}

describe('the server folders form layers', () => {
  it('finds the folders and their imports (the check below has something to check)', () => {
    const graph = folderGraph();
    expect(graph.get('modules/orders')?.has('db')).toBe(true);
    expect(graph.get('(root)')?.has('plugins')).toBe(true);
  });

  it('has no two folders that import each other, directly or around a loop', () => {
    expect(findCycle(folderGraph())).toBeNull();
  });

  it('reports a loop when there is one', () => {
    const graph = new Map([
      ['a', new Map([['b', 'a.ts imports ./b']])],
      ['b', new Map([['c', 'b.ts imports ./c']])],
      ['c', new Map([['a', 'c.ts imports ./a']])],
    ]);
    expect(findCycle(graph)).toEqual(['a.ts imports ./b', 'b.ts imports ./c', 'c.ts imports ./a']);
  });
});
