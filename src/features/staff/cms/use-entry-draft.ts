/**
 * No lost input in the CMS editor: what is typed is kept in sessionStorage per entry (drafts.ts)
 * and offered back after a reload (taken at once when coming back from the preview); while there
 * are unsaved changes, leaving the page asks first.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CmsEntry } from '../../../api/contract/cms';
import {
  clearDraft,
  formOf,
  readDraft,
  sameForm,
  writeDraft,
  type CmsForm,
  type EditorLocationState,
  type StoredDraft,
} from './drafts';

/** The saved version a form was typed on. */
export type EditedOn = { Version: number; UpdatedAt: string };

/** `key`: the entry's draft slot; `initial`: the entry as loaded; then the editor as it stands. */
export function useEntryDraft(
  key: string,
  initial: CmsEntry | undefined,
  editor: {
    base: CmsEntry | undefined;
    form: CmsForm;
    setForm: (form: CmsForm) => void;
    dirty: boolean;
  },
) {
  const { base, form, setForm, dirty } = editor;
  const navigate = useNavigate();
  const location = useLocation();
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
  const [editedOn, setEditedOn] = useState<EditedOn | null>(null);
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
  const discardOffer = () => {
    clearDraft(key);
    setOffer(null);
  };
  const resumed = useRef(false);
  const resume = useEffectEvent(() => {
    const state = location.state as EditorLocationState | null;
    if (!state?.resumeDraft) return;
    // Only once: a reload of this page offers the input instead of taking it silently.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    if (offer) takeDraft(offer);
  });
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    resume();
  });

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

  return { offer, takeDraft, discardOffer, editedOn, setEditedOn };
}
