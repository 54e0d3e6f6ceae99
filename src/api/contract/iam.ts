/**
 * Adverts, campaigns and slots (SPEC §3 Advert slot / Advert content, §4 Advert slots,
 * §7 /api/iam/*). The public calls a page makes, and the ad manager's staff calls under
 * /api/iam/admin (guard adManager). The campaign form's postal-code filter is text
 * ("80331, 80333-80999"); one schema here parses and checks it for the form and the server alike.
 */
import { z } from 'zod/mini';
import { CountryIdParamSchema, requestId, requestIdParam, requestInt, requestText } from './common';

// ---------------------------------------------------------------------------------------------
// Constants

/** SPEC §3 CampaignTypeId: 1 paid (weighted draw), 2 house (stands in when no paid item runs). */
export const CAMPAIGN_TYPE_IDS = [1, 2] as const;
/** Kinds of slot: 1 banner, 2 list entry (between offers), 3 sidebar box. */
export const SLOT_TYPE_IDS = [1, 2, 3] as const;
export const COUNTRY_IDS = [1, 2, 3] as const;

/** Public slot and content answers may be kept this long: a staff change shows within it. */
export const IAM_PUBLIC_MAX_AGE_S = 60;

/**
 * Size limits of an advert's HTML and stylesheet. A banner needs a few kB; the limit stays below
 * the longest text any request may carry (server/request-schemas.test.ts checks 10,000).
 */
export const ADVERT_HTML_MAX = 8000;
export const ADVERT_CSS_MAX = 8000;
export const ZIP_RANGES_TEXT_MAX = 4000;
export const ZIP_RANGES_MAX = 200;
export const WEIGHT_MIN = 1;
export const WEIGHT_MAX = 1000;
export const SLOT_WIDTH = { min: 50, max: 2000 } as const;
export const SLOT_HEIGHT = { min: 20, max: 2000 } as const;
export const SLOT_ITEMS_MAX = 50;
export const SLOT_KEY = /^[a-z0-9-]{2,40}$/;

/** The stylesheet's file name: advert-{id}-{first 8 hex of sha256(css)}.css */
export const ADVERT_CSS_FILE = /^advert-(\d{1,10})-([0-9a-f]{8})\.css$/;

/** A path of this site (not "//host" or "/\host") or an https address. */
export const SAFE_TARGET_URL = /^(?:\/(?![/\\])|https:\/\/)/i;

// ---------------------------------------------------------------------------------------------
// Postal-code ranges

export interface ZipRange {
  from: string;
  to: string;
}

const ZIP_ENTRY = /^(\d{4,5})(?:\s*[-–]\s*(\d{4,5}))?$/;

/**
 * "80331, 80333-80999" → ranges, or the first problem as a German sentence. Entries are
 * separated by commas, semicolons or line breaks; a single code is a range of one.
 */
export function parseZipRanges(text: string): { ranges: ZipRange[] } | { error: string } {
  const entries = text
    .split(/[,;\n\r]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length > ZIP_RANGES_MAX) {
    return { error: `Höchstens ${ZIP_RANGES_MAX} Postleitzahlen oder Bereiche.` };
  }
  const ranges: ZipRange[] = [];
  for (const entry of entries) {
    const match = ZIP_ENTRY.exec(entry);
    if (!match) {
      return {
        error: `„${entry.slice(0, 30)}“ ist keine Postleitzahl und kein Bereich wie 80333-80999 (4 oder 5 Ziffern).`,
      };
    }
    const from = match[1] ?? '';
    const to = match[2] ?? from;
    if (from.length !== to.length) {
      return {
        error: `Im Bereich ${from}-${to} haben Anfang und Ende nicht gleich viele Ziffern.`,
      };
    }
    if (from > to) {
      return { error: `Im Bereich ${from}-${to} liegt der Anfang hinter dem Ende.` };
    }
    ranges.push({ from, to });
  }
  return { ranges };
}

