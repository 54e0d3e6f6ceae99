/**
 * Adverts, campaigns and slots: the public slot filter (period, country, postal code,
 * active), the content and stylesheet calls, and the ad manager's changes with their audit log.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AdvertContentSchema,
  AdvertDetailSchema,
  AdvertListSchema,
  CampaignBodySchema,
  CampaignListSchema,
  CampaignSchema,
  IamSlotListSchema,
  IamSlotSchema,
  parseZipRanges,
  SlotSchema,
  type Campaign,
  type CampaignBodyInput,
  type IamSlot,
} from '../../../src/api/contract/iam';
import { AuditHistorySchema } from '../../../src/api/contract/audit';
import { berlinDay } from '../../../src/lib/dates';
import { authHeaders, createTestUser, staffRole, type TestUser } from '../../../tests/support/auth';
import { useTestApp } from '../../../tests/support/test-app';
import { advertSlotItems, auditLog } from '../../db/schema';
import { berlinStartOfDay, campaignStatus, daysOf, nextDay, periodOf } from './period';
import { publicSlot } from './public';
import { cssHash } from './sanitize';

const t = useTestApp();
let adManager: TestUser;
let editor: TestUser;

beforeAll(async () => {
  adManager = await createTestUser(t.database, { roles: [staffRole('AdManager')] });
  editor = await createTestUser(t.database, { roles: [staffRole('Editor')] });
}, 60_000);

const ADMIN = '/api/iam/admin';

async function staff(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  user: TestUser = adManager,
) {
  const res = await t.app.inject({
    method,
    url: `${ADMIN}${url}`,
    headers: authHeaders(user),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { res, json: res.json<Record<string, unknown>>() };
}

async function slot(key: string, query = ''): Promise<{ status: number; slot: IamSlot | null }> {
  const res = await t.app.inject({ url: `/api/iam/slots/${key}${query}` });
  return {
    status: res.statusCode,
    slot: res.statusCode === 200 ? IamSlotSchema.parse(res.json()) : null,
  };
}

const today = () => berlinDay(new Date());
const dayOffset = (days: number) => {
  const d = new Date(`${today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

function campaignBody(overrides: Partial<CampaignBodyInput> = {}): CampaignBodyInput {
  return {
    Name: 'Testkampagne',
    CampaignTypeId: 1,
    Weight: 10,
    StartsAt: dayOffset(-1),
    EndsAt: null,
    CountryIds: [1],
    ZipRanges: '',
    Active: true,
    ...overrides,
  };
}

async function createAdvert(name: string, html = `<p>${name}</p>`, css = '') {
  const { res, json } = await staff('POST', '/adverts', { Name: name, Html: html, Css: css });
  expect(res.statusCode, res.body).toBe(201);
  return AdvertDetailSchema.parse(json);
}

async function createCampaign(overrides: Partial<CampaignBodyInput> = {}): Promise<Campaign> {
  const { res, json } = await staff('POST', '/campaigns', campaignBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return CampaignSchema.parse(json);
}

async function createSlot(
  key: string,
  items: { CampaignId: number; AdvertId: number }[],
  zip = true,
) {
  const { res, json } = await staff('POST', '/slots', {
    SlotKey: key,
    Name: `Platz ${key}`,
    SlotTypeId: 1,
    AppliesZipFiltering: zip,
    Width: 360,
    Height: 120,
    Items: items,
  });
  expect(res.statusCode, res.body).toBe(201);
  return SlotSchema.parse(json);
}

describe('the seed', () => {
  it('has the three slots the pages ask for, with house adverts on each', async () => {
    const res = await t.app.inject({ url: '/api/iam/slots?countryId=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const slots = IamSlotListSchema.parse(res.json());
    const keys = slots.map((s) => s.SlotKey);
    expect(keys).toEqual(expect.arrayContaining(['home-top', 'offers-list', 'prices-side']));
    expect(slots.find((s) => s.SlotKey === 'prices-side')?.AppliesZipFiltering).toBe(false);
    for (const s of slots) expect(s.Width).toBeLessThanOrEqual(360);
    for (const key of ['home-top', 'offers-list', 'prices-side']) {
      const { slot: s } = await slot(key, '?countryId=2&zipCode=1010');
      expect(s?.Items.some((i) => i.CampaignTypeId === 2)).toBe(true);
    }
  });

  it('shows the demo dealer on home-top for Munich postal codes only', async () => {
    const munich = await slot('home-top', '?countryId=1&zipCode=80331');
    expect(munich.slot?.Items.map((i) => i.CampaignTypeId)).toContain(1);
    const berlin = await slot('home-top', '?countryId=1&zipCode=10115');
    expect(berlin.slot?.Items.map((i) => i.CampaignTypeId)).not.toContain(1);
    const none = await slot('home-top', '?countryId=1');
    expect(none.slot?.Items.map((i) => i.CampaignTypeId)).not.toContain(1);
  });

  it('does not run twice', async () => {
    const { seedAdverts } = await import('./seed');
    expect(await seedAdverts(t.database.db, { demo: true })).toEqual({ skipped: true, slots: 0 });
  });
});

describe('GET /api/iam/slots/{slotKey}', () => {
  let paidMunich: Campaign;
  let paidAll: Campaign;
  let paused: Campaign;
  let expired: Campaign;
  let scheduled: Campaign;
  let austria: Campaign;
  let house: Campaign;
  let ids: Record<string, number>;

  beforeAll(async () => {
    const advert = await createAdvert('Filter');
    paidMunich = await createCampaign({ Name: 'München', ZipRanges: '80000-81999, 85540' });
    paidAll = await createCampaign({ Name: 'Überall', Weight: 5 });
    paused = await createCampaign({ Name: 'Pausiert', Active: false });
    expired = await createCampaign({
      Name: 'Abgelaufen',
      StartsAt: dayOffset(-10),
      EndsAt: dayOffset(-1),
    });
    scheduled = await createCampaign({ Name: 'Geplant', StartsAt: dayOffset(1) });
    austria = await createCampaign({ Name: 'Wien', CountryIds: [2], ZipRanges: '1010-1230' });
    house = await createCampaign({ Name: 'Haus', CampaignTypeId: 2, CountryIds: [1, 2, 3] });
    const campaigns = [paidMunich, paidAll, paused, expired, scheduled, austria, house];
    ids = Object.fromEntries(campaigns.map((c) => [c.Name, c.Id]));
    const items = campaigns.map((c) => ({ CampaignId: c.Id, AdvertId: advert.Id }));
    await createSlot('test-filter', items, true);
    await createSlot('test-nofilter', items, false);
  });

  const names = (s: IamSlot | null) =>
    (s?.Items ?? []).map((i) => {
      const entry = Object.entries(ids).find(([, id]) => id === campaignOfItem(i.Id));
      return entry?.[0];
    });
  const itemCampaign = new Map<number, number>();
  function campaignOfItem(itemId: number): number | undefined {
    return itemCampaign.get(itemId);
  }
  async function loadItemCampaigns() {
    const rows = await t.database.db.select().from(advertSlotItems);
    for (const r of rows) itemCampaign.set(r.id, r.campaignId);
  }

  it('keeps only active campaigns in their period, for the country and postal code', async () => {
    await loadItemCampaigns();
    const munich = await slot('test-filter', '?countryId=1&zipCode=80331');
    expect(munich.status).toBe(200);
    expect(names(munich.slot)).toEqual(['München', 'Überall', 'Haus']);
    const single = await slot('test-filter', '?countryId=1&zipCode=85540');
    expect(names(single.slot)).toEqual(['München', 'Überall', 'Haus']);
    const berlin = await slot('test-filter', '?countryId=1&zipCode=10115');
    expect(names(berlin.slot)).toEqual(['Überall', 'Haus']);
    const noZip = await slot('test-filter', '?countryId=1');
    expect(names(noZip.slot)).toEqual(['Überall', 'Haus']);
    const vienna = await slot('test-filter', '?countryId=2&zipCode=1010');
    expect(names(vienna.slot)).toEqual(['Wien', 'Haus']);
    const graz = await slot('test-filter', '?countryId=2&zipCode=8010');
    expect(names(graz.slot)).toEqual(['Haus']);
    const swiss = await slot('test-filter', '?countryId=3&zipCode=8001');
    expect(names(swiss.slot)).toEqual(['Haus']);
  });

  it('ignores postal ranges on a slot without postal filtering', async () => {
    const berlin = await slot('test-nofilter', '?countryId=1&zipCode=10115');
    expect(names(berlin.slot)).toEqual(['München', 'Überall', 'Haus']);
    const noZip = await slot('test-nofilter', '');
    expect(names(noZip.slot)).toEqual(['München', 'Überall', 'Haus']);
  });

  it('answers SPEC §3 fields: CampaignTypeId and Weight of the campaign, SlotId, AdvertId', async () => {
    const { slot: s } = await slot('test-filter', '?countryId=1&zipCode=80331');
    expect(s).toMatchObject({ SlotKey: 'test-filter', AppliesZipFiltering: true, Width: 360 });
    expect(s?.Items[1]).toMatchObject({ CampaignTypeId: 1, Weight: 5, SlotId: s?.Id });
    expect(s?.Items[2]).toMatchObject({ CampaignTypeId: 2 });
  });

  it('follows the period to the day boundary in Germany', async () => {
    const campaign = await createCampaign({
      Name: 'Ein Tag',
      StartsAt: '2026-03-29',
      EndsAt: '2026-03-29',
    });
    const advert = await createAdvert('Tag');
    await createSlot('test-day', [{ CampaignId: campaign.Id, AdvertId: advert.Id }]);
    const at = (iso: string) =>
      publicSlot(t.database.db, 'test-day', { countryId: 1, zipCode: '' }, new Date(iso));
    // 29 March 2026 is the summer-time switch: 00:00 in Germany is 23:00 UTC the day before,
    // the day ends at 22:00 UTC.
    expect((await at('2026-03-28T22:59:59Z'))?.Items).toHaveLength(0);
    expect((await at('2026-03-28T23:00:00Z'))?.Items).toHaveLength(1);
    expect((await at('2026-03-29T21:59:59Z'))?.Items).toHaveLength(1);
    expect((await at('2026-03-29T22:00:00Z'))?.Items).toHaveLength(0);
  });

  it('refuses a bad country or postal code with 400, an unknown slot with 404', async () => {
    for (const query of [
      '?countryId=4',
      '?countryId=abc',
      '?countryId=1&zipCode=8033',
      '?countryId=2&zipCode=80331',
      '?countryId=1&zipCode=80a31',
      '?countryId=1&zipCode=803310',
    ]) {
      const res = await t.app.inject({ url: `/api/iam/slots/home-top${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/[äöüß]|ungültig|Postleitzahl/);
    }
    expect((await slot('gibt-es-nicht', '?countryId=1')).status).toBe(404);
    expect((await slot('Home_Top', '?countryId=1')).status).toBe(400);
  });

  it('may be kept by the browser for a minute', async () => {
    const res = await t.app.inject({ url: '/api/iam/slots/home-top?countryId=1&zipCode=80331' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('advert content and stylesheet', () => {
  it('answers sanitised HTML and the stylesheet name, again sanitised on output', async () => {
    const advert = await createAdvert(
      'Inhalt',
      '<div class="x">Hallo<script>window.__xss=1</script><img src=x onerror="window.__xss=1"></div>',
      '.x { color: #123; }',
    );
    expect(advert.Html).toBe('<div class="x">Hallo</div>');
    // A row written around the gate (an old row, a rule added later) is cleaned on the way out.
    await t.database.db.execute(
      `update advert set html = '<p onclick="x()">Alt<script>y()</script></p>' where id = ${advert.Id}`,
    );
    const res = await t.app.inject({ url: `/api/iam/content/${advert.Id}` });
    expect(res.statusCode).toBe(200);
    const content = AdvertContentSchema.parse(res.json());
    expect(content.Html).toBe('<p>Alt</p>');
    expect(content.StylesFileName).toBe(
      `advert-${advert.Id}-${cssHash('.x { color: #123; }')}.css`,
    );

    const css = await t.app.inject({ url: `/api/iam/content/css/${content.StylesFileName}` });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.headers['x-content-type-options']).toBe('nosniff');
    expect(css.body).toBe('.x { color: #123; }');
  });

  it('wraps the advert in its target link', async () => {
    const { json } = await staff('POST', '/adverts', {
      Name: 'Link',
      Html: '<p>Zum <a href="/x">Händler</a></p>',
      TargetUrl: '/heizoelhaendler',
    });
    const res = await t.app.inject({ url: `/api/iam/content/${String(json.Id)}` });
    expect(res.json()).toEqual({
      Html: '<a class="advert-link" href="/heizoelhaendler"><p>Zum <span>Händler</span></p></a>',
      StylesFileName: null,
    });
  });

  it('404s an unknown advert, a stale hash, a stylesheet of an advert without one', async () => {
    expect((await t.app.inject({ url: '/api/iam/content/999999999' })).statusCode).toBe(404);
    const advert = await createAdvert('Alt', '<p>a</p>', '.a{color:red}');
    const old = advert.StylesFileName ?? '';
    const { res } = await staff('PUT', `/adverts/${advert.Id}`, {
      Name: 'Alt',
      Html: '<p>a</p>',
      Css: '.a{color:blue}',
    });
    expect(res.statusCode).toBe(200);
    const stale = await t.app.inject({ url: `/api/iam/content/css/${old}` });
    expect(stale.statusCode).toBe(404);
    const plain = await createAdvert('Ohne CSS');
    const none = await t.app.inject({
      url: `/api/iam/content/css/advert-${plain.Id}-${cssHash('')}.css`,
    });
    expect(none.statusCode).toBe(404);
    const huge = await t.app.inject({ url: '/api/iam/content/css/advert-9999999999-00000000.css' });
    expect(huge.statusCode).toBe(404);
  });

  it('refuses a malformed stylesheet name with 400', async () => {
    for (const file of ['x.css', 'advert-1-ABCDEF12.css', 'advert-1-0000000.css', '..%2Fx.css']) {
      const res = await t.app.inject({ url: `/api/iam/content/css/${file}` });
      expect(res.statusCode, file).toBe(400);
    }
  });
});

describe('the ad manager API', () => {
  it('is the ad manager’s: 401 anonymous, 403 for an editor, CSRF on writes', async () => {
    expect((await t.app.inject({ url: `${ADMIN}/adverts` })).statusCode).toBe(401);
    expect((await staff('GET', '/adverts', undefined, editor)).res.statusCode).toBe(403);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/adverts`,
      headers: { authorization: authHeaders(adManager).authorization ?? '' },
      payload: { Name: 'x', Html: '<p>x</p>' },
    });
    expect(noCsrf.statusCode).toBe(403);
    const admin = await createTestUser(t.database, { roles: [staffRole('Admin')] });
    expect((await staff('GET', '/adverts', undefined, admin)).res.statusCode).toBe(200);
  });

  it('creates, reads, updates and deletes an advert, each change in the audit log', async () => {
    const created = await createAdvert('CRUD', '<p onclick="x">Text</p>', '.a{color:red}');
    expect(created.Html).toBe('<p>Text</p>');
    const list = AdvertListSchema.parse((await staff('GET', '/adverts')).json);
    expect(list.some((a) => a.Id === created.Id && a.Name === 'CRUD')).toBe(true);
    // A placed advert names its slots as staff read them, beside their keys.
    const placed = list.find((a) => a.SlotKeys.includes('home-top'));
    expect(placed?.SlotNames?.length).toBe(placed?.SlotKeys.length);
    expect(placed?.SlotNames).not.toContain('home-top');

    const got = await staff('GET', `/adverts/${created.Id}`);
    expect(AdvertDetailSchema.parse(got.json).Css).toBe('.a{color:red}');

    const updated = await staff('PUT', `/adverts/${created.Id}`, {
      Name: 'CRUD neu',
      Html: '<p>Neu</p>',
      Css: '',
      TargetUrl: 'https://example.org/',
    });
    expect(updated.res.statusCode).toBe(200);
    expect(updated.json).toMatchObject({ Name: 'CRUD neu', StylesFileName: null });
    // Saving the same again writes no entry.
    await staff('PUT', `/adverts/${created.Id}`, {
      Name: 'CRUD neu',
      Html: '<p>Neu</p>',
      Css: '',
      TargetUrl: 'https://example.org/',
    });

    const deleted = await staff('DELETE', `/adverts/${created.Id}`);
    expect(deleted.json).toEqual({ Deleted: true, RemovedSlotItems: 0 });
    expect((await staff('GET', `/adverts/${created.Id}`)).res.statusCode).toBe(404);

    const history = AuditHistorySchema.parse(
      (
        await t.app.inject({
          url: `${ADMIN}/adverts/${created.Id}/history`,
          headers: authHeaders(adManager),
        })
      ).json(),
    );
    expect(history.map((h) => h.Action)).toEqual(['delete', 'update', 'create']);
    expect(history.every((h) => h.ActorEmail === adManager.email)).toBe(true);
    expect(history[1]?.Before).toMatchObject({ Name: 'CRUD', Html: '<p>Text</p>' });
    expect(history[1]?.After).toMatchObject({
      Name: 'CRUD neu',
      TargetUrl: 'https://example.org/',
    });
  });

  it('previews what the server keeps', async () => {
    const { res, json } = await staff('POST', '/adverts/preview', {
      Html: '<p>Hallo<script>x()</script></p>',
      Css: '@import "x.css"; .a{color:red}',
    });
    expect(res.statusCode).toBe(200);
    expect(json).toEqual({
      Html: '<p>Hallo</p>',
      Css: '.a{color:red}',
      HtmlChanged: true,
      CssChanged: true,
    });
    const linked = await staff('POST', '/adverts/preview', {
      Html: '<p>Hallo</p>',
      TargetUrl: '/info-center',
    });
    expect(linked.json).toEqual({
      Html: '<a class="advert-link" href="/info-center"><p>Hallo</p></a>',
      Css: '',
      HtmlChanged: false,
      CssChanged: false,
    });
  });

  it('refuses bad adverts with German 400s and stores nothing', async () => {
    const before = (await t.database.db.select().from(auditLog)).length;
    for (const body of [
      {},
      { Name: '', Html: '<p>x</p>' },
      { Name: 'x', Html: '' },
      { Name: 'x', Html: '<script>only()</script>' },
      { Name: 'x', Html: 'a'.repeat(8001) },
      { Name: 'x', Html: '<p>x</p>', Css: 'a'.repeat(8001) },
      { Name: 'x', Html: '<p>x</p>', TargetUrl: 'javascript:alert(1)' },
      { Name: 'x', Html: '<p>x</p>', TargetUrl: '//evil.example' },
    ]) {
      const { res, json } = await staff('POST', '/adverts', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof json.message).toBe('string');
    }
    expect((await t.database.db.select().from(auditLog)).length).toBe(before);
    expect((await staff('PUT', '/adverts/999999999', {})).res.statusCode).toBe(400);
    expect(
      (await staff('PUT', '/adverts/999999999', { Name: 'x', Html: '<p>x</p>' })).res.statusCode,
    ).toBe(404);
    expect((await staff('DELETE', '/adverts/999999999')).res.statusCode).toBe(404);
  });

  it('creates, updates and deletes a campaign with days, countries and postal ranges', async () => {
    const created = await createCampaign({
      Name: 'Kampagne',
      StartsAt: '2026-03-01',
      EndsAt: '2026-03-31',
      CountryIds: [2, 1],
      ZipRanges: '80333 - 80999; 80331\n1010-1090',
    });
    expect(created).toMatchObject({
      StartsAt: '2026-03-01',
      EndsAt: '2026-03-31',
      CountryIds: [1, 2],
      ZipRanges: '80333-80999, 80331, 1010-1090',
    });
    const updated = await staff('PUT', `/campaigns/${created.Id}`, {
      ...campaignBody({ Name: 'Kampagne 2', Active: false, StartsAt: dayOffset(-2) }),
    });
    expect(CampaignSchema.parse(updated.json)).toMatchObject({
      Name: 'Kampagne 2',
      Status: 'paused',
      ZipRanges: '',
    });
    const list = CampaignListSchema.parse((await staff('GET', '/campaigns')).json);
    expect(list.find((c) => c.Id === created.Id)?.Status).toBe('paused');
    await staff('DELETE', `/campaigns/${created.Id}`);
    const history = AuditHistorySchema.parse(
      (await staff('GET', `/campaigns/${created.Id}/history`)).json,
    );
    expect(history.map((h) => h.Action)).toEqual(['delete', 'update', 'create']);
    expect(history[2]?.After).toMatchObject({ ZipRanges: '80333-80999, 80331, 1010-1090' });
  });

  it('refuses bad campaigns with German 400s', async () => {
    const bad: Partial<CampaignBodyInput>[] = [
      { CampaignTypeId: 3 },
      { Weight: 0 },
      { Weight: 1001 },
      { StartsAt: '2026-02-30' },
      { StartsAt: '1.3.2026' },
      { StartsAt: '2026-03-10', EndsAt: '2026-03-09' },
      { CountryIds: [] },
      { CountryIds: [4] },
      { CountryIds: [1, 1] },
      { ZipRanges: '80999-80333' },
      { ZipRanges: '8033-80999' },
      { ZipRanges: 'München' },
      { ZipRanges: '1010', CountryIds: [1] },
      { ZipRanges: '80331', CountryIds: [2, 3] },
    ];
    for (const overrides of bad) {
      const { res, json } = await staff('POST', '/campaigns', campaignBody(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const issues = (json.issues ?? []) as { message: string }[];
      expect(issues.length, JSON.stringify(overrides)).toBeGreaterThan(0);
      for (const issue of issues) expect(issue.message).not.toMatch(/Invalid|expected/);
    }
  });

  it('creates a slot, refuses a taken key with 409, replaces its items on save', async () => {
    const advert = await createAdvert('Platz');
    const campaign = await createCampaign({ Name: 'Platz' });
    const house = await createCampaign({ Name: 'Platz Haus', CampaignTypeId: 2 });
    const created = await createSlot('test-crud', [
      { CampaignId: campaign.Id, AdvertId: advert.Id },
    ]);
    const dup = await staff('POST', '/slots', {
      SlotKey: 'test-crud',
      Name: 'Doppelt',
      SlotTypeId: 1,
      Width: 300,
      Height: 250,
    });
    expect(dup.res.statusCode).toBe(409);
    expect(dup.json.message).toContain('test-crud');
    const rename = await staff('PUT', `/slots/${created.Id}`, {
      SlotKey: 'home-top',
      Name: 'x',
      SlotTypeId: 1,
      Width: 300,
      Height: 250,
    });
    expect(rename.res.statusCode).toBe(409);

    const saved = await staff('PUT', `/slots/${created.Id}`, {
      SlotKey: 'test-crud-2',
      Name: 'Neu',
      SlotTypeId: 3,
      AppliesZipFiltering: false,
      Width: 300,
      Height: 250,
      Items: [
        { CampaignId: house.Id, AdvertId: advert.Id },
        { CampaignId: campaign.Id, AdvertId: advert.Id },
      ],
    });
    expect(saved.res.statusCode).toBe(200);
    const s = SlotSchema.parse(saved.json);
    expect(s.Items.map((i) => i.CampaignId)).toEqual([house.Id, campaign.Id]);
    expect((await slot('test-crud')).status).toBe(404);
    expect((await slot('test-crud-2')).slot?.Items).toHaveLength(2);

    const history = AuditHistorySchema.parse(
      (await staff('GET', `/slots/${created.Id}/history`)).json,
    );
    expect(history.map((h) => h.Action)).toEqual(['update', 'create']);
    expect(history[0]?.After).toMatchObject({ SlotKey: 'test-crud-2' });
    expect((history[0]?.After as { Items: unknown[] }).Items).toHaveLength(2);
  });

  it('refuses bad slots: key, size, unknown or doubled items', async () => {
    const advert = await createAdvert('Slot-Fehler');
    const campaign = await createCampaign({ Name: 'Slot-Fehler' });
    const base = { SlotKey: 'test-bad', Name: 'x', SlotTypeId: 1, Width: 300, Height: 250 };
    for (const body of [
      { ...base, SlotKey: 'A' },
      { ...base, SlotKey: 'mit leerzeichen' },
      { ...base, SlotTypeId: 9 },
      { ...base, Width: 10 },
      { ...base, Height: 5000 },
      {
        ...base,
        Items: [
          { CampaignId: campaign.Id, AdvertId: advert.Id },
          { CampaignId: campaign.Id, AdvertId: advert.Id },
        ],
      },
      { ...base, Items: [{ CampaignId: 999999999, AdvertId: advert.Id }] },
      { ...base, Items: [{ CampaignId: campaign.Id, AdvertId: 999999999 }] },
    ]) {
      const { res } = await staff('POST', '/slots', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    expect((await slot('test-bad')).status).toBe(404);
  });

  it('deletes an advert in use together with its slot entries, and says so in the slot history', async () => {
    const advert = await createAdvert('In Benutzung');
    const other = await createAdvert('Bleibt');
    const campaign = await createCampaign({ Name: 'Benutzt' });
    const s = await createSlot('test-cascade', [
      { CampaignId: campaign.Id, AdvertId: advert.Id },
      { CampaignId: campaign.Id, AdvertId: other.Id },
    ]);
    const detail = AdvertDetailSchema.parse((await staff('GET', `/adverts/${advert.Id}`)).json);
    expect(detail.Usage).toEqual([
      expect.objectContaining({ SlotKey: 'test-cascade', CampaignName: 'Benutzt' }),
    ]);
    const deleted = await staff('DELETE', `/adverts/${advert.Id}`);
    expect(deleted.json).toEqual({ Deleted: true, RemovedSlotItems: 1 });
    const left = SlotSchema.parse((await staff('GET', `/slots/${s.Id}`)).json);
    expect(left.Items.map((i) => i.AdvertId)).toEqual([other.Id]);
    const history = AuditHistorySchema.parse((await staff('GET', `/slots/${s.Id}/history`)).json);
    expect(history[0]).toMatchObject({
      Action: 'update',
      Before: {
        Items: [{ AdvertId: advert.Id }, { AdvertId: other.Id }].map((i) => ({
          CampaignId: campaign.Id,
          ...i,
        })),
      },
      After: { Items: [{ CampaignId: campaign.Id, AdvertId: other.Id }] },
    });

    const removedCampaign = await staff('DELETE', `/campaigns/${campaign.Id}`);
    expect(removedCampaign.json).toEqual({ Deleted: true, RemovedSlotItems: 1 });
    const rows = await t.database.db
      .select()
      .from(advertSlotItems)
      .where(eq(advertSlotItems.slotId, s.Id));
    expect(rows).toHaveLength(0);
    expect((await staff('DELETE', `/slots/${s.Id}`)).json).toEqual({
      Deleted: true,
      RemovedSlotItems: 0,
    });
  });

  it('never answers 5xx for a nonexistent id with an empty body', async () => {
    for (const [method, url] of [
      ['GET', '/adverts/999999999'],
      ['PUT', '/adverts/999999999'],
      ['DELETE', '/campaigns/999999999'],
      ['PUT', '/slots/999999999'],
      ['GET', '/slots/999999999/history'],
    ] as const) {
      const { res } = await staff(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
  });
});

describe('campaign periods and the shared form schema', () => {
  it('turns days in Germany into instants and back', () => {
    expect(berlinStartOfDay('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(berlinStartOfDay('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(berlinStartOfDay('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    const period = periodOf('2026-03-01', '2026-03-31');
    expect(daysOf(period.startsAt, period.endsAt)).toEqual({
      StartsAt: '2026-03-01',
      EndsAt: '2026-03-31',
    });
    expect(daysOf(periodOf('2026-03-01', null).startsAt, null).EndsAt).toBeNull();
  });

  it('names the status: expired, paused, scheduled, active', () => {
    const now = new Date('2026-06-01T10:00:00Z');
    const p = (a: string, b: string | null) => periodOf(a, b);
    expect(campaignStatus({ ...p('2026-01-01', '2026-05-31'), active: true }, now)).toBe('expired');
    expect(campaignStatus({ ...p('2026-01-01', '2026-05-31'), active: false }, now)).toBe(
      'expired',
    );
    expect(campaignStatus({ ...p('2026-01-01', null), active: false }, now)).toBe('paused');
    expect(campaignStatus({ ...p('2026-06-02', null), active: true }, now)).toBe('scheduled');
    expect(campaignStatus({ ...p('2026-06-01', '2026-06-01'), active: true }, now)).toBe('active');
  });

  it('parses the postal filter text', () => {
    expect(parseZipRanges('')).toEqual({ ranges: [] });
    expect(parseZipRanges(' 80331, 80333-80999 ;\n1010–1090 ')).toEqual({
      ranges: [
        { from: '80331', to: '80331' },
        { from: '80333', to: '80999' },
        { from: '1010', to: '1090' },
      ],
    });
    expect(parseZipRanges('80999-80333')).toHaveProperty('error');
    expect(parseZipRanges('8033-80999')).toHaveProperty('error');
    expect(parseZipRanges('803311')).toHaveProperty('error');
    const body = CampaignBodySchema.safeParse(campaignBody({ ZipRanges: '01067-01099' }));
    expect(body.success && body.data.ZipRanges).toEqual([{ from: '01067', to: '01099' }]);
  });
});
