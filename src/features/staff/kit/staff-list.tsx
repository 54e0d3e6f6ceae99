/**
 * The list screens of the staff area in one shape: the table (DataTable: sort, filter, paging,
 * empty) behind the load state, optionally in a titled section; a refresh that fails keeps the
 * rows with the message above them. `StaffListPage` is the whole screen of a list whose objects
 * are edited on their own page: title, intro, "Neu anlegen", the message a create or delete left.
 */
import type { ReactNode } from 'react';
import { Button, ButtonLink } from '../../../ui/button/button';
import { DataTable, type DataTableProps } from './data-table';
import { FormMessage } from './fields';
import { LoadState, type LoadTexts } from './load-state';
import { useNotice } from './save-flow';
import { StaffPage, StaffSection } from './staff-page';
import { kitTexts } from './texts';
import type { StaffData } from './use-staff-data';

export interface StaffListProps<T> extends Omit<DataTableProps<T>, 'rows'> {
  /** The load whose state stands in for the rows until they are there. */
  data: StaffData<unknown>;
  /** The rows; undefined until loaded. */
  rows: readonly T[] | undefined;
  /** Given: the table stands in a section with this title (and `aside` beside it). */
  section?: { title: string; aside?: ReactNode };
  loadTexts?: LoadTexts;
  /** Above the table, under a failed refresh (e.g. the outcome of a row's action). */
  above?: ReactNode;
  /** Under the table (e.g. what its columns mean). */
  below?: ReactNode;
}

export function StaffList<T>({
  data,
  rows,
  section,
  loadTexts,
  above,
  below,
  ...table
}: StaffListProps<T>) {
  if (rows === undefined) return <LoadState data={data} texts={loadTexts} />;
  const content = (
    <>
      {data.status === 'error' && <FormMessage kind="error">{data.error}</FormMessage>}
      {above}
      <DataTable rows={rows} filterLabel={kitTexts.filter} {...table} />
      {below}
    </>
  );
  return section ? (
    <StaffSection title={section.title} aside={section.aside}>
      {content}
    </StaffSection>
  ) : (
    content
  );
}

/** "Aktualisieren", "Wird aktualisiert …" while a reload runs over shown data. */
export function RefreshButton<T>({
  data,
  label,
  busyLabel,
  onClick = data.reload,
}: {
  data: StaffData<T>;
  label: string;
  busyLabel: string;
  onClick?: () => void;
}) {
  const loading = data.status === 'loading';
  return (
    <Button variant="secondary" disabled={loading} onClick={onClick}>
      {loading && data.data !== undefined ? busyLabel : label}
    </Button>
  );
}

export interface StaffListPageProps<T> extends Omit<StaffListProps<T>, 'data' | 'rows'> {
  data: StaffData<readonly T[]>;
  /** The rows when not all loaded ones (e.g. after a filter of the screen's own). */
  rows?: readonly T[];
  title: string;
  /** One paragraph under the title. */
  intro: string;
  /** The create screen's address: "Neu anlegen" beside the title. */
  createTo?: string;
  actions?: ReactNode;
}

export function StaffListPage<T>({
  title,
  intro,
  createTo,
  actions,
  data,
  rows = data.data,
  ...list
}: StaffListPageProps<T>) {
  const notice = useNotice();
  return (
    <StaffPage
      title={title}
      intro={<p>{intro}</p>}
      actions={
        (createTo || actions) && (
          <>
            {createTo && <ButtonLink to={createTo}>{kitTexts.create}</ButtonLink>}
            {actions}
          </>
        )
      }
    >
      {notice && <FormMessage kind="success">{notice}</FormMessage>}
      <StaffList rows={rows} data={data} {...list} />
    </StaffPage>
  );
}