/** The canonical text of ranges: "80331, 80333-80999". */
export function formatZipRanges(ranges: readonly ZipRange[]): string {
  return ranges.map((r) => (r.from === r.to ? r.from : `${r.from}-${r.to}`)).join(', ');
}

/** Whether a postal code lies in one of the ranges (only ranges of its own length count). */
export function zipInRanges(zipCode: string, ranges: readonly ZipRange[]): boolean {
  return ranges.some(
    (r) => r.from.length === zipCode.length && r.from <= zipCode && zipCode <= r.to,
  );
}

// ---------------------------------------------------------------------------------------------
// Public: GET /api/iam/slots, /api/iam/slots/{slotKey}, /api/iam/content/{advertId}, …/css/{file}

export const IamSlotListQuerySchema = z.object({
  countryId: z._default(CountryIdParamSchema, 1),
});

export const IamSlotSummarySchema = z.object({
  Id: z.number(),
  SlotKey: z.string(),
  Name: z.string(),
  SlotTypeId: z.number(),
  AppliesZipFiltering: z.boolean(),
  /** The space a page reserves for the slot, in CSS px. */
  Width: z.number(),
  Height: z.number(),
});
export type IamSlotSummary = z.infer<typeof IamSlotSummarySchema>;
export const IamSlotListSchema = z.array(IamSlotSummarySchema);

export const IamSlotParamsSchema = z.object({
  slotKey: requestText(
    'slotKey fehlt.',
    z.regex(SLOT_KEY, 'slotKey: 2 bis 40 Kleinbuchstaben, Ziffern oder Bindestriche.'),
  ),
});

export const IamSlotQuerySchema = z.object({
  countryId: z._default(CountryIdParamSchema, 1),
  /** Empty or missing: no postal code (filtered slots then show only unfiltered campaigns). */
  zipCode: z._default(
    requestText(
      'zipCode muss als Text angegeben werden.',
      z.trim(),
      z.regex(/^(?:\d{4,5})?$/, 'zipCode: eine Postleitzahl aus 4 oder 5 Ziffern.'),
    ),
    '',
  ),
});

/** SPEC §3 slot Items: CampaignTypeId and Weight come from the item's campaign. */
export const IamSlotItemSchema = z.object({
  CampaignTypeId: z.number(),
  Weight: z.number(),
  Id: z.number(),
  SlotId: z.number(),
  AdvertId: z.number(),
});
export type IamSlotItem = z.infer<typeof IamSlotItemSchema>;

/** SPEC §3 Advert slot; Items only of campaigns that run now for the country (and postal code). */
export const IamSlotSchema = z.extend(z.omit(IamSlotSummarySchema, { Name: true }), {
  Items: z.array(IamSlotItemSchema),
});
export type IamSlot = z.infer<typeof IamSlotSchema>;

export const AdvertIdParamsSchema = z.object({ advertId: requestIdParam('advertId') });

/** SPEC §3 Advert content: sanitised HTML and the stylesheet's file name (null: none). */
export const AdvertContentSchema = z.object({
  Html: z.string(),
  StylesFileName: z.nullable(z.string()),
});
export type AdvertContent = z.infer<typeof AdvertContentSchema>;

export const AdvertCssParamsSchema = z.object({
  file: requestText(
    'Der Dateiname fehlt.',
    z.regex(ADVERT_CSS_FILE, 'Der Dateiname hat nicht die Form advert-{id}-{hash}.css.'),
  ),
});

/** The path of an advert's stylesheet. */
export function advertCssPath(fileName: string): string {
  return `/api/iam/content/css/${fileName}`;
}

// ---------------------------------------------------------------------------------------------
// Staff: /api/iam/admin (guard adManager; CSRF on writes)

const name = (field: string) =>
  requestText(
    `${field} fehlt.`,
    z.trim(),
    z.minLength(1, `Bitte ${field} angeben.`),
    z.maxLength(120, `${field}: höchstens 120 Zeichen.`),
  );

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
};
const day = (field: string) =>
  requestText(
    `${field} fehlt.`,
    z.trim(),
    z.regex(DAY, `${field}: ein Datum wie 2026-03-01.`),
    z.refine(isRealDay, `${field}: dieses Datum gibt es nicht.`),
  );

