/**
 * The home page's featured article (SPEC §7 news-articles/featured). When it cannot be
 * loaded (or there is none), the built-in item about a free tank cleaning takes its place, so
 * the block never disappears or jumps.
 */
import { useEffect, useState } from 'react';
import type { NewsItem } from '../../../api/contract/content';
import { FALLBACK_FEATURED_ITEM } from '../../../api/contract/content-constants';
import { dataKey } from '../../../api/contract/pages';
import { paths } from '../../../lib/paths';
import { usePageData } from '../../../ui/page-data';
import { Link } from 'react-router';
import { fetchFeaturedNews } from '../api';
import { texts } from '../texts';
import { ArticleImage } from '../../../ui/article/article-image';
import styles from '../home-page.module.css';

export function FeaturedNews({ countryId }: { countryId: number }) {
  const rendered = usePageData<NewsItem | null>(dataKey({ kind: 'newsFeatured', countryId }));
  const [loaded, setLoaded] = useState<{ countryId: number; item: NewsItem } | null>(() =>
    rendered === undefined ? null : { countryId, item: rendered ?? FALLBACK_FEATURED_ITEM },
  );
  const current = loaded?.countryId === countryId ? loaded.item : null;
  const done = current !== null;
  useEffect(() => {
    if (done) return;
    const controller = new AbortController();
    fetchFeaturedNews(countryId, controller.signal).then(
      (item) => setLoaded({ countryId, item }),
      () => {
        if (!controller.signal.aborted) setLoaded({ countryId, item: FALLBACK_FEATURED_ITEM });
      },
    );
    return () => controller.abort();
  }, [countryId, done]);
  return (
    <section aria-labelledby="featured-title" className={styles.featured}>
      <div className={styles.featuredHead}>
        <h2 id="featured-title">{texts.featuredTitle}</h2>
        <Link to={paths.news}>{texts.featuredAll}</Link>
      </div>
      {current ? (
        // Its own small card, not the news list's NewsCard: that would be one more chunk on the
        // home page's first download (120 kB).
        <article className={styles.featuredCard}>
          {current.FilePath && (
            <ArticleImage
              className={styles.featuredImage}
              src={current.FilePath}
              alt=""
              loading="lazy"
              decoding="async"
            />
          )}
          <div className={styles.featuredBody}>
            <h3>
              <Link to={current.Link} className={styles.featuredLink}>
                {current.Title}
              </Link>
            </h3>
            <p>{current.Description}</p>
          </div>
        </article>
      ) : (
        <div className={styles.featuredSkeleton} aria-busy="true" />
      )}
    </section>
  );
}
