/** /support/slots (guard adManager): every advert slot, its size, filter and number of items. */
import { Link } from 'react-router';
import type { Slot } from '../../../api/contract/iam';
import { staffPath, staffPaths } from '../../../lib/staff-routes';
import { ButtonLink } from '../../../ui/button/button';
import {
  DataTable,
  formatDateTime,
  FormMessage,
  StaffPage,
  useStaffData,
  type Column,
} from '../kit';
import { fetchSlots } from './api';
import { LoadState, useNotice } from './parts';
import { SLOT_TYPE_LABELS, texts } from './texts';

const t = texts.slots;

const columns: Column<Slot>[] = [
  {
    key: 'key',
    header: t.colKey,
    render: (s) => <Link to={staffPath(staffPaths.supportSlot, s.Id)}>{s.SlotKey}</Link>,
    sortValue: (s) => s.SlotKey,
  },
  { key: 'name', header: t.colName, render: (s) => s.Name, sortValue: (s) => s.Name },
  {
    key: 'type',
    header: t.colType,
    render: (s) => SLOT_TYPE_LABELS[s.SlotTypeId] ?? s.SlotTypeId,
    sortValue: (s) => s.SlotTypeId,
  },
  {
    key: 'size',
    header: t.colSize,
    render: (s) => `${s.Width} × ${s.Height}`,
    sortValue: (s) => s.Width * s.Height,
  },
  {
    key: 'zip',
    header: t.colZip,
    render: (s) => (s.AppliesZipFiltering ? texts.common.yes : texts.common.no),
    sortValue: (s) => (s.AppliesZipFiltering ? 1 : 0),
  },
  {
    key: 'items',
    header: t.colItems,
    render: (s) => s.Items.length,
    sortValue: (s) => s.Items.length,
    numeric: true,
  },
  {
    key: 'updated',
    header: t.colUpdated,
    render: (s) => formatDateTime(s.UpdatedAt),
    sortValue: (s) => s.UpdatedAt,
  },
];

export function SlotListPage() {
  const data = useStaffData(fetchSlots, 'slots', texts.common.loadFailed);
  const notice = useNotice();
  return (
    <StaffPage
      title={t.listTitle}
      intro={<p>{t.listIntro}</p>}
      actions={<ButtonLink to={staffPaths.supportSlotCreate}>{texts.common.create}</ButtonLink>}
    >
      {notice && <FormMessage kind="success">{notice}</FormMessage>}
      <LoadState data={data} />
      {data.data && (
        <DataTable
          caption={t.caption}
          rows={data.data}
          columns={columns}
          rowKey={(s) => s.Id}
          filterText={(s) => `${s.SlotKey} ${s.Name} ${SLOT_TYPE_LABELS[s.SlotTypeId] ?? ''}`}
          filterLabel={texts.common.filter}
          empty={t.empty}
          initialSort={{ key: 'key', dir: 'asc' }}
        />
      )}
    </StaffPage>
  );
}
