/**
 * The staff CMS over the content store (docs/decisions/015): entries of
 * `content_entry`, their versions in `content_version` and the audit log.
 *
 * - A version is a snapshot of the editable fields after a save (or a create or restore). An
 *   entry that was never saved in the CMS (a shipped article) has none; its first save stores
 *   the shipped text as version 1 first, so it can always be restored.
 * - A save carries the Version and UpdatedAt the editor started from. The row is updated only
 *   where updated_at still is that value (in the same transaction as the new version), so of two
 *   editors saving at once one wins and the other gets a conflict; nothing is overwritten.
 * - Publishing sets publishedAt the first time an entry made in the CMS goes out; a shipped or
 *   once-published entry keeps its date when it is published again.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, contentEntries, contentVersions } from '../../db/schema';
import {
  cmsSlugProblem,
  isBuiltInPage,
  pageSlugProblem,
  articleSlugProblem,
  type CmsEntry,
  type CmsEntryCreate,
  type CmsEntryListItem,
  type CmsEntrySave,
  type CmsKind,
  type CmsVersion,
  type CmsVersionItem,
} from '../../../src/api/contract/cms';
import { recordAudit, type AuditActor } from '../audit';

type Entry = typeof contentEntries.$inferSelect;

export const AUDIT_OBJECT = 'content';

/** The editable fields, as stored in a version. */
export interface Snapshot {
  Title: string;
  Slug: string;
  Teaser: string;
  BodyMarkdown: string;
  ImagePath: string | null;
  ImageAlt: string;
  Tags: string[];
  Author: string;
  Featured: boolean;
  CountryId: number | null;
  /** Who saved it, as they were then ('' for the shipped text stored before the first save). */
  ActorEmail: string;
}

type Fields = Omit<Snapshot, 'ActorEmail'>;

/** Each editable field and its column of content_entry, in the fields' order. */
const COLUMN_OF = {
  Title: 'title',
  Slug: 'slug',
  Teaser: 'teaser',
  BodyMarkdown: 'bodyMarkdown',
  ImagePath: 'imagePath',
  ImageAlt: 'imageAlt',
  Tags: 'tags',
  Author: 'author',
  Featured: 'featured',
  CountryId: 'countryId',
} as const satisfies { [K in keyof Fields]: keyof Entry };

type Columns = { [K in keyof Fields as (typeof COLUMN_OF)[K]]: Fields[K] };

const FIELD_KEYS = Object.keys(COLUMN_OF) as (keyof Fields)[];

/** A refusal with its HTTP status and German message. */
export class CmsError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

const NOT_FOUND = 'Diesen Eintrag gibt es nicht (mehr).';

function fieldsOf(entry: Entry): Fields {
  return Object.fromEntries(FIELD_KEYS.map((key) => [key, entry[COLUMN_OF[key]]])) as Fields;
}

function columnsOf(fields: Fields): Columns {
  return Object.fromEntries(FIELD_KEYS.map((key) => [COLUMN_OF[key], fields[key]])) as Columns;
}

/** The fields alone (a request body carries more), the tags copied. */
function pickFields(input: Fields): Fields {
  const fields = Object.fromEntries(FIELD_KEYS.map((key) => [key, input[key]])) as Fields;
  return { ...fields, Tags: [...input.Tags] };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A long body in the audit log: its start and length (the versions keep the whole text). */
export function bodySummary(markdown: string): string {
  if (markdown.length <= 400) return markdown;
  return `${markdown.slice(0, 160).trimEnd()} … (${markdown.length.toLocaleString('de-DE')} Zeichen)`;
}

/** The fields that differ, before and after; the body summarised. */
function changes(before: Fields, after: Fields): { before: object; after: object } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of FIELD_KEYS) {
    if (same(before[key], after[key])) continue;
    b[key] = key === 'BodyMarkdown' ? bodySummary(before[key]) : before[key];
    a[key] = key === 'BodyMarkdown' ? bodySummary(after[key]) : after[key];
  }
  return { before: b, after: a };
}

