/** /support/campaigns (guard adManager): type, weight, period, status, countries, postal filter. */
import { Link } from 'react-router';
import type { Campaign, CampaignStatus } from '../../../api/contract/iam';
import { formatDayDe } from '../../../lib/dates';
import { staffPath, staffPaths } from '../../../lib/staff-routes';
import { Badge, StaffListPage, useStaffData, type BadgeTone, type Column } from '../kit';
import { fetchCampaigns } from './api';
import { CAMPAIGN_TYPE_LABELS, COUNTRY_CODES, STATUS_LABELS, texts } from './texts';

const t = texts.campaigns;

export const STATUS_TONES: Readonly<Record<CampaignStatus, BadgeTone>> = {
  active: 'success',
  paused: 'warning',
  expired: 'neutral',
  scheduled: 'brand',
};

/** "01.03.2026 – 31.03.2026", or "ab 01.03.2026" without an end. */
export function periodText(c: Pick<Campaign, 'StartsAt' | 'EndsAt'>): string {
  return c.EndsAt
    ? `${formatDayDe(c.StartsAt)} – ${formatDayDe(c.EndsAt)}`
    : t.periodFrom(formatDayDe(c.StartsAt));
}

export function countriesText(ids: readonly number[]): string {
  return ids.map((id) => COUNTRY_CODES[id] ?? String(id)).join(', ');
}

const STATUS_ORDER: Readonly<Record<CampaignStatus, number>> = {
  active: 0,
  scheduled: 1,
  paused: 2,
  expired: 3,
};

const columns: Column<Campaign>[] = [
  {
    key: 'name',
    header: t.colName,
    render: (c) => <Link to={staffPath(staffPaths.supportCampaign, c.Id)}>{c.Name}</Link>,
    sortValue: (c) => c.Name,
  },
  {
    key: 'type',
    header: t.colType,
    render: (c) => (
      <Badge tone={c.CampaignTypeId === 1 ? 'brand' : 'neutral'}>
        {CAMPAIGN_TYPE_LABELS[c.CampaignTypeId] ?? c.CampaignTypeId}
      </Badge>
    ),
    sortValue: (c) => c.CampaignTypeId,
  },
  {
    key: 'weight',
    header: t.colWeight,
    render: (c) => c.Weight,
    sortValue: (c) => c.Weight,
    numeric: true,
  },
  {
    key: 'period',
    header: t.colPeriod,
    render: periodText,
    sortValue: (c) => c.StartsAt,
  },
  {
    key: 'status',
    header: t.colStatus,
    render: (c) => <Badge tone={STATUS_TONES[c.Status]}>{STATUS_LABELS[c.Status]}</Badge>,
    sortValue: (c) => STATUS_ORDER[c.Status],
  },
  {
    key: 'countries',
    header: t.colCountries,
    render: (c) => countriesText(c.CountryIds),
    sortValue: (c) => countriesText(c.CountryIds),
  },
  {
    key: 'zip',
    header: t.colZip,
    render: (c) => c.ZipRanges || texts.common.everyZip,
    sortValue: (c) => c.ZipRanges,
  },
  {
    key: 'slots',
    header: t.colSlots,
    render: (c) => c.Usage.length,
    sortValue: (c) => c.Usage.length,
    numeric: true,
  },
];

export function CampaignListPage() {
  const data = useStaffData(fetchCampaigns, 'campaigns', texts.common.loadFailed);
  return (
    <StaffListPage
      title={t.listTitle}
      intro={t.listIntro}
      createTo={staffPaths.supportCampaignCreate}
      data={data}
      caption={t.caption}
      columns={columns}
      rowKey={(c) => c.Id}
      filterText={(c) =>
        [
          c.Name,
          CAMPAIGN_TYPE_LABELS[c.CampaignTypeId],
          STATUS_LABELS[c.Status],
          countriesText(c.CountryIds),
          c.ZipRanges,
        ].join(' ')
      }
      empty={t.empty}
      initialSort={{ key: 'status', dir: 'asc' }}
    />
  );
}
