/**
 * SPEC §7 cross-links under a page: its dealers, its prices, related articles. From
 * the server render, else loaded; a failure shows nothing (SPEC: failure gives an empty object),
 * the page is complete without them.
 */
import { Link } from 'react-router';
import { apiFetch } from '../../api/client';
import type { CrossLinks } from '../../api/contract/content';
import { NO_CROSS_LINKS } from '../../api/contract/content-pages';
import { dataKey } from '../../api/contract/pages';
import { useResource } from '../use-resource';
import styles from './cross-links.module.css';
import { lazyImport } from '../../lib/lazy-import';

const contentContract = lazyImport(() => import('../../api/contract/content'));

function fetchCrossLinks(countryId: number, path: string, signal: AbortSignal) {
  return apiFetch('/api/cross-linking/get', {
    query: { countryId, path },
    // Loaded while the request is on the wire: the pages below which these links sit build no
    // zod schema at load for them (TBT).
    schema: () => contentContract().then((m) => m.CrossLinksSchema),
    signal,
    silent: true,
  }).catch((): CrossLinks => NO_CROSS_LINKS);
}

export function CrossLinksBlock({ countryId, path }: { countryId: number; path: string }) {
  const key = dataKey({ kind: 'crossLinks', countryId, path });
  const links = useResource(key, key, (signal) => fetchCrossLinks(countryId, path, signal));
  const data = links.status === 'ready' ? links.data : links.stale;
  if (!data || data.Groups.length === 0) return null;
  return (
    <aside className={styles.block} aria-label="Weiterführende Seiten">
      {data.Groups.map((group) => (
        <section key={group.Title} className={styles.group}>
          <h2 className={styles.title}>{group.Title}</h2>
          <ul className={styles.list}>
            {group.Links.map((link) => (
              <li key={link.Link}>
                <Link to={link.Link} className={styles.link}>
                  {link.Title}
                </Link>
                {link.Note && <span className={styles.note}>{link.Note}</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </aside>
  );
}