/** What the audit log keeps of a whole entry (create): everything, the body summarised. */
function auditView(kind: CmsKind, fields: Fields, status: string): object {
  return { Kind: kind, ...fields, BodyMarkdown: bodySummary(fields.BodyMarkdown), Status: status };
}

async function versionStats(db: Db, entryId?: number) {
  const rows = await db
    .select({
      entryId: contentVersions.entryId,
      count: sql<number>`count(*)::int`,
      max: sql<number>`max(${contentVersions.version})::int`,
    })
    .from(contentVersions)
    .where(entryId === undefined ? undefined : eq(contentVersions.entryId, entryId))
    .groupBy(contentVersions.entryId);
  return new Map(rows.map((r) => [r.entryId, { count: r.count, max: r.max }]));
}

async function currentVersion(db: Db, entryId: number): Promise<number> {
  return (await versionStats(db, entryId)).get(entryId)?.max ?? 0;
}

function entryOf(entry: Entry, version: number): CmsEntry {
  return {
    Id: entry.id,
    Kind: entry.kind,
    ...fieldsOf(entry),
    Status: entry.status,
    PublishedAt: entry.publishedAt.toISOString(),
    UpdatedAt: entry.updatedAt.toISOString(),
    Version: version,
    BuiltIn: isBuiltInPage(entry.kind, entry.slug),
  };
}

async function findEntry(db: Db, id: number): Promise<Entry> {
  const [row] = await db.select().from(contentEntries).where(eq(contentEntries.id, id)).limit(1);
  if (!row) throw new CmsError(404, NOT_FOUND);
  return row;
}

async function slugTaken(db: Db, kind: CmsKind, slug: string, exceptId?: number) {
  const [row] = await db
    .select({ id: contentEntries.id })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, kind), eq(contentEntries.slug, slug)))
    .limit(1);
  return Boolean(row && row.id !== exceptId);
}

const SLUG_TAKEN = (kind: CmsKind, slug: string) =>
  kind === 'page'
    ? `Die Adresse „/${slug}“ hat schon eine andere Seite. Bitte wählen Sie eine andere.`
    : `Die Adresse „${slug}“ hat schon ein anderer Artikel. Bitte wählen Sie eine andere.`;

/** Checks a slug for an entry (new, or changed from `current`); throws 400/409. */
async function checkSlug(db: Db, kind: CmsKind, slug: string, current?: Entry): Promise<void> {
  if (current && isBuiltInPage(kind, current.slug)) {
    if (slug !== current.slug) {
      throw new CmsError(
        400,
        `Die Adresse dieser Seite ist fest („/${current.slug}“) und kann nicht geändert werden.`,
      );
    }
    return;
  }
  if (current && slug === current.slug) return;
  const problem = kind === 'page' ? pageSlugProblem(slug) : articleSlugProblem(slug);
  if (problem) throw new CmsError(400, problem);
  if (await slugTaken(db, kind, slug, current?.id)) throw new CmsError(409, SLUG_TAKEN(kind, slug));
}

/** A unique index hit in the same moment as our own check (two creates at once). */
function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------

export async function listEntries(db: Db, kind?: CmsKind): Promise<CmsEntryListItem[]> {
  const [rows, stats] = await Promise.all([
    db
      .select()
      .from(contentEntries)
      .where(kind ? eq(contentEntries.kind, kind) : undefined)
      .orderBy(desc(contentEntries.updatedAt), desc(contentEntries.id)),
    versionStats(db),
  ]);
  return rows.map((r) => ({
    Id: r.id,
    Kind: r.kind,
    Slug: r.slug,
    Title: r.title,
    Status: r.status,
    CountryId: r.countryId,
    UpdatedAt: r.updatedAt.toISOString(),
    PublishedAt: r.publishedAt.toISOString(),
    Versions: stats.get(r.id)?.count ?? 0,
    BuiltIn: isBuiltInPage(r.kind, r.slug),
  }));
}

