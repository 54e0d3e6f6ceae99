/**
 * SPEC §2 /info-center and /heizoeltank-wartung: CMS pages from the content store.
 * The info center is a FAQ with a section index, an anchor per question
 * (/info-center#mindestmenge) and a search that narrows the questions as one types.
 */
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import type { CmsPage, CmsPageSlug, FaqSection } from '../../api/contract/content';
import { dataKey } from '../../api/contract/pages';
import { formatDayDe } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { Breadcrumbs } from '../../ui/breadcrumbs/breadcrumbs';
import { Button, ButtonLink } from '../../ui/button/button';
import { Card, Page } from '../../ui/page/page';
import { Prose } from '../../ui/prose/prose';
import { useDocumentTitle } from '../../ui/document-title/use-document-title';
import { resourceView } from '../../ui/resource-view';
import { usePageData } from '../../ui/page-data';
import { useResource } from '../../ui/use-resource';
import { titleWithProduct } from '../../lib/page-titles';
import { fetchCmsPage } from './api';
import { texts } from './texts';
import { ArticleImage } from '../../ui/article/article-image';
import styles from './news.module.css';

function useCmsPage(slug: CmsPageSlug) {
  const key = dataKey({ kind: 'cmsPage', slug });
  return useResource(key, key, (signal) => fetchCmsPage(slug, signal));
}

function PageState({ page }: { page: ReturnType<typeof useCmsPage> }) {
  if (page.status === 'error') {
    return (
      <div role="alert" className={styles.failed}>
        <p>{texts.pageFailed}</p>
        <Button variant="secondary" onClick={page.retry}>
          {texts.retry}
        </Button>
      </div>
    );
  }
  return <div className={styles.skeletonText} aria-busy="true" />;
}

