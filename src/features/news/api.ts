/** News, CMS pages (issue 12; SPEC §7, cached 3600 s by the service worker too). */
import { apiFetch } from '../../api/client';
import {
  CmsPageSchema,
  NEWS_LIST_PAGE_SIZE,
  NewsDetailSchema,
  NewsListSchema,
  type CmsPage,
  type CmsPageSlug,
  type NewsDetail,
  type NewsList,
} from '../../api/contract/content';

export function fetchNewsList(
  countryId: number,
  page: number,
  signal?: AbortSignal,
): Promise<NewsList> {
  return apiFetch(`/api/site/${countryId}/news-articles`, {
    query: { page, size: NEWS_LIST_PAGE_SIZE },
    schema: NewsListSchema,
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
    schema: NewsDetailSchema,
    signal,
  });
}

export function fetchCmsPage(slug: CmsPageSlug, signal?: AbortSignal): Promise<CmsPage> {
  return apiFetch(`/api/site/pages/${slug}`, { schema: CmsPageSchema, signal });
}