/** One of a fixed set of ids (a campaign type, a country, a slot type). */
const oneOf = (ids: readonly number[], error: string, message: string) =>
  z.number({ error }).check(z.refine((n) => ids.includes(n), message));

/** A refusal found across fields, reported on the field it concerns. */
const refuse = (
  ctx: z.core.$RefinementCtx,
  path: (string | number)[],
  message: string,
  input: unknown,
) => ctx.issues.push({ code: 'custom', message, path, input });

/** A usage of an advert or campaign: which slot shows it together with what. */
export const AdvertUsageSchema = z.object({
  SlotId: z.number(),
  SlotKey: z.string(),
  SlotName: z.string(),
  CampaignId: z.number(),
  CampaignName: z.string(),
  AdvertId: z.number(),
  AdvertName: z.string(),
});
export type AdvertUsage = z.infer<typeof AdvertUsageSchema>;

// Adverts

const htmlMax = () => z.maxLength(ADVERT_HTML_MAX, `HTML: höchstens ${ADVERT_HTML_MAX} Zeichen.`);
const targetUrlMax = () => z.maxLength(500, 'Ziel-Link: höchstens 500 Zeichen.');

/** The advert's stylesheet, as saved and as previewed. */
const CssField = z._default(
  requestText(
    'Css muss Text sein.',
    z.maxLength(ADVERT_CSS_MAX, `CSS: höchstens ${ADVERT_CSS_MAX} Zeichen.`),
  ),
  '',
);

export const AdvertBodySchema = z.object(
  {
    Name: name('einen Namen'),
    Html: requestText(
      'Html fehlt.',
      z.trim(),
      z.minLength(1, 'Bitte HTML für die Anzeige eingeben.'),
      htmlMax(),
    ),
    Css: CssField,
    /** Link of the whole advert: a path of this site or an https address; empty: none. */
    TargetUrl: z._default(
      requestText(
        'TargetUrl muss Text sein.',
        z.trim(),
        targetUrlMax(),
        z.refine(
          (url) => url === '' || SAFE_TARGET_URL.test(url),
          'Ziel-Link: ein eigener Pfad wie /heizoelhaendler oder eine https-Adresse.',
        ),
      ),
      '',
    ),
  },
  { error: 'Erwartet wird eine Anzeige als JSON-Objekt.' },
);
export type AdvertBody = z.infer<typeof AdvertBodySchema>;
export type AdvertBodyInput = z.input<typeof AdvertBodySchema>;

export const AdvertPreviewBodySchema = z.object(
  {
    Html: requestText('Html muss Text sein.', htmlMax()),
    Css: CssField,
    /** Given: the preview wraps the advert in this link, as a page would. */
    TargetUrl: z._default(requestText('TargetUrl muss Text sein.', targetUrlMax()), ''),
  },
  { error: 'Erwartet wird { Html, Css, TargetUrl }.' },
);

/**
 * The preview: the HTML as a page would show it (with the target link), the CSS as kept, and
 * whether the server removed something from either.
 */
export const AdvertPreviewSchema = z.object({
  Html: z.string(),
  Css: z.string(),
  HtmlChanged: z.boolean(),
  CssChanged: z.boolean(),
});
export type AdvertPreview = z.infer<typeof AdvertPreviewSchema>;

export const AdvertListItemSchema = z.object({
  Id: z.number(),
  Name: z.string(),
  TargetUrl: z.string(),
  UpdatedAt: z.string(),
  /** Slot keys where the advert is placed. */
  SlotKeys: z.array(z.string()),
  /** The same slots by name, as staff read them (the list showed "home-top"). */
  SlotNames: z.optional(z.array(z.string())),
});
export type AdvertListItem = z.infer<typeof AdvertListItemSchema>;
export const AdvertListSchema = z.array(AdvertListItemSchema);

