/**
 * SPEC §2 /news/artikel/{artikelString}: the article, its related articles and the
 * cross-links. An unknown article is the 404 page on the server (page resolver) and here.
 */
import { useParams } from 'react-router';
import type { NewsDetail } from '../../api/contract/content';
import { dataKey } from '../../api/contract/pages';
import { newsDetailNeed } from '../../api/contract/page-needs';
import { formatDayDe } from '../../lib/dates';
import { titleWithProduct } from '../../lib/page-titles';
import { paths } from '../../lib/paths';
import { Breadcrumbs } from '../../ui/breadcrumbs/breadcrumbs';
import { ButtonLink } from '../../ui/button/button';
import { CrossLinksBlock } from '../../ui/cross-links/cross-links';
import { useDocumentTitle } from '../../ui/document-title/use-document-title';
import { NewsCard } from '../../ui/news-card/news-card';
import { Page } from '../../ui/page/page';
import { usePageData } from '../../ui/page-data';
import { Prose } from '../../ui/prose/prose';
import { resourceView } from '../../ui/resource-view';
import { TagLine } from '../../ui/tags/tags';
import { useResource } from '../../ui/use-resource';
import { useLocale } from '../locale';
import { fetchNewsDetail } from './api';
import { texts } from './texts';
import { ArticleImage } from '../../ui/article/article-image';
import styles from './news.module.css';

function ArticleNotFound() {
  return (
    <Page width="md" gap="md">
      <h1>{texts.articleNotFoundTitle}</h1>
      <p className={styles.lead}>{texts.articleNotFoundText}</p>
      <p>
        <ButtonLink to={paths.news} variant="primary">
          {texts.toNews}
        </ButtonLink>
      </p>
    </Page>
  );
}

export function ArticlePage() {
  const { countryId } = useLocale();
  const params = useParams();
  const need = newsDetailNeed(countryId, params);
  const key = dataKey(need);
  // null: the server found no such article and answered 404 with this page.
  if (usePageData<NewsDetail | null>(key) === null) return <ArticleNotFound />;
  return <Article key={key} countryId={countryId} slug={need.slug} dataKey={key} />;
}

function Article({
  countryId,
  slug,
  dataKey: key,
}: {
  countryId: number;
  slug: string;
  dataKey: string;
}) {
  const detail = useResource(key, key, (signal) => fetchNewsDetail(countryId, slug, signal));
  return resourceView(detail, {
    notFound: () => <ArticleNotFound />,
    failedText: texts.failed,
    frame: (content) => (
      <Page width="lg" gap="md">
        {content}
      </Page>
    ),
    loading: () => (
      <Page width="lg" gap="md" aria-busy="true">
        <div className={styles.skeletonTitle} />
        <div className={styles.skeletonHero} />
      </Page>
    ),
    ready: (data) => <ArticleView detail={data} countryId={countryId} />,
  });
}

function ArticleView({ detail, countryId }: { detail: NewsDetail; countryId: number }) {
  const { Main: article, Related: related } = detail;
  useDocumentTitle(titleWithProduct(article.Title));
  return (
    <Page width="lg" gap="lg">
      <Breadcrumbs
        items={[
          { Name: texts.home, Link: paths.home },
          { Name: texts.news, Link: paths.news },
          { Name: article.Title, Link: article.Link },
        ]}
      />
      <article className={styles.article}>
        <header className={styles.articleHeader}>
          <h1>{article.Title}</h1>
          <p className={styles.lead}>{article.Description}</p>
          <p className={styles.byline}>
            {texts.published} <time dateTime={article.Date}>{formatDayDe(article.Date)}</time>
            {article.Updated && (
              <>
                {', '}
                {texts.updated}{' '}
                <time dateTime={article.Updated}>{formatDayDe(article.Updated)}</time>
              </>
            )}
            {article.Author && ` · ${texts.by} ${article.Author}`}
            {article.CountryId !== null && (
              <>
                {' '}
                · {texts.forCountry} {texts.country[article.CountryId]}
              </>
            )}
          </p>
        </header>
        {article.FilePath && (
          <ArticleImage
            className={styles.hero}
            src={article.FilePath}
            alt={article.ImageAlt}
            fetchPriority="high"
          />
        )}
        <Prose html={article.Content} />
        <TagLine label={texts.tags} tags={article.Tags} />
      </article>
      {related.length > 0 && (
        <section aria-labelledby="related-title" className={styles.related}>
          <h2 id="related-title">{texts.related}</h2>
          <ul className={styles.grid}>
            {related.map((item) => (
              <li key={item.Link}>
                <NewsCard item={item} level={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <CrossLinksBlock countryId={countryId} path={article.Link} />
    </Page>
  );
}
