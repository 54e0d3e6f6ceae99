/**
 * An article in a list (the news list, related articles): picture,
 * date, title as the link, teaser. The picture keeps its 1200×630 shape before it loads, so the
 * list never jumps.
 */
import { Link } from 'react-router';
import type { NewsItem } from '../../api/contract/content';
import { formatDayDe } from '../../lib/dates';
import { ArticleImage } from '../article/article-image';
import styles from './news-card.module.css';

export interface NewsCardProps {
  item: NewsItem;
  /** Heading level of the title inside the list it is in. */
  level?: 2 | 3;
  /** The first picture on a screen loads at once; the rest when scrolled near. */
  eager?: boolean;
}

export function NewsCard({ item, level = 2, eager = false }: NewsCardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      {item.FilePath && (
        <ArticleImage
          className={styles.image}
          src={item.FilePath}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      )}
      <div className={styles.body}>
        {item.Date && (
          <p className={styles.meta}>
            <time dateTime={item.Date}>{formatDayDe(item.Date)}</time>
            {item.Tags.length > 0 && <span> · {item.Tags.join(', ')}</span>}
          </p>
        )}
        <Heading className={styles.title}>
          <Link to={item.Link} className={styles.link}>
            {item.Title}
          </Link>
        </Heading>
        <p className={styles.teaser}>{item.Description}</p>
      </div>
    </article>
  );
}