export async function getEntry(db: Db, id: number): Promise<CmsEntry> {
  const entry = await findEntry(db, id);
  return entryOf(entry, await currentVersion(db, id));
}

function snapshotOf(fields: Fields, actorEmail: string): Snapshot {
  return { ...pickFields(fields), ActorEmail: actorEmail };
}

export async function createEntry(
  db: Db,
  actor: AuditActor,
  input: CmsEntryCreate,
): Promise<CmsEntry> {
  const fields = pickFields(input);
  await checkSlug(db, input.Kind, fields.Slug);
  const now = new Date();
  try {
    const entry = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contentEntries)
        .values({
          kind: input.Kind,
          ...columnsOf(fields),
          status: 'draft',
          publishedAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await tx.insert(contentVersions).values({
        entryId: row.id,
        version: 1,
        snapshot: snapshotOf(fields, actor.email),
        actorId: actor.id,
        createdAt: now,
      });
      await recordAudit(tx, actor, {
        objectType: AUDIT_OBJECT,
        objectId: row.id,
        action: 'create',
        after: { ...auditView(input.Kind, fields, 'draft'), Version: 1 },
      });
      return row;
    });
    return entryOf(entry, 1);
  } catch (error) {
    if (isUniqueViolation(error)) throw new CmsError(409, SLUG_TAKEN(input.Kind, fields.Slug));
    throw error;
  }
}

function conflictMessage(latest: { version: number; email: string; at: Date } | null): string {
  const who = latest?.email ? ` von ${latest.email}` : '';
  const when = latest
    ? ` am ${latest.at.toLocaleString('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'short' })}`
    : '';
  const version = latest ? ` (Version ${latest.version}${who}${when})` : '';
  return `Jemand anderes hat diesen Eintrag inzwischen gespeichert${version}. Ihre Änderungen wurden nicht gespeichert und bleiben im Formular; bitte übernehmen Sie sie in die neue Fassung.`;
}

async function latestVersion(db: Db, entryId: number) {
  const [row] = await db
    .select()
    .from(contentVersions)
    .where(eq(contentVersions.entryId, entryId))
    .orderBy(desc(contentVersions.version))
    .limit(1);
  if (!row) return null;
  return {
    version: row.version,
    email: (row.snapshot as Partial<Snapshot>).ActorEmail ?? '',
    at: row.createdAt,
  };
}

/** Whether the editor's UpdatedAt is the row's (to the millisecond, as JSON carries it). */
function sameInstant(a: Date, iso: string): boolean {
  const b = new Date(iso);
  return !Number.isNaN(b.getTime()) && a.getTime() === b.getTime();
}

/**
 * Writes new fields as the next version (save and restore). `expected`: the version and
 * updatedAt the editor started from (a save); a restore passes none.
 */
