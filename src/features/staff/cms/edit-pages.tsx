/**
 * The editor's routes (SPEC §2): /support/cms/{pageId?}/edit for CMS pages and
 * /support/cms/content/edit?id= for news articles (content blocks). Without an id: a new one.
 */
import { useParams, useSearchParams } from 'react-router';
import { EntryEditorScreen } from './entry-editor';

/** A positive database id, or undefined for none or anything else. */
export function idOf(text: string | null | undefined): number | undefined {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= 2_147_483_647 ? n : undefined;
}

export function CmsPageEditPage() {
  const { pageId } = useParams();
  return <EntryEditorScreen kind="page" id={idOf(pageId)} />;
}

export function CmsArticleEditPage() {
  const [search] = useSearchParams();
  return <EntryEditorScreen kind="article" id={idOf(search.get('id'))} />;
}
