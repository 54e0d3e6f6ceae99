/**
 * /support/cms/{pageId}/preview (editor guard): the entry as a visitor will see it, in
 * the public pages' layout and text style, its body rendered by the server exactly as the public
 * page renders it. A clear bar says that it is a preview (and whether it is published yet); with
 * unsaved input in the editor, the preview shows that input. The way back keeps it.
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { cmsEntryPath, type CmsEntry, type CmsPreview } from '../../../api/contract/cms';
import { berlinDay, formatDayDe } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { staffPaths } from '../../../lib/staff-routes';
import { Breadcrumbs } from '../../../ui/breadcrumbs/breadcrumbs';
import { ButtonLink } from '../../../ui/button/button';
import { Page } from '../../../ui/page/page';
import { errorMessage, useStaffData } from '../kit';
import { fetchEntry, fetchPreview } from './api';
import {
  draftKey,
  formOf,
  readDraft,
  sameForm,
  tagsOf,
  type CmsForm,
  type EditorLocationState,
} from './drafts';
import { idOf } from './edit-pages';
import { EntryLoadFailed } from './entry-alert';
import { editorPath } from './list-page';
import { TagLine } from '../../../ui/tags/tags';
import { RenderedBody } from './markdown-editor';
import { texts } from './texts';
import { ArticleImage } from '../../../ui/article/article-image';
import styles from './cms.module.css';

/** The way back to the CMS list, when there is no entry to preview. */
function BackToList() {
  return (
    <p>
      <ButtonLink to={staffPaths.supportCmsList} variant="secondary">
        {texts.backToList}
      </ButtonLink>
    </p>
  );
}

export function CmsPreviewPage() {
  const id = idOf(useParams().pageId);
  if (id === undefined) {
    return (
      <Page width="lg" gap="md">
        <h1>{texts.previewPageTitle}</h1>
        <p>{texts.previewNoId}</p>
        <BackToList />
      </Page>
    );
  }
  return <Preview id={id} />;
}

function Preview({ id }: { id: number }) {
  const entry = useStaffData((signal) => fetchEntry(id, signal), `cms-preview-${id}`);
  if (entry.status === 'error') {
    return (
      <Page width="lg" gap="md">
        <h1>{texts.previewPageTitle}</h1>
        <EntryLoadFailed entry={entry} />
        <BackToList />
      </Page>
    );
  }
  if (entry.status === 'loading' || !entry.data) {
    return (
      <Page width="lg" gap="md" aria-busy="true">
        <p className={styles.muted}>{texts.loading}</p>
      </Page>
    );
  }
  return <PreviewOf entry={entry.data} />;
}

function PreviewOf({ entry }: { entry: CmsEntry }) {
  // Unsaved input from the editor (same browser tab) wins over the saved version.
  const [draft] = useState<CmsForm | null>(() => {
    const stored = readDraft(draftKey(entry.Kind, entry.Id));
    return stored && !sameForm(stored.form, formOf(entry)) ? stored.form : null;
  });
  const form = draft ?? formOf(entry);
  const [body, setBody] = useState<CmsPreview | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    fetchPreview(entry.Kind, form.Slug, form.BodyMarkdown, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setBody(answer);
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(e, texts.previewFailed));
      },
    );
    return () => controller.abort();
  }, [entry.Kind, form.Slug, form.BodyMarkdown]);

  const bar = draft
    ? texts.previewUnsavedBar
    : entry.Status === 'draft'
      ? texts.previewDraftBar
      : texts.previewPublishedBar;
  const back = { resumeDraft: true } satisfies EditorLocationState;
  const address = cmsEntryPath(entry.Kind, form.Slug);
  const isArticle = entry.Kind === 'article';
  const publishedDay = berlinDay(
    entry.Status === 'published' ? new Date(entry.PublishedAt) : new Date(),
  );

  return (
    <>
      <div
        className={styles.previewBar}
        data-state={entry.Status === 'published' && !draft ? 'published' : 'draft'}
        role="region"
        aria-label={texts.previewPageTitle}
      >
        <p className={styles.previewBarText}>
          <strong>{bar}</strong> <span className={styles.previewAddress}>{address}</span>
        </p>
        <ButtonLink to={editorPath(entry)} state={back} variant="secondary">
          {texts.backToEditor}
        </ButtonLink>
      </div>
      <Page width="lg" gap="lg">
        <Breadcrumbs
          items={[
            { Name: texts.home, Link: paths.home },
            ...(isArticle ? [{ Name: texts.news, Link: paths.news }] : []),
            { Name: form.Title, Link: address },
          ]}
        />
        <article className={styles.article}>
          <header>
            <h1 className={styles.articleTitle}>{form.Title}</h1>
            {isArticle && form.Teaser && <p className={styles.lead}>{form.Teaser}</p>}
            {isArticle && (
              <p className={styles.byline}>
                {texts.publishedOn} <time dateTime={publishedDay}>{formatDayDe(publishedDay)}</time>
                {form.Author && ` · ${texts.by} ${form.Author}`}
                {form.CountryId !== null &&
                  ` · ${texts.forCountry} ${texts.country[form.CountryId]}`}
              </p>
            )}
          </header>
          {form.ImagePath && (
            <ArticleImage className={styles.hero} src={form.ImagePath} alt={form.ImageAlt} />
          )}
          {error && (
            <p role="alert" className={styles.panelError}>
              {error}
            </p>
          )}
          {body ? (
            <RenderedBody preview={body} />
          ) : (
            !error && <div className={styles.skeleton} aria-busy="true" />
          )}
          {isArticle && <TagLine label={texts.tags} tags={tagsOf(form.TagsText)} />}
        </article>
        {!isArticle && (
          <p className={styles.asOf}>
            {texts.asOf} {formatDayDe(berlinDay(draft ? new Date() : new Date(entry.UpdatedAt)))}
          </p>
        )}
      </Page>
    </>
  );
}
