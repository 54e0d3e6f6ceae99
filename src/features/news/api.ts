/** News, CMS pages (SPEC §7, cached 3600 s by the service worker too). */
import { apiFetch } from '../../api/client';
import type { CmsPage, CmsPageSlug, NewsDetail, NewsList } from '../../api/contract/content';
import { NEWS_LIST_PAGE_SIZE } from '../../api/contract/content-pages';
import { lazyImport } from '../../lib/lazy-import';

// The schemas load while a request is on the wire (apiFetch): a server-rendered page hydrates
// from its embedded data and builds no zod schema at load (TBT).
const content = lazyImport(() => import('../../api/contract/content'));

export function fetchNewsList(
  countryId: number,
  page: number,
  signal?: AbortSignal,
): Promise<NewsList> {
  return apiFetch(`/api/site/${countryId}/news-articles`, {
    query: { page, size: NEWS_LIST_PAGE_SIZE },
    schema: () => content().then((m) => m.NewsListSchema),
    signal,
  });
}

/** SPEC §7 detail: 404 (unknown article) rejects with an ApiError of status 404. */
export function fetchNewsDetail(
  countryId: number,
  slug: string,
  signal?: AbortSignal,
): Promise<NewsDetail> {
  return apiFetch(`/api/site/${countryId}/news-articles/detail`, {
    query: { artikelString: slug },
    schema: () => content().then((m) => m.NewsDetailSchema),
    signal,
  });
}

export function fetchCmsPage(slug: CmsPageSlug, signal?: AbortSignal): Promise<CmsPage> {
  return apiFetch(`/api/site/pages/${slug}`, {
    schema: () => content().then((m) => m.CmsPageSchema),
    signal,
  });
}