export const AdvertDetailSchema = z.object({
  Id: z.number(),
  Name: z.string(),
  Html: z.string(),
  Css: z.string(),
  TargetUrl: z.string(),
  StylesFileName: z.nullable(z.string()),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  Usage: z.array(AdvertUsageSchema),
});
export type AdvertDetail = z.infer<typeof AdvertDetailSchema>;

// Campaigns

export type CampaignStatus = 'active' | 'paused' | 'expired' | 'scheduled';
export const CAMPAIGN_STATUSES = ['active', 'paused', 'expired', 'scheduled'] as const;

const zipRangesText = z.pipe(
  requestText(
    'ZipRanges muss Text sein.',
    z.maxLength(ZIP_RANGES_TEXT_MAX, `PLZ-Filter: höchstens ${ZIP_RANGES_TEXT_MAX} Zeichen.`),
  ),
  z.transform((text: string, ctx) => {
    const parsed = parseZipRanges(text);
    if ('error' in parsed) {
      ctx.issues.push({ code: 'custom', message: parsed.error, input: text });
      return z.NEVER;
    }
    return parsed.ranges;
  }),
);

/**
 * Create/update a campaign. StartsAt and EndsAt are calendar days in Germany, both included
 * (EndsAt null: open-ended). ZipRanges is the form's text; parsed to ranges here.
 */
export const CampaignBodySchema = z
  .object(
    {
      Name: name('einen Namen'),
      CampaignTypeId: oneOf(
        CAMPAIGN_TYPE_IDS,
        'CampaignTypeId muss eine Zahl sein.',
        'CampaignTypeId muss 1 (bezahlt) oder 2 (Haus) sein.',
      ),
      Weight: requestInt('Gewicht', WEIGHT_MIN, WEIGHT_MAX),
      StartsAt: day('Beginn'),
      EndsAt: z._default(z.nullable(day('Ende')), null),
      CountryIds: z
        .array(
          oneOf(
            COUNTRY_IDS,
            'CountryIds: Zahlen 1, 2 oder 3.',
            'CountryIds: 1 (DE), 2 (AT) oder 3 (CH).',
          ),
          { error: 'CountryIds muss eine Liste sein.' },
        )
        .check(
          z.minLength(1, 'Bitte mindestens ein Land wählen.'),
          z.maxLength(3, 'Höchstens drei Länder.'),
          z.refine((ids) => new Set(ids).size === ids.length, 'Jedes Land nur einmal.'),
        ),
      ZipRanges: z._default(zipRangesText, []),
      Active: z._default(z.boolean({ error: 'Active muss true oder false sein.' }), true),
    },
    { error: 'Erwartet wird eine Kampagne als JSON-Objekt.' },
  )
  .check(
    z.superRefine((c, ctx) => {
      // Across fields only once every field parsed: a refused field keeps its raw value (the
      // fuzz probe's NUL in ZipRanges left a string where the ranges belong: a 500).
      if (ctx.issues.length > 0) return;
      if (c.EndsAt !== null && c.EndsAt < c.StartsAt) {
        refuse(ctx, ['EndsAt'], 'Das Ende darf nicht vor dem Beginn liegen.', c.EndsAt);
      }
      const five = c.ZipRanges.some((r) => r.from.length === 5);
      const four = c.ZipRanges.some((r) => r.from.length === 4);
      if (five && !c.CountryIds.includes(1)) {
        refuse(
          ctx,
          ['ZipRanges'],
          'Fünfstellige Postleitzahlen gibt es nur in Deutschland: Deutschland wählen.',
          c.ZipRanges,
        );
      }
      if (four && !c.CountryIds.includes(2) && !c.CountryIds.includes(3)) {
        refuse(
          ctx,
          ['ZipRanges'],
          'Vierstellige Postleitzahlen gibt es nur in Österreich und der Schweiz: eines der Länder wählen.',
          c.ZipRanges,
        );
      }
    }),
  );
export type CampaignBody = z.infer<typeof CampaignBodySchema>;
export type CampaignBodyInput = z.input<typeof CampaignBodySchema>;

