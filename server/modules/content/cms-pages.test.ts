/** SPEC §2 catch-all: published CMS pages at /{slug}; drafts and unknown slugs 404. */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, useTestApp } from '../../../tests/support/test-app';
import { contentEntries } from '../../db/schema';

const t = useTestApp();

beforeAll(async () => {
  const base = {
    kind: 'page' as const,
    teaser: 'Wer hinter Ölkompass steht und wie wir Angebote vergleichen.',
    bodyMarkdown: '## Unser Versprechen\n\nWir vergleichen **ehrlich**.',
    publishedAt: new Date('2026-11-20T08:00:00Z'),
  };
  await t.app.db.insert(contentEntries).values([
    { ...base, slug: 'ueber-uns-test', title: 'Über uns', status: 'published' },
    { ...base, slug: 'entwurf-test', title: 'Noch nicht fertig', status: 'draft' },
  ]);
});

describe('CMS pages at /{slug}', () => {
  it('serve a published page with its own title and description, and list it in the sitemap', async () => {
    const res = await t.app.inject({ url: '/ueber-uns-test' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Über uns – Ölkompass</title>');
    expect(res.body).toContain('Wer hinter Ölkompass steht');
    const api = await t.app.inject({ url: '/api/site/pages/ueber-uns-test' });
    expect(api.statusCode).toBe(200);
    expect(api.json<{ Content: string }>().Content).toContain('<strong>ehrlich</strong>');
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect(sitemap).toContain(`<loc>${TEST_PUBLIC_URL}/ueber-uns-test</loc>`);
    expect(sitemap).not.toContain('entwurf-test');
  });

  it('answer 404 for a draft, an unknown slug and an address that can not be a slug', async () => {
    for (const url of ['/entwurf-test', '/gibt-es-nicht', '/Gross-Geschrieben']) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    expect((await t.app.inject({ url: '/api/site/pages/entwurf-test' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/site/pages/a..b' })).statusCode).toBe(400);
  });

  it('leave the routes of the site alone: /news is the news page, not a CMS page', async () => {
    const res = await t.app.inject({ url: '/news' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('News');
  });
});
