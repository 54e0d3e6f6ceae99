/**
 * Where a page sits (price pages, news, dealer directory): links up the hierarchy, the page itself
 * last and marked as current. The server writes the same trail as BreadcrumbList JSON-LD.
 */
import { Link } from 'react-router';
import styles from './breadcrumbs.module.css';

export interface Crumb {
  Name: string;
  Link: string;
}

export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Brotkrümelnavigation" className={styles.breadcrumbs}>
      <ol>
        {items.map((item, i) => (
          <li key={item.Link}>
            {i === items.length - 1 ? (
              <span aria-current="page">{item.Name}</span>
            ) : (
              <Link to={item.Link}>{item.Name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