export const CampaignIdParamsSchema = z.object({ campaignId: requestIdParam('campaignId') });

export const CampaignSchema = z.object({
  Id: z.number(),
  Name: z.string(),
  CampaignTypeId: z.number(),
  Weight: z.number(),
  /** yyyy-mm-dd, Germany. */
  StartsAt: z.string(),
  EndsAt: z.nullable(z.string()),
  CountryIds: z.array(z.number()),
  /** Canonical text ("80331, 80333-80999"); empty: every postal code. */
  ZipRanges: z.string(),
  Active: z.boolean(),
  Status: z.enum(CAMPAIGN_STATUSES),
  UpdatedAt: z.string(),
  Usage: z.array(AdvertUsageSchema),
});
export type Campaign = z.infer<typeof CampaignSchema>;
export const CampaignListSchema = z.array(CampaignSchema);

// Slots

export const SlotItemBodySchema = z.object(
  { CampaignId: requestId('CampaignId'), AdvertId: requestId('AdvertId') },
  { error: 'Ein Eintrag ist { CampaignId, AdvertId }.' },
);

export const SlotBodySchema = z
  .object(
    {
      SlotKey: requestText(
        'SlotKey fehlt.',
        z.trim(),
        z.regex(SLOT_KEY, 'Schlüssel: 2 bis 40 Kleinbuchstaben, Ziffern oder Bindestriche.'),
      ),
      Name: name('einen Namen'),
      SlotTypeId: oneOf(
        SLOT_TYPE_IDS,
        'SlotTypeId muss eine Zahl sein.',
        'SlotTypeId: 1 (Banner), 2 (Listeneintrag) oder 3 (Seitenleiste).',
      ),
      AppliesZipFiltering: z._default(
        z.boolean({ error: 'AppliesZipFiltering muss true oder false sein.' }),
        false,
      ),
      Width: requestInt('Breite', SLOT_WIDTH.min, SLOT_WIDTH.max),
      Height: requestInt('Höhe', SLOT_HEIGHT.min, SLOT_HEIGHT.max),
      Items: z._default(
        z
          .array(SlotItemBodySchema, { error: 'Items muss eine Liste sein.' })
          .check(z.maxLength(SLOT_ITEMS_MAX, `Höchstens ${SLOT_ITEMS_MAX} Einträge.`)),
        [],
      ),
    },
    { error: 'Erwartet wird eine Platzierung als JSON-Objekt.' },
  )
  .check(
    z.superRefine((s, ctx) => {
      // Only once every field parsed (see CampaignBodySchema).
      if (ctx.issues.length > 0) return;
      const seen = new Set<string>();
      s.Items.forEach((item, index) => {
        const key = `${item.CampaignId}/${item.AdvertId}`;
        if (seen.has(key)) {
          refuse(
            ctx,
            ['Items', index],
            'Diese Kombination aus Kampagne und Anzeige steht schon in der Liste.',
            item,
          );
        }
        seen.add(key);
      });
    }),
  );
export type SlotBody = z.infer<typeof SlotBodySchema>;
export type SlotBodyInput = z.input<typeof SlotBodySchema>;

export const SlotIdParamsSchema = z.object({ slotId: requestIdParam('slotId') });

export const SlotDetailItemSchema = z.object({
  Id: z.number(),
  CampaignId: z.number(),
  AdvertId: z.number(),
});

export const SlotSchema = z.object({
  ...IamSlotSummarySchema.shape,
  UpdatedAt: z.string(),
  /** In the order the house fallback reads them (the first house item wins). */
  Items: z.array(SlotDetailItemSchema),
});
export type Slot = z.infer<typeof SlotSchema>;
export const SlotListSchema = z.array(SlotSchema);

export const DeletedSchema = z.object({
  Deleted: z.literal(true),
  /** Slot entries removed with it (an advert or campaign in use). */
  RemovedSlotItems: z.number(),
});
export type Deleted = z.infer<typeof DeletedSchema>;