async function writeVersion(
  db: Db,
  actor: AuditActor,
  entry: Entry,
  fields: Fields,
  action: 'update' | 'restore',
  expected?: { version: number; updatedAt: string },
  restoredFrom?: number,
): Promise<CmsEntry> {
  const stored = await currentVersion(db, entry.id);
  if (
    expected &&
    (expected.version !== stored || !sameInstant(entry.updatedAt, expected.updatedAt))
  ) {
    throw new CmsError(409, conflictMessage(await latestVersion(db, entry.id)));
  }
  await checkSlug(db, entry.kind, fields.Slug, entry);
  const before = fieldsOf(entry);
  if (action === 'update' && same(before, fields)) return entryOf(entry, stored);
  const now = new Date();
  try {
    const { row, version } = await db.transaction(async (tx) => {
      let version = stored;
      if (version === 0) {
        // Never saved in the CMS: keep the shipped text as version 1 first.
        version = 1;
        await tx.insert(contentVersions).values({
          entryId: entry.id,
          version,
          snapshot: snapshotOf(before, ''),
          actorId: null,
          createdAt: entry.updatedAt,
        });
      }
      version += 1;
      const [row] = await tx
        .update(contentEntries)
        .set({ ...columnsOf(fields), updatedAt: now })
        .where(
          and(
            eq(contentEntries.id, entry.id),
            sql`date_trunc('milliseconds', ${contentEntries.updatedAt}) = ${entry.updatedAt.toISOString()}::timestamptz`,
          ),
        )
        .returning();
      if (!row) throw new CmsError(409, conflictMessage(null));
      await tx.insert(contentVersions).values({
        entryId: entry.id,
        version,
        snapshot: snapshotOf(fields, actor.email),
        actorId: actor.id,
        createdAt: now,
      });
      const diff = changes(before, fields);
      await recordAudit(tx, actor, {
        objectType: AUDIT_OBJECT,
        objectId: entry.id,
        action,
        before: { ...diff.before, Version: stored },
        after: {
          ...diff.after,
          Version: version,
          ...(restoredFrom === undefined ? {} : { RestoredFrom: restoredFrom }),
        },
      });
      return { row, version };
    });
    return entryOf(row, version);
  } catch (error) {
    if (error instanceof CmsError) {
      throw error.status === 409 && error.message === conflictMessage(null)
        ? new CmsError(409, conflictMessage(await latestVersion(db, entry.id)))
        : error;
    }
    if (isUniqueViolation(error)) {
      // Another save took the same version number, or the slug, in the same moment.
      throw new CmsError(409, conflictMessage(await latestVersion(db, entry.id)));
    }
    throw error;
  }
}

export async function saveEntry(
  db: Db,
  actor: AuditActor,
  id: number,
  input: CmsEntrySave,
): Promise<CmsEntry> {
  const entry = await findEntry(db, id);
  return writeVersion(db, actor, entry, pickFields(input), 'update', {
    version: input.Version,
    updatedAt: input.UpdatedAt,
  });
}

/** Whether the entry has been published through the CMS before (the audit log remembers). */
async function wasPublished(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.objectType, AUDIT_OBJECT), eq(auditLog.objectId, String(id))));
  const actions = new Set(rows.map((r) => r.action));
  // Made outside the CMS (shipped): it was published when it was written.
  return actions.has('publish') || !actions.has('create');
}

/** Publishes or withdraws the entry and writes the change to the audit log, both or neither. */
function changeStatus(
  db: Db,
  actor: AuditActor,
  id: number,
  set: Partial<typeof contentEntries.$inferInsert>,
  change: { action: 'publish' | 'unpublish'; before: unknown; after: unknown },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contentEntries)
      .set(set)
      .where(eq(contentEntries.id, id))
      .returning();
    if (!row) throw new CmsError(404, NOT_FOUND);
    await recordAudit(tx, actor, { objectType: AUDIT_OBJECT, objectId: id, ...change });
    return row;
  });
}

export async function publishEntry(db: Db, actor: AuditActor, id: number): Promise<CmsEntry> {
  const entry = await findEntry(db, id);
  const version = await currentVersion(db, id);
  if (entry.status === 'published') return entryOf(entry, version);
  const problem = cmsSlugProblem(entry.kind, entry.slug);
  if (problem) throw new CmsError(409, `Veröffentlichen nicht möglich: ${problem}`);
  const publishedAt = (await wasPublished(db, id)) ? entry.publishedAt : new Date();
  const row = await changeStatus(
    db,
    actor,
    id,
    { status: 'published', publishedAt },
    {
      action: 'publish',
      before: { Status: entry.status, PublishedAt: entry.publishedAt },
      after: { Status: 'published', PublishedAt: publishedAt, Version: version },
    },
  );
  return entryOf(row, version);
}

export async function unpublishEntry(db: Db, actor: AuditActor, id: number): Promise<CmsEntry> {
  const entry = await findEntry(db, id);
  const version = await currentVersion(db, id);
  if (isBuiltInPage(entry.kind, entry.slug)) {
    throw new CmsError(
      409,
      `„/${entry.slug}“ gehört fest zur Website und kann nicht zurückgezogen werden.`,
    );
  }
  if (entry.status === 'draft') return entryOf(entry, version);
  const row = await changeStatus(
    db,
    actor,
    id,
    { status: 'draft' },
    {
      action: 'unpublish',
      before: { Status: 'published' },
      after: { Status: 'draft' },
    },
  );
  return entryOf(row, version);
}

