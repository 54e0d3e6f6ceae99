/** /support/slots (guard adManager): every advert slot, its size, filter and number of items. */
import { Link } from 'react-router';
import type { Slot } from '../../../api/contract/iam';
import { staffPath, staffPaths } from '../../../lib/staff-routes';
import { formatDateTime, StaffListPage, useStaffData, type Column } from '../kit';
import { fetchSlots } from './api';
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
  return (
    <StaffListPage
      title={t.listTitle}
      intro={t.listIntro}
      createTo={staffPaths.supportSlotCreate}
      data={data}
      caption={t.caption}
      columns={columns}
      rowKey={(s) => s.Id}
      filterText={(s) => `${s.SlotKey} ${s.Name} ${SLOT_TYPE_LABELS[s.SlotTypeId] ?? ''}`}
      empty={t.empty}
      initialSort={{ key: 'key', dir: 'asc' }}
    />
  );
}
