/**
 * Every document the README and docs/ link to is in the repository, so a fresh clone has it.
 * The README once sent readers to ../shared/ARCHITECTURE.md, which only the team's machines have;
 * a relative link that leaves the repository, or names a file that does not exist (or that git
 * ignores, so no clone gets it), fails here. Links to other sites and anchors within a page are
 * not checked.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** README.md and every Markdown file below docs/, as paths relative to the root. */
function documents(): string[] {
  const found = ['README.md'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return found.sort();
}

/** Text outside code and comments: links in fenced blocks, code spans and comments are examples. */
function withoutCode(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/(`+)[\s\S]*?\1/g, '');
}

/** Targets of inline links and images, `[text](target "title")`, and of reference definitions. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const targets: string[] = [];
  for (const match of text.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) {
    targets.push(match[1]!);
  }
  for (const match of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)) {
    targets.push(match[1]!);
  }
  return targets.map((target) => target.replace(/^<|>$/g, ''));
}

/** A link within the repository: no scheme (https:, mailto:), not only an anchor. */
function isRelative(target: string): boolean {
  return target !== '' && !target.startsWith('#') && !/^[a-z][a-z0-9+.-]*:/i.test(target);
}

interface Link {
  document: string;
  target: string;
  /** The target's path relative to the root, without anchor or query. */
  path: string;
}

function linkOf(document: string, target: string): Link {
  const file = decodeURI(target.replace(/[#?].*$/, ''));
  return { document, target, path: relative(root, resolve(root, dirname(document), file)) };
}

function relativeLinks(): Link[] {
  return documents().flatMap((document) =>
    linkTargets(readFileSync(join(root, document), 'utf8'))
      .filter(isRelative)
      .map((target) => linkOf(document, target)),
  );
}

/** The paths among these that git ignores; none when git is not there (an unpacked archive). */
function ignoredByGit(paths: string[]): Set<string> {
  const result = spawnSync('git', ['check-ignore', '--stdin'], {
    cwd: root,
    input: paths.join('\n'),
    encoding: 'utf8',
  });
  // 0: some are ignored, 1: none is; anything else: no git or no repository here.
  if (result.status !== 0) return new Set();
  return new Set(result.stdout.split('\n').filter(Boolean));
}

/** Why a clone cannot follow this link, or null when it can. */
function problemOf(link: Link, ignored: ReadonlySet<string>): string | null {
  if (link.path.startsWith('..') || isAbsolute(link.path)) return 'leaves the repository';
  if (!existsSync(join(root, link.path))) return 'does not exist';
  if (ignored.has(link.path)) return 'is ignored by git';
  return null;
}

describe('documentation links', () => {
  it('finds inline links, images and reference definitions, not links inside code', () => {
    const markdown = [
      'See [the architecture](docs/architecture.md#layout) and ![a map](<img/a b.png> "Map").',
      '[ref]: ./docs/conventions.md',
      'Inline `[not](a-link.md)` and <!-- [nor](a-comment.md) -->',
      '```',
      '[nor](this.md)',
      '```',
      '[web](https://example.org/x.md) [anchor](#top)',
    ].join('\n');
    expect(linkTargets(markdown)).toEqual([
      'docs/architecture.md#layout',
      'img/a b.png',
      'https://example.org/x.md',
      '#top',
      './docs/conventions.md',
    ]);
    expect(linkTargets(markdown).filter(isRelative)).toEqual([
      'docs/architecture.md#layout',
      'img/a b.png',
      './docs/conventions.md',
    ]);
  });

  it('reads the README and the documents it points to', () => {
    const links = relativeLinks();
    const fromReadme = links.filter((link) => link.document === 'README.md').map((l) => l.path);
    for (const path of ['docs/architecture.md', 'docs/conventions.md', 'docs/features.md']) {
      expect(fromReadme).toContain(path);
    }
  });

  it('refuses a link out of the repository, to a missing file or to an ignored one', () => {
    const none = new Set<string>();
    expect(problemOf(linkOf('README.md', '../shared/ARCHITECTURE.md'), none)).toBe(
      'leaves the repository',
    );
    expect(problemOf(linkOf('docs/features.md', '../../shared/spec/SPEC.md'), none)).toBe(
      'leaves the repository',
    );
    expect(problemOf(linkOf('docs/features.md', 'decisions/999-none.md'), none)).toBe(
      'does not exist',
    );
    expect(problemOf(linkOf('README.md', 'node_modules'), ignoredByGit(['node_modules']))).toBe(
      'is ignored by git',
    );
    expect(problemOf(linkOf('docs/features.md', '../README.md#demo-zugänge'), none)).toBeNull();
  });

  it('every relative link stays inside the repository and names a file a clone has', () => {
    const links = relativeLinks();
    const ignored = ignoredByGit(links.map((link) => link.path));
    const broken = links.flatMap((link) => {
      const problem = problemOf(link, ignored);
      return problem ? [`${link.document}: (${link.target}) ${problem}`] : [];
    });
    expect(broken, 'links a clone cannot follow').toEqual([]);
  });
});
