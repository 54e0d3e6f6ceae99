/**
 * The advert slots the pages ask for, with house adverts for our own pages and one paid demo
 * campaign of a fictitious dealer. Written once: a row `adverts-v1` in
 * reference_import marks it as done, so a slot or advert the ad manager changed or deleted is not
 * brought back by the next start (the content seed does the same with `content-v1`).
 *
 * Slot sizes fit a 390 px phone: all three are 360 × 120 banners (the pages let them grow wider,
 * src/features/adverts/advert-slot.module.css). The adverts fill whatever box they get.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { paths } from '../../../src/lib/paths';
import type { Db } from '../../db/client';
import {
  advertSlotItems,
  advertSlots,
  adverts,
  campaigns,
  referenceImports,
} from '../../db/schema';
import { periodOf } from './period';
import { sanitizeAdvertCss, sanitizeAdvertHtml } from './sanitize';

export const ADVERT_SEED_NAME = 'adverts-v1';

/** Layout shared by the shipped adverts; each adds its colours. */
const BASE_CSS = `:host, .advert { display: block; height: 100%; }
.advert-link { display: block; height: 100%; color: inherit; text-decoration: none; border-radius: 10px; }
.advert-link:focus-visible { outline: 3px solid #1a73e8; outline-offset: -3px; }
.ad { box-sizing: border-box; height: 100%; display: flex; flex-direction: column; justify-content: center; gap: 4px; padding: 10px 16px; border-radius: 10px; overflow: hidden; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
.ad h2 { margin: 0; font-size: 17px; line-height: 1.2; font-weight: 700; }
.ad p { margin: 0; font-size: 13px; line-height: 1.35; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.ad .cta { align-self: flex-start; margin-top: 4px; padding: 3px 12px; border-radius: 999px; font-size: 13px; font-weight: 700; }
.advert-link:hover .cta, .advert-link:focus-visible .cta { text-decoration: underline; }`;

interface SeedAdvert {
  key: string;
  name: string;
  html: string;
  css: string;
  targetUrl: string;
}

const ad = (h2: string, p: string, cta: string, extraClass: string) =>
  `<div class="ad ${extraClass}"><h2>${h2}</h2><p>${p}</p><span class="cta">${cta} →</span></div>`;

export const SEED_ADVERTS: readonly SeedAdvert[] = [
  {
    key: 'guide',
    name: 'Haus: Verbrauchsvergleich',
    targetUrl: paths.guide,
    html: ad(
      'Wie viel Heizöl ist normal?',
      'Vergleichen Sie Ihren Verbrauch mit ähnlichen Häusern – kostenlos und in zwei Minuten.',
      'Jetzt vergleichen',
      'ad-guide',
    ),
    css: `${BASE_CSS}
.ad-guide { background: linear-gradient(120deg, #0b3a5b 0%, #1a6399 100%); color: #ffffff; }
.ad-guide p { color: #e3eef7; }
.ad-guide .cta { background: #f59f00; color: #072840; }`,
  },
  {
    key: 'dealers',
    name: 'Haus: Heizölhändler',
    targetUrl: paths.dealers,
    html: ad(
      'Heizölhändler in Ihrer Nähe',
      'Regionale Lieferanten mit Bewertungen echter Kundinnen und Kunden auf einen Blick.',
      'Händler finden',
      'ad-dealers',
    ),
    css: `${BASE_CSS}
.ad-dealers { background: #f1f7fc; color: #1b2733; border: 1px solid #d3dae2; border-left: 6px solid #1a6399; }
.ad-dealers h2 { color: #0b3a5b; }
.ad-dealers .cta { background: #1a6399; color: #ffffff; }`,
  },
  {
    key: 'info',
    name: 'Haus: Info-Center',
    targetUrl: paths.infoCenter,
    html: ad(
      'Heizöl-Wissen kompakt',
      'Qualität, Lagerung, Lieferung und Bezahlung – verständlich erklärt im Info-Center.',
      'Zum Info-Center',
      'ad-info',
    ),
    css: `${BASE_CSS}
.ad-info { background: #fff6ec; color: #1b2733; border: 1px solid #f3d9c4; }
.ad-info h2 { color: #a8380b; }
.ad-info .cta { background: #ffffff; color: #a8380b; border: 1px solid #a8380b; }`,
  },
  {
    key: 'tank',
    name: 'Haus: Tankwartung',
    targetUrl: paths.tankMaintenance,
    html: ad(
      'Tank fit für den Winter?',
      'Wartung, Reinigung und Prüfpflichten für Ihren Heizöltank im Überblick.',
      'Mehr erfahren',
      'ad-tank',
    ),
    css: `${BASE_CSS}
.ad-tank { background: #e6f4ea; color: #1b2733; border: 1px solid #c3e3cb; }
.ad-tank h2 { color: #1e7a34; }
.ad-tank .cta { background: #1e7a34; color: #ffffff; }`,
  },
  {
    key: 'huber',
    name: 'Heizöl Huber München (Demo)',
    targetUrl: paths.dealers,
    html: `<div class="ad ad-huber"><small class="brand">Heizöl Huber · München</small><h2>Heizöl für München und Umgebung</h2><p>Lieferung in 3–5 Werktagen, Bestellung auch telefonisch.</p><span class="cta">Angebot ansehen →</span></div>`,
    css: `${BASE_CSS}
.ad-huber { background: #ffffff; color: #1b2733; border: 1px solid #d3dae2; border-top: 5px solid #c2410c; gap: 2px; }
.ad-huber .brand { font-size: 11px; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase; color: #a8380b; }
.ad-huber h2 { font-size: 16px; }
.ad-huber p { -webkit-line-clamp: 1; color: #52606d; }
.ad-huber .cta { background: #c2410c; color: #ffffff; }`,
  },
];

