/**
 * The ad manager's adverts (SPEC §4, §7 /api/iam/admin/adverts): the HTML and CSS kept
 * sanitised, and where each advert is placed.
 */
import { eq } from 'drizzle-orm';
import type {
  AdvertBody,
  AdvertDetail,
  AdvertListItem,
  AdvertPreview,
} from '../../../src/api/contract/iam';
import { adverts } from '../../db/schema';
import { auditedChanges, usageOut } from './audited';
import { advertById, allAdverts, usageOf, type AdvertRow, type Tx } from './repo';
import {
  advertOutputHtml,
  sanitizeAdvertCss,
  sanitizeAdvertHtml,
  stylesFileName,
} from './sanitize';

/** What the ad manager sees of the HTML and CSS as the server will keep them. */
export function previewAdvert(body: {
  Html: string;
  Css: string;
  TargetUrl: string;
}): AdvertPreview {
  const html = sanitizeAdvertHtml(body.Html);
  const css = sanitizeAdvertCss(body.Css);
  return {
    Html: advertOutputHtml(html, body.TargetUrl),
    Css: css,
    HtmlChanged: html !== body.Html.trim(),
    CssChanged: css !== body.Css.trim(),
  };
}

export async function listAdverts(db: Tx): Promise<AdvertListItem[]> {
  const [rows, usage] = await Promise.all([allAdverts(db), usageOf(db, {})]);
  return rows.map((a) => ({
    Id: a.id,
    Name: a.name,
    TargetUrl: a.targetUrl,
    UpdatedAt: a.updatedAt.toISOString(),
    SlotKeys: [...new Set(usage.filter((u) => u.advertId === a.id).map((u) => u.slotKey))],
    SlotNames: [...new Set(usage.filter((u) => u.advertId === a.id).map((u) => u.slotName))],
  }));
}

async function advertDetail(db: Tx, a: AdvertRow): Promise<AdvertDetail> {
  return {
    Id: a.id,
    Name: a.name,
    Html: a.html,
    Css: a.css,
    TargetUrl: a.targetUrl,
    StylesFileName: stylesFileName(a.id, a.css),
    CreatedAt: a.createdAt.toISOString(),
    UpdatedAt: a.updatedAt.toISOString(),
    Usage: usageOut(await usageOf(db, { advertIds: [a.id] })),
  };
}

export async function getAdvert(db: Tx, id: number): Promise<AdvertDetail | null> {
  const advert = await advertById(db, id);
  return advert ? advertDetail(db, advert) : null;
}

export const advertChanges = auditedChanges({
  objectType: 'advert',
  usageOf: (id) => ({ advertIds: [id] }),
  byId: advertById,
  insert: (tx, values) => tx.insert(adverts).values(values).returning(),
  update: (tx, id, values) => tx.update(adverts).set(values).where(eq(adverts.id, id)).returning(),
  remove: (tx, id) => tx.delete(adverts).where(eq(adverts.id, id)),
  values(body: AdvertBody): typeof adverts.$inferInsert | { invalid: string } {
    const html = sanitizeAdvertHtml(body.Html);
    if (!html) return { invalid: 'Vom HTML bleibt nach der Bereinigung nichts übrig.' };
    return { name: body.Name, html, css: sanitizeAdvertCss(body.Css), targetUrl: body.TargetUrl };
  },
  snapshot: (a: AdvertRow) => ({ Name: a.name, Html: a.html, Css: a.css, TargetUrl: a.targetUrl }),
  answer: advertDetail,
});