/** Lower case without accents and umlaut dots: "Öl" finds "öl" and "Oel" finds "Öl" alike. */
function folded(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

function plain(html: string): string {
  return html.replace(/<[^>]+>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
}

export function filterSections(sections: readonly FaqSection[], query: string): FaqSection[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...sections];
  return sections
    .map((section) => ({
      ...section,
      Questions: section.Questions.filter((q) => {
        const haystack = folded(`${section.Title} ${q.Question} ${plain(q.Answer)}`);
        return words.every((w) => haystack.includes(w));
      }),
    }))
    .filter((section) => section.Questions.length > 0);
}

export function InfoCenterPage() {
  const page = useCmsPage('info-center');
  const data = page.status === 'ready' ? page.data : page.stale;
  return (
    <Page width="xl" gap="lg">
      <Breadcrumbs
        items={[
          { Name: texts.home, Link: paths.home },
          { Name: texts.infoTitle, Link: paths.infoCenter },
        ]}
      />
      {data ? <InfoCenter page={data} /> : <PageState page={page} />}
    </Page>
  );
}

function InfoCenter({ page }: { page: CmsPage }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => filterSections(page.Sections, deferred), [page.Sections, deferred]);
  const hits = shown.reduce((n, s) => n + s.Questions.length, 0);
  const searchId = useId();
  const searching = deferred.trim() !== '';
  return (
    <>
      <header>
        <h1>{page.Title}</h1>
        <Prose html={page.Content} className={styles.lead} />
      </header>
      <Card className={styles.search} aria-label={texts.search} as="div">
        <label htmlFor={searchId} className={styles.searchLabel}>
          {texts.search}
        </label>
        <div className={styles.searchRow}>
          <input
            id={searchId}
            type="search"
            className={styles.searchInput}
            value={query}
            placeholder={texts.searchPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => setQuery(event.target.value)}
          />
          {query && (
            <Button variant="secondary" onClick={() => setQuery('')}>
              {texts.clearSearch}
            </Button>
          )}
        </div>
        <p className={styles.searchStatus} role="status">
          {searching ? (hits > 0 ? texts.searchHits(hits) : texts.searchNone(deferred.trim())) : ''}
        </p>
      </Card>
      {!searching && (
        <nav aria-label={texts.sections} className={styles.toc}>
          <ul>
            {page.Sections.map((section) => (
              <li key={section.Id}>
                <a href={`#${section.Id}`}>
                  {section.Title} <span>({section.Questions.length})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {shown.map((section) => (
        <section key={section.Id} aria-labelledby={section.Id} className={styles.faqSection}>
          <h2 id={section.Id}>{section.Title}</h2>
          {section.Questions.map((q) => (
            <div key={q.Id} className={styles.faqItem}>
              <h3 id={q.Id}>
                <a href={`#${q.Id}`} className={styles.anchor}>
                  {q.Question}
                </a>
              </h3>
              <Prose html={q.Answer} />
            </div>
          ))}
        </section>
      ))}
      <p className={styles.asOf}>
        {texts.asOf} {formatDayDe(page.Updated)}
      </p>
    </>
  );
}

export function TankMaintenancePage() {
  const page = useCmsPage('heizoeltank-wartung');
  const data = page.status === 'ready' ? page.data : page.stale;
  return (
    <Page width="lg" gap="lg">
      <Breadcrumbs
        items={[
          { Name: texts.home, Link: paths.home },
          { Name: data?.Title ?? 'Heizöltank-Wartung', Link: paths.tankMaintenance },
        ]}
      />
      {data ? (
        <>
          <CmsArticle page={data} />
          <Card className={styles.cta} aria-labelledby="tank-cta-title">
            <div>
              <h2 id="tank-cta-title">{texts.tankCtaTitle}</h2>
              <p>{texts.tankCtaText}</p>
            </div>
            <ButtonLink to={paths.offerListHeatingOil} variant="primary">
              {texts.tankCtaLink}
            </ButtonLink>
          </Card>
          <p className={styles.asOf}>
            {texts.asOf} {formatDayDe(data.Updated)}
          </p>
        </>
      ) : (
        <PageState page={page} />
      )}
    </Page>
  );
}

/** A CMS page's title, picture and body. */
function CmsArticle({ page }: { page: CmsPage }) {
  return (
    <article className={styles.article}>
      <h1>{page.Title}</h1>
      {page.FilePath && (
        <ArticleImage className={styles.hero} src={page.FilePath} alt={page.ImageAlt} />
      )}
      <Prose html={page.Content} />
    </article>
  );
}

/** A CMS page's title, picture, body and date as a visitor sees it (also the CMS preview's). */
export function CmsPageBody({ page }: { page: CmsPage }) {
  return (
    <>
      <CmsArticle page={page} />
      <p className={styles.asOf}>
        {texts.asOf} {formatDayDe(page.Updated)}
      </p>
    </>
  );
}

function CmsPageView({ page, path }: { page: CmsPage; path: string }) {
  useDocumentTitle(titleWithProduct(page.Title));
  return (
    <>
      <Breadcrumbs
        items={[
          { Name: texts.home, Link: paths.home },
          { Name: page.Title, Link: path },
        ]}
      />
      <CmsPageBody page={page} />
    </>
  );
}

/**
 * SPEC §2 catch-all: a page the editors published at /{slug}. `notFound` renders
 * the site's 404 page for a slug nobody published (the server answered 404 with it, too).
 */
export function CmsSlugPage({ slug, notFound }: { slug: string; notFound: () => ReactNode }) {
  // null: the server found no such page and answered 404 with this one.
  const missing = usePageData<CmsPage | null>(dataKey({ kind: 'cmsPage', slug })) === null;
  return missing ? notFound() : <CmsSlug slug={slug} notFound={notFound} />;
}

function CmsSlug({ slug, notFound }: { slug: string; notFound: () => ReactNode }) {
  const page = useCmsPage(slug);
  return resourceView(page, {
    notFound,
    failedText: texts.pageFailed,
    frame: (content) => (
      <Page width="lg" gap="lg">
        {content}
      </Page>
    ),
    loading: () => (
      <Page width="lg" gap="lg">
        <div className={styles.skeletonText} aria-busy="true" />
      </Page>
    ),
    ready: (data) => (
      <Page width="lg" gap="lg">
        <CmsPageView page={data} path={`/${slug}`} />
      </Page>
    ),
  });
}
