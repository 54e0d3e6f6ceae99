/**
 * SPEC §2 /news: the articles, newest first, NEWS_LIST_PAGE_SIZE per page; pages
 * as `?seite=2` links, so every page has its own address and works without JavaScript.
 */
import { Link, useSearchParams } from 'react-router';
import type { NewsList } from '../../api/contract/content';
import { NEWS_LIST_PAGE_SIZE } from '../../api/contract/content-pages';
import { dataKey } from '../../api/contract/pages';
import { NEWS_PAGE_PARAM, newsListNeed } from '../../api/contract/page-needs';
import { paths } from '../../lib/paths';
import { Breadcrumbs } from '../../ui/breadcrumbs/breadcrumbs';
import { Button, ButtonLink } from '../../ui/button/button';
import { NewsCard } from '../../ui/news-card/news-card';
import { Page } from '../../ui/page/page';
import { useResource } from '../../ui/use-resource';
import { useLocale } from '../locale';
import { fetchNewsList } from './api';
import { texts } from './texts';
import styles from './news.module.css';

function pageHref(page: number): string {
  return page <= 1 ? paths.news : `${paths.news}?${NEWS_PAGE_PARAM}=${page}`;
}

export function NewsPage() {
  const { countryId } = useLocale();
  const [search] = useSearchParams();
  const need = newsListNeed(countryId, search);
  const key = dataKey(need);
  const list = useResource(key, key, (signal) => fetchNewsList(countryId, need.page, signal));
  const data = list.status === 'ready' ? list.data : list.stale;
  return (
    <Page width="2xl" gap="lg">
      <Breadcrumbs
        items={[
          { Name: texts.home, Link: paths.home },
          { Name: texts.news, Link: paths.news },
        ]}
      />
      <header>
        <h1>{texts.listTitle}</h1>
        <p className={styles.lead}>{texts.listLead}</p>
      </header>
      {list.status === 'error' && !data ? (
        <div role="alert" className={styles.failed}>
          <p>{texts.failed}</p>
          <Button variant="secondary" onClick={list.retry}>
            {texts.retry}
          </Button>
        </div>
      ) : !data ? (
        <ul className={styles.grid} aria-busy="true" aria-label={texts.listTitle}>
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className={styles.skeletonCard} />
          ))}
        </ul>
      ) : (
        <NewsListView data={data} />
      )}
    </Page>
  );
}

function NewsListView({ data }: { data: NewsList }) {
  const pages = Math.max(1, Math.ceil(data.TotalCount / NEWS_LIST_PAGE_SIZE));
  if (data.Items.length === 0) {
    return data.Page > 1 ? (
      <div className={styles.empty}>
        <p>{texts.pageMissing}</p>
        <ButtonLink to={paths.news} variant="secondary">
          {texts.toFirstPage}
        </ButtonLink>
      </div>
    ) : (
      <p className={styles.empty}>{texts.empty}</p>
    );
  }
  return (
    <>
      <ul className={styles.grid} aria-label={texts.listTitle}>
        {data.Items.map((item, i) => (
          <li key={item.Link}>
            <NewsCard item={item} eager={i < 2} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className={styles.paging} aria-label={texts.paging}>
          {data.Page > 1 ? (
            <Link to={pageHref(data.Page - 1)} rel="prev">
              ← {texts.previous}
            </Link>
          ) : (
            <span />
          )}
          <span aria-current="page">{texts.pageOf(data.Page, pages)}</span>
          {data.Page < pages ? (
            <Link to={pageHref(data.Page + 1)} rel="next">
              {texts.next} →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  );
}
