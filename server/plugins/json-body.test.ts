/**
 * JSON bodies with half characters ("\ud800"): found by the outside probe as a 500 on
 * POST /api/cms/entries (the audit log's jsonb refused the teaser). Every body is read by one
 * parser, so every route stores U+FFFD instead.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditHistorySchema } from '../../src/api/contract/audit';
import { CmsEntrySchema } from '../../src/api/contract/cms';
import { authHeaders, createTestUser, staffRole, type TestUser } from '../../tests/support/auth';
import { buildTestApp, type TestApp } from '../../tests/support/test-app';
import { wellFormedValue } from './json-body';

describe('wellFormedValue', () => {
  const anyText = fc.string({ unit: 'binary' });
  const anyJson = fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' });

  it('leaves every string and key well-formed, and a well-formed value as it was', () => {
    fc.assert(
      fc.property(anyJson, anyText, anyText, (value, key, text) => {
        const body = JSON.parse(JSON.stringify({ value, [key]: text, list: [text] })) as unknown;
        const before = JSON.stringify(body);
        const after = JSON.stringify(wellFormedValue(body));
        expect(after).not.toMatch(/\\u[dD][89a-fA-F]/);
        if (!/\\u[dD][89a-fA-F]/.test(before)) expect(after).toBe(before);
      }),
    );
  });

  it('makes each half character one U+FFFD and keeps whole pairs', () => {
    expect(wellFormedValue({ 'a\uDC00': ['\uD800x', '😀', '\uD83D'] })).toEqual({
      'a\uFFFD': ['\uFFFDx', '😀', '\uFFFD'],
    });
  });
});

describe('a body with a half character, on a route that writes jsonb', () => {
  let t: TestApp;
  let editor: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.ready();
    editor = await createTestUser(t.database, { roles: [staffRole('Editor')] });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('stores U+FFFD in the entry and its audit log instead of answering 500', async () => {
    const slug = `halbes-zeichen-${Date.now().toString(36)}`;
    // The raw text as the probe sent it: JSON.stringify writes a lone surrogate as an escape.
    const payload = JSON.stringify({
      Kind: 'article',
      Title: 'Halbes Zeichen',
      Slug: slug,
      Teaser: 'kaputt \uD800',
      BodyMarkdown: 'Text \uDFFF',
      ImagePath: null,
      ImageAlt: '',
      Tags: ['\uD83D'],
      Author: '',
      Featured: false,
      CountryId: null,
    });
    expect(payload).toContain('\\ud800');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cms/entries',
      headers: { ...authHeaders(editor), 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = CmsEntrySchema.parse(res.json());
    expect(entry.Teaser).toBe('kaputt \uFFFD');
    expect(entry.BodyMarkdown).toBe('Text \uFFFD');
    expect(entry.Tags).toEqual(['\uFFFD']);

    const history = AuditHistorySchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/cms/entries/${entry.Id}/history`,
          headers: authHeaders(editor),
        })
      ).json(),
    );
    expect(JSON.stringify(history)).toContain('kaputt \uFFFD');
  });
});
