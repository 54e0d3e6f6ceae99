/**
 * The editor of one CMS page or news article: its fields, the Markdown editor with a
 * live preview, save / publish / withdraw / preview / delete, its versions with restore and its
 * audit history.
 *
 * No lost input (use-entry-draft.ts): what is typed is kept per entry and offered back after a
 * reload; leaving with unsaved changes asks first. What goes to the server, and how its answers
 * show, is use-entry-actions.ts.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { cmsEntryPath, type CmsEntry, type CmsKind } from '../../../api/contract/cms';
import { staffPath, staffPaths } from '../../../lib/staff-routes';
import { Button, ButtonLink } from '../../../ui/button/button';
import {
  AuditHistory,
  Badge,
  FormActions,
  FormMessage,
  formatDateTime,
  StaffPage,
  StaffSection,
  useStaffData,
} from '../kit';
import { fetchEntry, historyUrl } from './api';
import { draftKey, formOf, sameForm, type CmsForm } from './drafts';
import { EntryAlert, EntryLoadFailed } from './entry-alert';
import { EntryFields } from './entry-fields';
import { EntryVersions } from './entry-versions';
import { MarkdownEditor } from './markdown-editor';
import { editorPath } from './list-page';
import { texts } from './texts';
import { useEntryActions } from './use-entry-actions';
import { useEntryDraft } from './use-entry-draft';
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
        <EntryLoadFailed entry={entry} />
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
        <EntryAlert text={kind === 'page' ? texts.wrongKindPage : texts.wrongKindArticle}>
          <ButtonLink to={editorPath(loaded)} variant="secondary">
            {texts.openRightEditor}
          </ButtonLink>
        </EntryAlert>
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
  const [base, setBase] = useState<CmsEntry | undefined>(initial);
  const [form, setForm] = useState<CmsForm>(() => formOf(initial));
  const key = draftKey(kind, base?.Id);
  const dirty = !sameForm(form, formOf(base));
  const { offer, takeDraft, discardOffer, editedOn, setEditedOn } = useEntryDraft(key, initial, {
    base,
    form,
    setForm,
    dirty,
  });
  const builtIn = base?.BuiltIn ?? false;
  const isFaq = kind === 'page' && base?.Slug === 'info-center';
  const actions = useEntryActions({
    kind,
    base,
    setBase,
    form,
    setForm,
    editedOn,
    setEditedOn,
    dirty,
    builtIn,
    onCreated,
  });

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
                actions.setMessage({ kind: 'success', text: texts.draftRestored });
              }}
            >
              {texts.draftRestore}
            </Button>
            <Button variant="secondary" onClick={discardOffer}>
              {texts.draftDiscard}
            </Button>
          </div>
        </div>
      )}

      <form className={styles.editorForm} onSubmit={(e) => void actions.onSave(e)} noValidate>
        <EntryFields
          kind={kind}
          form={form}
          setForm={setForm}
          set={actions.set}
          fieldErrors={actions.fieldErrors}
          builtIn={builtIn}
        />

        <StaffSection title={texts.bodyTitle}>
          <MarkdownEditor
            value={form.BodyMarkdown}
            onChange={(v) => actions.set('BodyMarkdown', v)}
            kind={kind}
            slug={form.Slug}
            hint={isFaq ? texts.faqHint : undefined}
          />
        </StaffSection>

        {actions.conflict && (
          <div role="alert" className={styles.conflict}>
            <p>
              <strong>{texts.conflictTitle}:</strong> {actions.conflict}
            </p>
            <p>{texts.conflictKeep}</p>
            <Button variant="secondary" onClick={() => void actions.reloadAfterConflict()}>
              {texts.conflictReload}
            </Button>
          </div>
        )}
        {actions.message && (
          <FormMessage kind={actions.message.kind}>{actions.message.text}</FormMessage>
        )}

        <div className={styles.actionBar}>
          <FormActions>
            <Button type="submit" variant="secondary" disabled={actions.busy !== null}>
              {actions.busy === 'save'
                ? texts.saving
                : base?.Status === 'published'
                  ? texts.save
                  : texts.saveDraft}
            </Button>
            {base?.Status === 'published' ? (
              !builtIn && (
                <Button
                  variant="secondary"
                  disabled={actions.busy !== null}
                  onClick={() => void actions.onUnpublish()}
                >
                  {texts.unpublish}
                </Button>
              )
            ) : (
              <Button
                variant="primary"
                disabled={actions.busy !== null}
                onClick={() => void actions.onPublish()}
              >
                {actions.busy === 'publish' ? texts.publishing : texts.publish}
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
                disabled={actions.busy !== null}
                onClick={() => void actions.onDelete()}
              >
                {texts.delete}
              </Button>
            )}
          </FormActions>
          {builtIn && <p className={styles.hint}>{texts.builtInNoDelete}</p>}
        </div>
      </form>

      {base && (
        <EntryVersions
          id={base.Id}
          current={base.Version}
          revision={actions.revision}
          busy={actions.busy !== null}
          onRestore={(v) => void actions.onRestore(v)}
        />
      )}
      {base && <AuditHistory url={historyUrl(base.Id)} version={actions.revision} />}
    </StaffPage>
  );
}