export async function deleteEntry(db: Db, actor: AuditActor, id: number): Promise<void> {
  const entry = await findEntry(db, id);
  if (isBuiltInPage(entry.kind, entry.slug)) {
    throw new CmsError(
      409,
      `„/${entry.slug}“ gehört fest zur Website und kann nicht gelöscht werden.`,
    );
  }
  const version = await currentVersion(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(contentEntries).where(eq(contentEntries.id, id));
    // The versions go with the row; the log keeps the whole last text.
    await recordAudit(tx, actor, {
      objectType: AUDIT_OBJECT,
      objectId: id,
      action: 'delete',
      before: {
        Kind: entry.kind,
        ...fieldsOf(entry),
        Status: entry.status,
        PublishedAt: entry.publishedAt,
        Version: version,
      },
    });
  });
}

export async function listVersions(db: Db, id: number): Promise<CmsVersionItem[]> {
  await findEntry(db, id);
  const rows = await db
    .select()
    .from(contentVersions)
    .where(eq(contentVersions.entryId, id))
    .orderBy(desc(contentVersions.version));
  return rows.map((r) => {
    const s = r.snapshot as Partial<Snapshot>;
    return {
      Version: r.version,
      CreatedAt: r.createdAt.toISOString(),
      ActorEmail: s.ActorEmail ?? '',
      Title: s.Title ?? '',
    };
  });
}

async function findVersion(db: Db, id: number, version: number) {
  const [row] = await db
    .select()
    .from(contentVersions)
    .where(and(eq(contentVersions.entryId, id), eq(contentVersions.version, version)))
    .limit(1);
  if (!row) throw new CmsError(404, 'Diese Version gibt es nicht.');
  return row;
}

/** A stored snapshot with every field (older snapshots missing a field get its default). */
function snapshotFields(snapshot: unknown, entry: Entry): Fields {
  const s = (snapshot ?? {}) as Partial<Snapshot>;
  const d = fieldsOf(entry);
  return {
    Title: s.Title ?? d.Title,
    Slug: s.Slug ?? d.Slug,
    Teaser: s.Teaser ?? d.Teaser,
    BodyMarkdown: s.BodyMarkdown ?? d.BodyMarkdown,
    ImagePath: s.ImagePath === undefined ? d.ImagePath : s.ImagePath,
    ImageAlt: s.ImageAlt ?? d.ImageAlt,
    Tags: Array.isArray(s.Tags) ? s.Tags : d.Tags,
    Author: s.Author ?? d.Author,
    Featured: s.Featured ?? d.Featured,
    CountryId: s.CountryId === undefined ? d.CountryId : s.CountryId,
  };
}

export async function getVersion(db: Db, id: number, version: number): Promise<CmsVersion> {
  const entry = await findEntry(db, id);
  const row = await findVersion(db, id, version);
  return {
    Version: row.version,
    CreatedAt: row.createdAt.toISOString(),
    ActorEmail: (row.snapshot as Partial<Snapshot>).ActorEmail ?? '',
    ...snapshotFields(row.snapshot, entry),
  };
}

/** The old version's content as a new version; the status stays as it is. */
export async function restoreVersion(
  db: Db,
  actor: AuditActor,
  id: number,
  version: number,
): Promise<CmsEntry> {
  const entry = await findEntry(db, id);
  const row = await findVersion(db, id, version);
  const fields = snapshotFields(row.snapshot, entry);
  // A built-in page keeps its address whatever an old version says.
  if (isBuiltInPage(entry.kind, entry.slug)) fields.Slug = entry.slug;
  return writeVersion(db, actor, entry, fields, 'restore', undefined, version);
}
