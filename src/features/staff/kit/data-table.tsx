/**
 * The staff area's table: sort by a column (click its header; again reverses), a text
 * filter and paging, all in the browser (staff lists hold hundreds of rows, not millions). The
 * sort state is announced through aria-sort; the filter counts what it found.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../ui/button/button';
import styles from './kit.module.css';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Given: the column sorts by this value. */
  sortValue?: (row: T) => string | number;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
}

export interface DataTableProps<T> {
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** Given: a filter field searches this text of each row (case and umlaut tolerant). */
  filterText?: (row: T) => string;
  filterLabel?: string;
  pageSize?: number;
  /** Shown when there are no rows at all (a filter without hits says so itself). */
  empty: ReactNode;
  initialSort?: { key: string; dir: 'asc' | 'desc' };
}

type Sort = { key: string; dir: 'asc' | 'desc' } | null;

/** Lower case, umlauts and ß folded, so "muller" finds "Müller". */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

export function DataTable<T>({
  caption,
  rows,
  columns,
  rowKey,
  filterText,
  filterLabel = 'Filtern',
  pageSize = 20,
  empty,
  initialSort,
}: DataTableProps<T>) {
  const [sort, setSort] = useState<Sort>(initialSort ?? null);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const filterId = useId();
  const countId = useId();

  const visible = useMemo(() => {
    const needle = foldText(filter.trim());
    const found =
      needle && filterText ? rows.filter((r) => foldText(filterText(r)).includes(needle)) : rows;
    const column = sort && columns.find((c) => c.key === sort.key);
    if (!column?.sortValue || !sort) return found;
    const value = column.sortValue;
    const sign = sort.dir === 'asc' ? 1 : -1;
    return [...found].sort((a, b) => sign * compare(value(a), value(b)));
  }, [rows, columns, filter, filterText, sort]);

  const pages = Math.max(1, Math.ceil(visible.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = visible.slice(current * pageSize, (current + 1) * pageSize);

  const toggle = (key: string) => {
    setSort((s) =>
      s?.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' },
    );
    setPage(0);
  };

  if (rows.length === 0) return <div className={styles.empty}>{empty}</div>;

  return (
    <div className={styles.main}>
      <div className={styles.tableTools}>
        {filterText ? (
          <label className={styles.filter} htmlFor={filterId}>
            {filterLabel}
            <input
              id={filterId}
              className={styles.input}
              type="search"
              value={filter}
              aria-describedby={countId}
              onChange={(e) => {
                setFilter(e.target.value);
                setPage(0);
              }}
            />
          </label>
        ) : (
          <span />
        )}
        <p id={countId} className={styles.count} aria-live="polite">
          {visible.length === rows.length
            ? `${rows.length} Einträge`
            : `${visible.length} von ${rows.length} Einträgen`}
        </p>
      </div>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className={styles.caption}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => {
                const dir = sort?.key === c.key ? sort.dir : null;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    className={c.numeric ? styles.numeric : undefined}
                    aria-sort={dir ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {c.sortValue ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() => toggle(c.key)}
                      >
                        {c.header}
                        <span aria-hidden="true">
                          {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={c.numeric ? styles.numeric : undefined}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={columns.length} className={styles.empty}>
                  Kein Eintrag passt zu „{filter}“.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className={styles.pager} aria-label={`Seiten von ${caption}`}>
          <Button variant="secondary" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Zurück
          </Button>
          <span>
            Seite {current + 1} von {pages}
          </span>
          <Button
            variant="secondary"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          >
            Weiter
          </Button>
        </nav>
      )}
    </div>
  );
}