interface SeedSlot {
  slotKey: string;
  name: string;
  slotTypeId: number;
  appliesZipFiltering: boolean;
  width: number;
  height: number;
  /** [campaign key, advert key] in draw order (the first house item stands in). */
  items: readonly (readonly [string, string])[];
}

export const SEED_SLOTS: readonly SeedSlot[] = [
  {
    slotKey: 'home-top',
    name: 'Startseite oben',
    slotTypeId: 1,
    appliesZipFiltering: true,
    width: 360,
    height: 120,
    items: [
      ['paid', 'huber'],
      ['house', 'guide'],
      ['house', 'info'],
    ],
  },
  {
    slotKey: 'offers-list',
    name: 'Angebotsliste',
    slotTypeId: 2,
    appliesZipFiltering: true,
    width: 360,
    height: 120,
    items: [['house', 'tank']],
  },
  {
    slotKey: 'prices-side',
    name: 'Heizölpreise, Seitenleiste',
    slotTypeId: 3,
    appliesZipFiltering: false,
    width: 360,
    height: 120,
    items: [['house', 'dealers']],
  },
];

const SEED_CAMPAIGNS = {
  house: {
    name: 'Hausanzeigen',
    campaignTypeId: 2,
    weight: 1,
    ...periodOf('2026-01-01', null),
    countryIds: [1, 2, 3],
    zipRanges: [],
    active: true,
  },
  paid: {
    name: 'Heizöl Huber München (Demo)',
    campaignTypeId: 1,
    weight: 100,
    ...periodOf('2026-01-01', null),
    countryIds: [1],
    zipRanges: [{ from: '80000', to: '81999' }],
    active: true,
  },
} as const;

/**
 * `demo`: with the demo data (as the demo accounts, SEED_DEMO_USERS): the fictitious dealer's
 * paid campaign is a demonstration, never shown in production.
 */
export async function seedAdverts(
  db: Db,
  { demo }: { demo: boolean },
): Promise<{ skipped: boolean; slots: number }> {
  const [done] = await db
    .select({ name: referenceImports.name })
    .from(referenceImports)
    .where(eq(referenceImports.name, ADVERT_SEED_NAME));
  if (done) return { skipped: true, slots: 0 };
  const checksum = createHash('sha256')
    .update(JSON.stringify({ SEED_ADVERTS, SEED_SLOTS, SEED_CAMPAIGNS }))
    .digest('hex');
  let slots = 0;
  await db.transaction(async (tx) => {
    const advertIds = new Map<string, number>();
    for (const a of SEED_ADVERTS.filter((x) => demo || x.key !== 'huber')) {
      const [row] = await tx
        .insert(adverts)
        .values({
          name: a.name,
          html: sanitizeAdvertHtml(a.html),
          css: sanitizeAdvertCss(a.css),
          targetUrl: a.targetUrl,
        })
        .returning({ id: adverts.id });
      if (row) advertIds.set(a.key, row.id);
    }
    const campaignIds = new Map<string, number>();
    for (const [key, c] of Object.entries(SEED_CAMPAIGNS)) {
      if (!demo && key === 'paid') continue;
      const [row] = await tx
        .insert(campaigns)
        .values({ ...c, countryIds: [...c.countryIds], zipRanges: [...c.zipRanges] })
        .returning({ id: campaigns.id });
      if (row) campaignIds.set(key, row.id);
    }
    for (const s of SEED_SLOTS) {
      // A slot key staff created before this seed ran is theirs: left alone.
      const [row] = await tx
        .insert(advertSlots)
        .values({
          slotKey: s.slotKey,
          name: s.name,
          slotTypeId: s.slotTypeId,
          appliesZipFiltering: s.appliesZipFiltering,
          width: s.width,
          height: s.height,
        })
        .onConflictDoNothing()
        .returning({ id: advertSlots.id });
      if (!row) continue;
      slots += 1;
      const items = s.items.flatMap(([campaign, advert]) => {
        const campaignId = campaignIds.get(campaign);
        const advertId = advertIds.get(advert);
        return campaignId && advertId ? [{ slotId: row.id, campaignId, advertId }] : [];
      });
      if (items.length > 0) await tx.insert(advertSlotItems).values(items);
    }
    await tx
      .insert(referenceImports)
      .values({ name: ADVERT_SEED_NAME, checksum, rowCount: slots })
      .onConflictDoNothing();
  });
  return { skipped: false, slots };
}
