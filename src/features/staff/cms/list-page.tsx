/**
 * /support/cms/list (editor guard): every CMS page and news article in one table, with
 * type, title, address, status and last change; filter, sort, paging; new page / new article.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { cmsEntryPath, type CmsEntryListItem } from '../../../api/contract/cms';
import { staffPath, staffPaths } from '../../../lib/staff-routes';
import { ButtonLink } from '../../../ui/button/button';
import {
  Badge,
  formatDateTime,
  inputClass,
  StaffListPage,
  useStaffData,
  type Column,
} from '../kit';
import { fetchEntries } from './api';
import { texts } from './texts';
import styles from './cms.module.css';

/** The editor of an entry: pages by path, articles by ?id= (SPEC §2). */
export function editorPath(entry: Pick<CmsEntryListItem, 'Id' | 'Kind'>): string {
  return entry.Kind === 'page'
    ? staffPath(staffPaths.supportCmsEdit, entry.Id)
    : `${staffPaths.supportCmsContentEdit}?id=${entry.Id}`;
}

const columns: Column<CmsEntryListItem>[] = [
  {
    key: 'kind',
    header: texts.colType,
    render: (e) => texts.kind[e.Kind],
    sortValue: (e) => texts.kind[e.Kind],
  },
  {
    key: 'title',
    header: texts.colTitle,
    render: (e) => (
      <Link to={editorPath(e)} className={styles.rowLink}>
        {e.Title || '(ohne Titel)'}
      </Link>
    ),
    sortValue: (e) => e.Title,
  },
  {
    key: 'address',
    header: texts.colAddress,
    render: (e) => (
      <span className={styles.address}>
        {cmsEntryPath(e.Kind, e.Slug)}
        {e.BuiltIn && (
          <>
            {' '}
            <span title={texts.builtInTitle}>
              <Badge tone="brand">{texts.builtIn}</Badge>
            </span>
          </>
        )}
      </span>
    ),
    sortValue: (e) => cmsEntryPath(e.Kind, e.Slug),
  },
  {
    key: 'status',
    header: texts.colStatus,
    render: (e) => (
      <Badge tone={e.Status === 'published' ? 'success' : 'warning'}>
        {texts.status[e.Status]}
      </Badge>
    ),
    sortValue: (e) => texts.status[e.Status],
  },
  {
    key: 'updated',
    header: texts.colUpdated,
    render: (e) => <time dateTime={e.UpdatedAt}>{formatDateTime(e.UpdatedAt)}</time>,
    sortValue: (e) => e.UpdatedAt,
  },
  {
    key: 'versions',
    header: texts.colVersions,
    render: (e) => e.Versions,
    sortValue: (e) => e.Versions,
    numeric: true,
  },
];

type KindFilter = 'all' | 'page' | 'article';

export function CmsListPage() {
  const entries = useStaffData(fetchEntries, 'cms-entries', texts.listFailed);
  const [kind, setKind] = useState<KindFilter>('all');
  const rows = useMemo(
    () => (entries.data ?? []).filter((e) => kind === 'all' || e.Kind === kind),
    [entries.data, kind],
  );
  return (
    <StaffListPage
      title={texts.listTitle}
      intro={texts.listIntro}
      actions={
        <>
          <ButtonLink to={staffPath(staffPaths.supportCmsEdit)} variant="primary">
            {texts.newPage}
          </ButtonLink>
          <ButtonLink to={staffPaths.supportCmsContentEdit} variant="secondary">
            {texts.newArticle}
          </ButtonLink>
        </>
      }
      data={entries}
      rows={entries.data && rows}
      above={
        <div className={styles.kindFilter}>
          <label htmlFor="cms-kind-filter">{texts.kindFilter}</label>
          <select
            id="cms-kind-filter"
            className={inputClass}
            value={kind}
            onChange={(e) => setKind(e.target.value as KindFilter)}
          >
            <option value="all">{texts.kindAll}</option>
            <option value="page">{texts.kindPages}</option>
            <option value="article">{texts.kindArticles}</option>
          </select>
        </div>
      }
      caption={texts.tableCaption}
      columns={columns}
      rowKey={(e) => e.Id}
      filterText={(e) => `${e.Title} ${cmsEntryPath(e.Kind, e.Slug)} ${texts.kind[e.Kind]}`}
      filterLabel={texts.filterLabel}
      pageSize={25}
      empty={texts.listEmpty}
      initialSort={{ key: 'updated', dir: 'desc' }}
    />
  );
}
