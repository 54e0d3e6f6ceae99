/**
 * Input class: one rule for every value a client sends, checked over every registered
 * route (app.routeTable), so a route added later is held to it without touching this file:
 * - every text refuses U+0000 with the shared German message (PostgreSQL can not store it: 500),
 *   and is bounded in length;
 * - every number is bounded within a PostgreSQL integer (2,147,483,648 gave 500 on 8 routes);
 * - a number in a path or query string has one spelling, its canonical decimal form.
 */
import type { RouteOptions } from 'fastify';
import { CMS_BODY_MAX } from '../src/api/contract/cms';
import { describe, expect, it } from 'vitest';
import { INT4_MAX, NUL_MESSAGE } from '../src/api/contract/common';
import { useTestApp } from '../tests/support/test-app';
import { defOf, leavesOf, type Leaf, type Schema } from '../tests/support/zod-arbitrary';

const t = useTestApp();

const PARTS = ['params', 'querystring', 'body', 'headers'] as const;

interface RouteLeaf extends Leaf {
  route: string;
}

function requestLeaves(routes: readonly RouteOptions[]): RouteLeaf[] {
  const out: RouteLeaf[] = [];
  for (const route of routes) {
    const schema = route.schema as Partial<Record<(typeof PARTS)[number], Schema>> | undefined;
    if (!schema) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const part of PARTS) {
      const partSchema = schema[part];
      if (!partSchema) continue;
      for (const leaf of leavesOf(partSchema, part)) {
        out.push({ ...leaf, route: `${methods.join(',')} ${route.url}` });
      }
    }
  }
  return out;
}

function safeParse(schema: Schema, value: unknown) {
  return (
    schema as unknown as {
      safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } };
    }
  ).safeParse(value);
}

describe('request schemas of every route', () => {
  it('has routes with request schemas to check', () => {
    const leaves = requestLeaves(t.app.routeTable);
    expect(leaves.filter((l) => l.kind === 'string').length).toBeGreaterThan(30);
    expect(leaves.filter((l) => l.kind === 'number').length).toBeGreaterThan(10);
    expect(leaves.map((l) => l.route)).toContain('POST /api/haendler/auftraege/:id/ablehnen');
  });

  it('refuses NUL in every text with the shared German message', () => {
    const problems = requestLeaves(t.app.routeTable)
      .filter((leaf) => leaf.kind === 'string')
      .filter((leaf) => {
        const result = safeParse(leaf.schema, 'a\u0000');
        return result.success || !result.error?.issues.some((i) => i.message === NUL_MESSAGE);
      })
      .map((leaf) => `${leaf.route} ${leaf.path}`);
    expect(problems).toEqual([]);
  });

  it('bounds the length of every text', () => {
    // Longer than the longest text a client may send (a stack trace of 8,000), except
    // a CMS body (a whole page in Markdown), which has its own bound.
    const longest = (path: string) => (path.endsWith('BodyMarkdown') ? CMS_BODY_MAX : 9_999);
    const problems = requestLeaves(t.app.routeTable)
      .filter((leaf) => leaf.kind === 'string')
      .filter((leaf) => safeParse(leaf.schema, 'a'.repeat(longest(leaf.path) + 1)).success)
      .map((leaf) => `${leaf.route} ${leaf.path}`);
    expect(problems).toEqual([]);
  });

  it('reads a number in a path or query string only in its canonical decimal form', () => {
    // z.coerce.number took all of these for 1: one resource under many addresses.
    const lenient = ['01', '+1', ' 1', '1 ', '1.0', '0x1', '1e0', '0b1'];
    const leaves = requestLeaves(t.app.routeTable).filter(
      (leaf) => leaf.kind === 'number' && /^(params|querystring)\./.test(leaf.path),
    );
    expect(leaves.length).toBeGreaterThan(10);
    const problems = leaves
      .filter(
        (leaf) => !leaf.fromText || lenient.some((text) => safeParse(leaf.schema, text).success),
      )
      .map((leaf) => `${leaf.route} ${leaf.path}`);
    expect(problems).toEqual([]);
  });

  it('keeps every number within a PostgreSQL integer', () => {
    const problems = requestLeaves(t.app.routeTable)
      .filter((leaf) => leaf.kind === 'number')
      .filter((leaf) => {
        const asText = leaf.fromText === true || defOf(leaf.schema).coerce === true;
        return [INT4_MAX + 1, -INT4_MAX - 2, 1e308].some(
          (n) => safeParse(leaf.schema, asText ? String(n) : n).success,
        );
      })
      .map((leaf) => `${leaf.route} ${leaf.path}`);
    expect(problems).toEqual([]);
  });
});
