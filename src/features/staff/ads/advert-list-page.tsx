/** /support/adverts (guard adManager): every advert, where it is placed, when it changed. */
import { Link } from 'react-router';
import type { AdvertListItem } from '../../../api/contract/iam';
import { staffPath, staffPaths } from '../../../lib/staff-routes';
import { formatDateTime, StaffListPage, useStaffData, type Column } from '../kit';
import { fetchAdverts } from './api';
import { texts } from './texts';

const t = texts.adverts;

const columns: Column<AdvertListItem>[] = [
  {
    key: 'name',
    header: t.colName,
    render: (a) => <Link to={staffPath(staffPaths.supportAdvert, a.Id)}>{a.Name}</Link>,
    sortValue: (a) => a.Name,
  },
  {
    key: 'target',
    header: t.colTarget,
    render: (a) => a.TargetUrl || texts.common.none,
    sortValue: (a) => a.TargetUrl,
  },
  {
    key: 'slots',
    header: t.colSlots,
    render: (a) => {
      const slots = a.SlotNames ?? a.SlotKeys;
      return slots.length > 0 ? slots.join(', ') : texts.common.none;
    },
    sortValue: (a) => a.SlotKeys.length,
  },
  {
    key: 'updated',
    header: t.colUpdated,
    render: (a) => formatDateTime(a.UpdatedAt),
    sortValue: (a) => a.UpdatedAt,
  },
];

export function AdvertListPage() {
  const data = useStaffData(fetchAdverts, 'adverts', texts.common.loadFailed);
  return (
    <StaffListPage
      title={t.listTitle}
      intro={t.listIntro}
      createTo={staffPaths.supportAdvertCreate}
      data={data}
      caption={t.caption}
      columns={columns}
      rowKey={(a) => a.Id}
      filterText={(a) =>
        `${a.Name} ${a.TargetUrl} ${a.SlotKeys.join(' ')} ${(a.SlotNames ?? []).join(' ')}`
      }
      empty={t.empty}
      initialSort={{ key: 'name', dir: 'asc' }}
    />
  );
}
