/**
 * The editor of one CMS page or news article: its fields, the Markdown editor with a
 * live preview, save / publish / withdraw / preview / delete, its versions with restore and its
 * audit history.
 *
 * No lost input: what is typed is kept in sessionStorage per entry (drafts.ts) and offered back
 * after a reload; while there are unsaved changes, leaving the page asks first. A save that
 * someone else's save overtook (409) says so and keeps the form as typed.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import {
  cmsEntryPath,
  cmsSlugProblem,
  slugify,
  type CmsEntry,
  type CmsKind,
} from '../../../api/contract/cms';
import { staffPath, staffPaths } from '../../../lib/staff-routes';
import { Button, ButtonLink } from '../../../ui/button/button';
import {
  AuditHistory,
  Badge,
  CheckField,
  errorMessage,
  Field,
  FormActions,
  FormMessage,
  formatDateTime,
  formGridClass,
  StaffPage,
  StaffSection,
  useStaffData,
} from '../kit';
import {
  createEntry,
  deleteEntry,
  fetchEntry,
  fetchVersions,
  historyUrl,
  publishEntry,
  restoreVersion,
  saveEntry,
  unpublishEntry,
} from './api';
import {
  clearDraft,
  draftKey,
  formOf,
  readDraft,
  sameForm,
  tagsOf,
  writeDraft,
  type CmsForm,
  type EditorLocationState,
  type StoredDraft,
} from './drafts';
import { ImagePanel, MarkdownEditor } from './markdown-editor';
import { editorPath } from './list-page';
import { texts } from './texts';
import styles from './cms.module.css';

export function EntryEditorScreen({ kind, id }: { kind: CmsKind; id: number | undefined }) {
  // An entry created in this editor keeps its editor when the address gets its id: no reload,
  // no lost message, and a "publish" that created it first finishes in the same form.
  const [createdHere, setCreatedHere] = useState<ReadonlySet<number>>(() => new Set());
  const entry = useStaffData(
    (signal) => (id === undefined ? Promise.resolve(undefined) : fetchEntry(id, signal)),
    `cms-entry-${id ?? `new-${kind}`}`,
    texts.entryFailed,
  );
  const title =
    id === undefined
      ? kind === 'page'
        ? texts.newPageTitle
        : texts.newArticleTitle
      : kind === 'page'
        ? texts.editPageTitle
        : texts.editArticleTitle;
  const back = { to: staffPaths.supportCmsList, label: texts.backToList };
  const onCreated = (created: number) => setCreatedHere((s) => new Set([...s, created]));

  if (id !== undefined && createdHere.has(id)) {
    return (
      <EntryEditor
        key={`new-${kind}`}
        kind={kind}
        initial={undefined}
        title={title}
        onCreated={onCreated}
      />
    );
  }
  if (entry.status === 'error') {
    return (
      <StaffPage title={title} back={back}>
        <div role="alert" className={styles.alert}>
          <p>{entry.notFound ? texts.entryMissing : entry.error}</p>
          {!entry.notFound && (
            <Button variant="secondary" onClick={entry.reload}>
              {texts.retry}
            </Button>
          )}
        </div>
      </StaffPage>
    );
  }
  if (entry.status === 'loading' || (id !== undefined && !entry.data)) {
    return (
      <StaffPage title={title} back={back}>
        <p className={styles.muted} aria-busy="true">
          {texts.loading}
        </p>
      </StaffPage>
    );
  }
  const loaded = entry.data;
  if (loaded && loaded.Kind !== kind) {
    return (
      <StaffPage title={title} back={back}>
        <div role="alert" className={styles.alert}>
          <p>{kind === 'page' ? texts.wrongKindPage : texts.wrongKindArticle}</p>
          <ButtonLink to={editorPath(loaded)} variant="secondary">
            {texts.openRightEditor}
          </ButtonLink>
        </div>
      </StaffPage>
    );
  }
  return (
    <EntryEditor
      key={id ?? `new-${kind}`}
      kind={kind}
      initial={loaded}
      title={title}
      onCreated={onCreated}
    />
  );
}

type Message = { kind: 'error' | 'success'; text: string } | null;

function EntryEditor({
  kind,
  initial,
  title,
  onCreated,
}: {
  kind: CmsKind;
  initial: CmsEntry | undefined;
  title: string;
  onCreated: (id: number) => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [base, setBase] = useState<CmsEntry | undefined>(initial);
  const [form, setForm] = useState<CmsForm>(() => formOf(initial));
  const [busy, setBusy] = useState<null | 'save' | 'publish' | 'unpublish' | 'delete' | 'restore'>(
    null,
  );
  const [message, setMessage] = useState<Message>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof CmsForm, string>>>({});
  const [imagePanel, setImagePanel] = useState(false);
  /** Bumped after every change on the server, so the history and versions reload. */
  const [revision, setRevision] = useState(0);
  const id = base?.Id;
  const key = draftKey(kind, id);

  // A stored draft from before a reload (or from the preview).
  const [offer, setOffer] = useState<StoredDraft | null>(() => {
    const stored = readDraft(key);
    if (!stored || sameForm(stored.form, formOf(initial))) return null;
    return stored;
  });
  /**
   * The saved version the form was typed on, when that is not `base` (a draft from before
   * someone else's save): a save then sends this one, and the server answers 409 instead of
   * overwriting the other save.
   */
  const [editedOn, setEditedOn] = useState<{ Version: number; UpdatedAt: string } | null>(null);
  const takeDraft = (draft: StoredDraft) => {
    setForm(draft.form);
    setOffer(null);
    if (
      base &&
      draft.baseUpdatedAt &&
      (draft.baseVersion !== base.Version || draft.baseUpdatedAt !== base.UpdatedAt)
    ) {
      setEditedOn({ Version: draft.baseVersion, UpdatedAt: draft.baseUpdatedAt });
    }
  };
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    const state = location.state as EditorLocationState | null;
    if (!state?.resumeDraft) return;
    // Only once: a reload of this page offers the input instead of taking it silently.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    if (offer) takeDraft(offer);
  });

  const saved = formOf(base);
  const dirty = !sameForm(form, saved);

  // Keep what is typed, at once (a reload right after typing must find it); forget it once it is
  // saved. Not while a draft is on offer: the untouched form would overwrite the offer.
  useEffect(() => {
    if (offer) return;
    if (dirty) {
      writeDraft(key, {
        form,
        baseVersion: editedOn?.Version ?? base?.Version ?? 0,
        baseUpdatedAt: editedOn?.UpdatedAt ?? base?.UpdatedAt ?? '',
        storedAt: new Date().toISOString(),
      });
    } else {
      clearDraft(key);
    }
  }, [form, dirty, key, base, offer, editedOn]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [dirty]);

  const set = <K extends keyof CmsForm>(field: K, value: CmsForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((e) => ({ ...e, [field]: undefined }));
  };

  const builtIn = base?.BuiltIn ?? false;
  const isFaq = kind === 'page' && base?.Slug === 'info-center';
  const address = cmsEntryPath(kind, form.Slug || '…');

  function validate(): boolean {
    const errors: Partial<Record<keyof CmsForm, string>> = {};
    if (!form.Title.trim()) errors.Title = texts.titleMissing;
    const slugProblem = builtIn ? null : cmsSlugProblem(kind, form.Slug);
    if (slugProblem) errors.Slug = slugProblem;
    if (form.ImagePath && !form.ImageAlt.trim()) errors.ImageAlt = texts.imageAltMissing;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      setMessage({ kind: 'error', text: texts.fixErrors });
      return false;
    }
    return true;
  }

  const fields = () => ({
    Title: form.Title.trim(),
    Slug: form.Slug,
    Teaser: form.Teaser,
    BodyMarkdown: form.BodyMarkdown,
    ImagePath: form.ImagePath,
    ImageAlt: form.ImageAlt,
    Tags: tagsOf(form.TagsText),
    Author: form.Author,
    Featured: form.Featured,
    CountryId: form.CountryId,
  });

  /** Saves (or creates) the form; the saved entry, or null when it failed (message shown). */
  async function persist(): Promise<CmsEntry | null> {
    if (!validate()) return null;
    setConflict(null);
    try {
      const result = base
        ? await saveEntry(base.Id, {
            ...fields(),
            Version: (editedOn ?? base).Version,
            UpdatedAt: (editedOn ?? base).UpdatedAt,
          })
        : await createEntry({ Kind: kind, ...fields() });
      if (!base) clearDraft(draftKey(kind, undefined));
      clearDraft(draftKey(kind, result.Id));
      setBase(result);
      setEditedOn(null);
      setForm(formOf(result));
      setRevision((r) => r + 1);
      if (!base) {
        onCreated(result.Id);
        void navigate(editorPath(result), { replace: true });
      }
      return result;
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && base && /inzwischen/.test(e.message)) {
        setConflict(e.message);
        setMessage(null);
      } else {
        const issue = e instanceof ApiError ? e.issues[0]?.message : undefined;
        setMessage({ kind: 'error', text: issue ?? errorMessage(e, texts.actionFailed) });
        if (e instanceof ApiError && /Adresse/.test(e.message)) {
          setFieldErrors((f) => ({ ...f, Slug: e.message }));
        }
      }
      return null;
    }
  }

  async function onSave(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setBusy('save');
    setMessage(null);
    const wasDirty = dirty || !base;
    const result = await persist();
    setBusy(null);
    if (result) setMessage({ kind: 'success', text: wasDirty ? texts.saved : texts.noChanges });
  }

  async function onPublish() {
    if (busy) return;
    setBusy('publish');
    setMessage(null);
    let current = base;
    const hadChanges = dirty || !base;
    if (hadChanges) current = (await persist()) ?? undefined;
    if (!current) {
      setBusy(null);
      return;
    }
    try {
      const result = await publishEntry(current.Id);
      setBase(result);
      setRevision((r) => r + 1);
      setMessage({
        kind: 'success',
        text: hadChanges ? texts.savedAndPublished : texts.published,
      });
    } catch (e) {
      setMessage({ kind: 'error', text: errorMessage(e, texts.actionFailed) });
    } finally {
      setBusy(null);
    }
  }

  async function onUnpublish() {
    if (busy || !base || !confirm(texts.confirmUnpublish)) return;
    setBusy('unpublish');
    setMessage(null);
    try {
      const result = await unpublishEntry(base.Id);
      setBase(result);
      setRevision((r) => r + 1);
      setMessage({ kind: 'success', text: texts.unpublished });
    } catch (e) {
      setMessage({ kind: 'error', text: errorMessage(e, texts.actionFailed) });
    } finally {
      setBusy(null);
    }
  }

  async function onDelete() {
    if (busy || !base || !confirm(texts.confirmDelete(base.Title))) return;
    setBusy('delete');
    setMessage(null);
    try {
      await deleteEntry(base.Id);
      clearDraft(key);
      void navigate(staffPaths.supportCmsList);
    } catch (e) {
      setMessage({ kind: 'error', text: errorMessage(e, texts.actionFailed) });
      setBusy(null);
    }
  }

  async function onRestore(version: number) {
    if (busy || !base) return;
    if (dirty) {
      setMessage({ kind: 'error', text: texts.restoreDirty });
      return;
    }
    if (!confirm(texts.restoreConfirm(version))) return;
    setBusy('restore');
    setMessage(null);
    try {
      const result = await restoreVersion(base.Id, version);
      setBase(result);
      setEditedOn(null);
      setForm(formOf(result));
      setRevision((r) => r + 1);
      setMessage({ kind: 'success', text: texts.restored(version) });
    } catch (e) {
      setMessage({ kind: 'error', text: errorMessage(e, texts.actionFailed) });
    } finally {
      setBusy(null);
    }
  }

  async function reloadAfterConflict() {
    if (!base) return;
    try {
      const fresh = await fetchEntry(base.Id);
      setBase(fresh);
      setEditedOn(null);
      setForm(formOf(fresh));
      setConflict(null);
      clearDraft(key);
      setRevision((r) => r + 1);
    } catch (e) {
      setMessage({ kind: 'error', text: errorMessage(e, texts.actionFailed) });
    }
  }

  const status = base ? texts.status[base.Status] : texts.status.draft;

  return (
    <StaffPage
      title={title}
      back={{ to: staffPaths.supportCmsList, label: texts.backToList }}
      intro={
        <p className={styles.statusLine}>
          <Badge tone={base?.Status === 'published' ? 'success' : 'warning'}>{status}</Badge>
          {base && base.Version > 0 && ` ${texts.versionLabel(base.Version)}`}
          {dirty && (
            <>
              {' '}
              <Badge tone="danger">{texts.unsaved}</Badge>
            </>
          )}
        </p>
      }
    >
      {offer && (
        <div className={styles.offer} role="region" aria-label={texts.unsaved}>
          <p>
            {texts.draftFound(formatDateTime(offer.storedAt))}
            {base && offer.baseUpdatedAt && offer.baseVersion !== base.Version
              ? ` ${texts.draftOutdated(offer.baseVersion, base.Version)}`
              : ''}
          </p>
          <div className={styles.offerActions}>
            <Button
              variant="primary"
              onClick={() => {
                takeDraft(offer);
                setMessage({ kind: 'success', text: texts.draftRestored });
              }}
            >
              {texts.draftRestore}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                clearDraft(key);
                setOffer(null);
              }}
            >
              {texts.draftDiscard}
            </Button>
          </div>
        </div>
      )}

      <form className={styles.editorForm} onSubmit={(e) => void onSave(e)} noValidate>
        <StaffSection title={texts.fieldsTitle}>
          <div className={formGridClass}>
            <Field label={texts.fieldTitle} error={fieldErrors.Title}>
              {(a11y) => (
                <input
                  {...a11y}
                  type="text"
                  value={form.Title}
                  required
                  maxLength={200}
                  onChange={(e) => set('Title', e.target.value)}
                />
              )}
            </Field>
            <Field
              label={texts.fieldSlug}
              hint={builtIn ? texts.slugFixed : texts.slugHint(address)}
              error={fieldErrors.Slug}
            >
              {(a11y) => (
                <div className={styles.slugRow}>
                  <input
                    {...a11y}
                    type="text"
                    value={form.Slug}
                    readOnly={builtIn}
                    required
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={120}
                    onChange={(e) => set('Slug', e.target.value.toLowerCase())}
                  />
                  {!builtIn && (
                    <Button
                      variant="ghost"
                      disabled={!form.Title.trim()}
                      onClick={() => set('Slug', slugify(form.Title))}
                    >
                      {texts.suggestSlug}
                    </Button>
                  )}
                </div>
              )}
            </Field>
            <Field
              label={kind === 'page' ? texts.fieldTeaserPage : texts.fieldTeaserArticle}
              hint={texts.teaserHint}
              wide
            >
              {(a11y) => (
                <textarea
                  {...a11y}
                  className={`${a11y.className} ${styles.teaser}`}
                  value={form.Teaser}
                  maxLength={600}
                  rows={2}
                  onChange={(e) => set('Teaser', e.target.value)}
                />
              )}
            </Field>
            <Field label={texts.fieldCountry}>
              {(a11y) => (
                <select
                  {...a11y}
                  value={form.CountryId ?? ''}
                  onChange={(e) => set('CountryId', e.target.value ? Number(e.target.value) : null)}
                >
                  <option value="">{texts.countryAll}</option>
                  {[1, 2, 3].map((c) => (
                    <option key={c} value={c}>
                      {texts.country[c]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {kind === 'article' && (
              <>
                <Field label={texts.fieldAuthor}>
                  {(a11y) => (
                    <input
                      {...a11y}
                      type="text"
                      value={form.Author}
                      maxLength={120}
                      onChange={(e) => set('Author', e.target.value)}
                    />
                  )}
                </Field>
                <Field label={texts.fieldTags} hint={texts.tagsHint}>
                  {(a11y) => (
                    <input
                      {...a11y}
                      type="text"
                      value={form.TagsText}
                      onChange={(e) => set('TagsText', e.target.value)}
                    />
                  )}
                </Field>
                <CheckField
                  label={texts.fieldFeatured}
                  checked={form.Featured}
                  onChange={(v) => set('Featured', v)}
                />
              </>
            )}
            <div className={styles.imageField}>
              <p className={styles.fieldLabel}>{texts.fieldImage}</p>
              {form.ImagePath ? (
                <div className={styles.imageRow}>
                  <img src={form.ImagePath} alt={form.ImageAlt} className={styles.thumb} />
                  <code className={styles.address}>{form.ImagePath}</code>
                  <Button variant="ghost" onClick={() => set('ImagePath', null)}>
                    {texts.imageRemove}
                  </Button>
                </div>
              ) : (
                <p className={styles.muted}>{texts.imageNone}</p>
              )}
              {imagePanel ? (
                <ImagePanel
                  submitLabel={texts.imageUpload}
                  onCancel={() => setImagePanel(false)}
                  onInsert={(path, alt) => {
                    setImagePanel(false);
                    setForm((f) => ({ ...f, ImagePath: path, ImageAlt: alt }));
                  }}
                />
              ) : (
                <Button variant="secondary" onClick={() => setImagePanel(true)}>
                  {texts.imageUpload}
                </Button>
              )}
            </div>
            {form.ImagePath && (
              <Field
                label={texts.fieldImageAlt}
                hint={texts.imageAltHint}
                error={fieldErrors.ImageAlt}
              >
                {(a11y) => (
                  <input
                    {...a11y}
                    type="text"
                    value={form.ImageAlt}
                    maxLength={300}
                    onChange={(e) => set('ImageAlt', e.target.value)}
                  />
                )}
              </Field>
            )}
          </div>
        </StaffSection>

        <StaffSection title={texts.bodyTitle}>
          <MarkdownEditor
            value={form.BodyMarkdown}
            onChange={(v) => set('BodyMarkdown', v)}
            kind={kind}
            slug={form.Slug}
            hint={isFaq ? texts.faqHint : undefined}
          />
        </StaffSection>

        {conflict && (
          <div role="alert" className={styles.conflict}>
            <p>
              <strong>{texts.conflictTitle}:</strong> {conflict}
            </p>
            <p>{texts.conflictKeep}</p>
            <Button variant="secondary" onClick={() => void reloadAfterConflict()}>
              {texts.conflictReload}
            </Button>
          </div>
        )}
        {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}

        <div className={styles.actionBar}>
          <FormActions>
            <Button type="submit" variant="secondary" disabled={busy !== null}>
              {busy === 'save'
                ? texts.saving
                : base?.Status === 'published'
                  ? texts.save
                  : texts.saveDraft}
            </Button>
            {base?.Status === 'published' ? (
              !builtIn && (
                <Button
                  variant="secondary"
                  disabled={busy !== null}
                  onClick={() => void onUnpublish()}
                >
                  {texts.unpublish}
                </Button>
              )
            ) : (
              <Button variant="primary" disabled={busy !== null} onClick={() => void onPublish()}>
                {busy === 'publish' ? texts.publishing : texts.publish}
              </Button>
            )}
            {base && (
              <ButtonLink variant="ghost" to={staffPath(staffPaths.supportCmsPreview, base.Id)}>
                {texts.openPreview}
              </ButtonLink>
            )}
            {base?.Status === 'published' && (
              <Link to={cmsEntryPath(base.Kind, base.Slug)} className={styles.publicLink}>
                {texts.viewPublic}
              </Link>
            )}
            {base && !builtIn && (
              <Button
                variant="ghost"
                className={styles.danger}
                disabled={busy !== null}
                onClick={() => void onDelete()}
              >
                {texts.delete}
              </Button>
            )}
          </FormActions>
          {builtIn && <p className={styles.hint}>{texts.builtInNoDelete}</p>}
        </div>
      </form>

      {base && (
        <Versions
          id={base.Id}
          current={base.Version}
          revision={revision}
          busy={busy !== null}
          onRestore={(v) => void onRestore(v)}
        />
      )}
      {base && <AuditHistory url={historyUrl(base.Id)} version={revision} />}
    </StaffPage>
  );
}

function Versions({
  id,
  current,
  revision,
  busy,
  onRestore,
}: {
  id: number;
  current: number;
  revision: number;
  busy: boolean;
  onRestore: (version: number) => void;
}) {
  const versions = useStaffData(
    (signal) => fetchVersions(id, signal),
    `cms-versions-${id}-${revision}`,
    texts.versionsFailed,
  );
  return (
    <StaffSection title={texts.versionsTitle}>
      {versions.status === 'error' && (
        <div role="alert" className={styles.muted}>
          {versions.error}{' '}
          <Button variant="ghost" onClick={versions.reload}>
            {texts.retry}
          </Button>
        </div>
      )}
      {!versions.data && versions.status === 'loading' && (
        <p className={styles.muted}>{texts.loading}</p>
      )}
      {versions.data && versions.data.length === 0 && (
        <p className={styles.muted}>{texts.versionsEmpty}</p>
      )}
      {versions.data && versions.data.length > 0 && (
        <ol className={styles.versions}>
          {versions.data.map((v) => (
            <li key={v.Version} className={styles.version}>
              <span>
                <strong>{texts.versionLabel(v.Version)}</strong>{' '}
                <span className={styles.muted}>
                  {formatDateTime(v.CreatedAt)} · {v.ActorEmail || texts.versionShipped} · {v.Title}
                </span>
              </span>
              {v.Version === current ? (
                <Badge tone="brand">{texts.versionCurrent}</Badge>
              ) : (
                <Button
                  variant="secondary"
                  disabled={busy}
                  aria-label={`${texts.restore}: ${texts.versionLabel(v.Version)}`}
                  onClick={() => onRestore(v.Version)}
                >
                  {texts.restore}
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </StaffSection>
  );
}
