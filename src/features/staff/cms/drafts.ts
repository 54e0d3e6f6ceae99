/**
 * Unsaved editor input in sessionStorage, one slot per entry (or per kind for a new one): a
 * reload, a crash of the tab or a trip to the preview loses nothing. The slot remembers which
 * saved version it was typed on, so the editor can tell a leftover from an older version.
 */
import type { CmsEntry, CmsKind } from '../../../api/contract/cms';

/** The editor's fields as typed (tags as the text of their field). */
export interface CmsForm {
  Title: string;
  Slug: string;
  Teaser: string;
  BodyMarkdown: string;
  ImagePath: string | null;
  ImageAlt: string;
  TagsText: string;
  Author: string;
  Featured: boolean;
  CountryId: number | null;
}

export interface StoredDraft {
  form: CmsForm;
  /** The saved version the input started from (0 and '' for a new entry). */
  baseVersion: number;
  baseUpdatedAt: string;
  /** ISO 8601, when it was last typed. */
  storedAt: string;
}

/** Router state from the preview's "back to the editor": take the stored input back at once. */
export interface EditorLocationState {
  resumeDraft?: boolean;
}

const PREFIX = 'oelkompass.cms-draft:';

export function draftKey(kind: CmsKind, id: number | undefined): string {
  return `${PREFIX}${id === undefined ? `new-${kind}` : String(id)}`;
}

export function emptyForm(): CmsForm {
  return {
    Title: '',
    Slug: '',
    Teaser: '',
    BodyMarkdown: '',
    ImagePath: null,
    ImageAlt: '',
    TagsText: '',
    Author: '',
    Featured: false,
    CountryId: null,
  };
}

export function formOf(entry: CmsEntry | undefined): CmsForm {
  if (!entry) return emptyForm();
  return {
    Title: entry.Title,
    Slug: entry.Slug,
    Teaser: entry.Teaser,
    BodyMarkdown: entry.BodyMarkdown,
    ImagePath: entry.ImagePath,
    ImageAlt: entry.ImageAlt,
    TagsText: entry.Tags.join(', '),
    Author: entry.Author,
    Featured: entry.Featured,
    CountryId: entry.CountryId,
  };
}

export function tagsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

/** Whether two forms say the same (tags compared as the list they become). */
export function sameForm(a: CmsForm, b: CmsForm): boolean {
  return (
    a.Title === b.Title &&
    a.Slug === b.Slug &&
    a.Teaser === b.Teaser &&
    a.BodyMarkdown === b.BodyMarkdown &&
    a.ImagePath === b.ImagePath &&
    a.ImageAlt === b.ImageAlt &&
    tagsOf(a.TagsText).join('\n') === tagsOf(b.TagsText).join('\n') &&
    a.Author === b.Author &&
    a.Featured === b.Featured &&
    a.CountryId === b.CountryId
  );
}

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

function isDraft(value: unknown): value is StoredDraft {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Partial<StoredDraft>;
  return (
    typeof d.form === 'object' &&
    d.form !== null &&
    typeof d.form.BodyMarkdown === 'string' &&
    typeof d.form.Title === 'string' &&
    typeof d.baseVersion === 'number' &&
    typeof d.storedAt === 'string'
  );
}

export function readDraft(key: string): StoredDraft | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isDraft(value) ? { ...value, form: { ...emptyForm(), ...value.form } } : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: StoredDraft): void {
  try {
    storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // Full or blocked storage: the beforeunload warning still guards the input.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing to clear
  }
}
