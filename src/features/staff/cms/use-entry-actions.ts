/**
 * What the CMS editor does with its entry on the server: save (or create), publish, withdraw,
 * delete and restore a version, each once at a time, with the outcome as the editor's message.
 * A save that someone else's save overtook (409) says so and keeps the form as typed.
 */
import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { cmsSlugProblem, type CmsEntry, type CmsKind } from '../../../api/contract/cms';
import { staffPaths } from '../../../lib/staff-routes';
import { errorMessage } from '../kit';
import {
  createEntry,
  deleteEntry,
  fetchEntry,
  publishEntry,
  restoreVersion,
  saveEntry,
  unpublishEntry,
} from './api';
import { clearDraft, draftKey, formOf, tagsOf, type CmsForm } from './drafts';
import { editorPath } from './list-page';
import { texts } from './texts';
import type { EditedOn } from './use-entry-draft';

export type EditorMessage = { kind: 'error' | 'success'; text: string } | null;
export type EditorBusy = null | 'save' | 'publish' | 'unpublish' | 'delete' | 'restore';
export type FieldErrors = Partial<Record<keyof CmsForm, string>>;

/** The request fields of the form as typed. */
function fieldsOf(form: CmsForm) {
  return {
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
  };
}

/** `editor`: the editor's entry and form as they stand, and what changes them. */
export function useEntryActions(editor: {
  kind: CmsKind;
  base: CmsEntry | undefined;
  setBase: (entry: CmsEntry) => void;
  form: CmsForm;
  setForm: Dispatch<SetStateAction<CmsForm>>;
  editedOn: EditedOn | null;
  setEditedOn: (on: EditedOn | null) => void;
  dirty: boolean;
  builtIn: boolean;
  onCreated: (id: number) => void;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<EditorBusy>(null);
  const [message, setMessage] = useState<EditorMessage>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  /** Bumped after every change on the server, so the history and versions reload. */
  const [revision, setRevision] = useState(0);
  const key = draftKey(editor.kind, editor.base?.Id);

  const set = <K extends keyof CmsForm>(field: K, value: CmsForm[K]) => {
    editor.setForm((f) => ({ ...f, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** The server changed the entry. */
  const changed = (entry: CmsEntry) => {
    editor.setBase(entry);
    setRevision((r) => r + 1);
  };
  /** The server changed the entry and the form starts again from it. */
  const reset = (entry: CmsEntry) => {
    editor.setBase(entry);
    editor.setEditedOn(null);
    editor.setForm(formOf(entry));
    setRevision((r) => r + 1);
  };
  const failed = (e: unknown) =>
    setMessage({ kind: 'error', text: errorMessage(e, texts.actionFailed) });

  /** One action at a time: busy while it runs, its failure as the message. */
  async function act(what: Exclude<EditorBusy, null>, work: () => Promise<void>) {
    setBusy(what);
    setMessage(null);
    try {
      await work();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(null);
    }
  }

  function validate(): boolean {
    const errors: FieldErrors = {};
    if (!editor.form.Title.trim()) errors.Title = texts.titleMissing;
    const slugProblem = editor.builtIn ? null : cmsSlugProblem(editor.kind, editor.form.Slug);
    if (slugProblem) errors.Slug = slugProblem;
    if (editor.form.ImagePath && !editor.form.ImageAlt.trim())
      errors.ImageAlt = texts.imageAltMissing;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      setMessage({ kind: 'error', text: texts.fixErrors });
      return false;
    }
    return true;
  }

  /** Saves (or creates) the form; the saved entry, or null when it failed (message shown). */
  async function persist(): Promise<CmsEntry | null> {
    if (!validate()) return null;
    setConflict(null);
    try {
      const result = editor.base
        ? await saveEntry(editor.base.Id, {
            ...fieldsOf(editor.form),
            Version: (editor.editedOn ?? editor.base).Version,
            UpdatedAt: (editor.editedOn ?? editor.base).UpdatedAt,
          })
        : await createEntry({ Kind: editor.kind, ...fieldsOf(editor.form) });
      if (!editor.base) clearDraft(draftKey(editor.kind, undefined));
      clearDraft(draftKey(editor.kind, result.Id));
      reset(result);
      if (!editor.base) {
        editor.onCreated(result.Id);
        void navigate(editorPath(result), { replace: true });
      }
      return result;
    } catch (e) {
      if (
        e instanceof ApiError &&
        e.status === 409 &&
        editor.base &&
        /inzwischen/.test(e.message)
      ) {
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
    const wasDirty = editor.dirty || !editor.base;
    await act('save', async () => {
      const result = await persist();
      if (result) setMessage({ kind: 'success', text: wasDirty ? texts.saved : texts.noChanges });
    });
  }

  async function onPublish() {
    if (busy) return;
    const hadChanges = editor.dirty || !editor.base;
    await act('publish', async () => {
      const current = hadChanges ? ((await persist()) ?? undefined) : editor.base;
      if (!current) return;
      changed(await publishEntry(current.Id));
      setMessage({
        kind: 'success',
        text: hadChanges ? texts.savedAndPublished : texts.published,
      });
    });
  }

  async function onUnpublish() {
    const { base } = editor;
    if (busy || !base || !confirm(texts.confirmUnpublish)) return;
    await act('unpublish', async () => {
      changed(await unpublishEntry(base.Id));
      setMessage({ kind: 'success', text: texts.unpublished });
    });
  }

  async function onDelete() {
    if (busy || !editor.base || !confirm(texts.confirmDelete(editor.base.Title))) return;
    setBusy('delete');
    setMessage(null);
    try {
      await deleteEntry(editor.base.Id);
      clearDraft(key);
      void navigate(staffPaths.supportCmsList);
    } catch (e) {
      failed(e);
      setBusy(null);
    }
  }

  async function onRestore(version: number) {
    const { base } = editor;
    if (busy || !base) return;
    if (editor.dirty) {
      setMessage({ kind: 'error', text: texts.restoreDirty });
      return;
    }
    if (!confirm(texts.restoreConfirm(version))) return;
    await act('restore', async () => {
      reset(await restoreVersion(base.Id, version));
      setMessage({ kind: 'success', text: texts.restored(version) });
    });
  }

  async function reloadAfterConflict() {
    if (!editor.base) return;
    try {
      reset(await fetchEntry(editor.base.Id));
      setConflict(null);
      clearDraft(key);
    } catch (e) {
      failed(e);
    }
  }

  return {
    busy,
    message,
    setMessage,
    conflict,
    fieldErrors,
    revision,
    set,
    onSave,
    onPublish,
    onUnpublish,
    onDelete,
    onRestore,
    reloadAfterConflict,
  };
}
