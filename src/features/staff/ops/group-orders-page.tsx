/**
 * /support/sammelbestellungen (support guard): every group order, open and closed,
 * with its households: e-mail, name, postal code, litres, their state, their own order (number
 * and total) and why the closing left one out. Read-only; a household's order is an order like
 * any other (its number leads to it in the customer's account).
 */
import type { SupportGroup } from '../../../api/contract/group-orders';
import { formatPrice, formatQuantity } from '../../../lib/format';
import {
  Badge,
  formatDateTime,
  RefreshButton,
  StaffList,
  StaffPage,
  useStaffData,
  type BadgeTone,
  type Column,
} from '../kit';
import { fetchSupportGroups } from './api';
import { texts } from './texts';
import kit from '../kit/kit.module.css';
import styles from './ops.module.css';

const t = texts.groupOrders;

const STATE_TONES: Record<SupportGroup['State'], BadgeTone> = {
  open: 'brand',
  closing: 'warning',
  closed: 'success',
  cancelled: 'neutral',
  failed: 'danger',
};

type Member = SupportGroup['Members'][number];

const MEMBER_TONES: Record<Member['State'], BadgeTone> = {
  active: 'brand',
  left: 'neutral',
  ordered: 'success',
  excluded: 'warning',
};

/** "ABCD 2345" */
const spaced = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * A group's households under its row: one block each (e-mail and name, then postal code, litres,
 * state, their own order and total, then the note), so the table stays as wide as the screen.
 */
function Members({ group }: { group: SupportGroup }) {
  const litres = group.Members.filter((m) => m.State !== 'left').reduce(
    (sum, m) => sum + m.Amount,
    0,
  );
  return (
    <details className={kit.details}>
      <summary>{t.householdsSummary(group.Members.length, formatQuantity(litres))}</summary>
      <ul className={styles.members} aria-label={t.membersCaption(spaced(group.Code))}>
        {group.Members.map((m) => (
          <li key={`${m.Email}-${m.ZipCode}-${m.Amount}`}>
            <p>
              <span className={kit.mono}>{m.Email}</span> · {m.Name}
              {m.IsOrganiser && <span className={kit.muted}> ({t.organiser})</span>}
            </p>
            <p className={kit.row}>
              <span>
                {t.member.zip} {m.ZipCode}
              </span>
              <span>{t.member.litres(formatQuantity(m.Amount))}</span>
              <Badge tone={MEMBER_TONES[m.State]}>{t.memberStates[m.State]}</Badge>
              {m.OrderNumber && <span className={kit.mono}>{m.OrderNumber}</span>}
              {m.TotalPrice !== null && (
                <span className="tabular">
                  {t.member.total(formatPrice(m.TotalPrice, group.Currency))}
                </span>
              )}
            </p>
            {m.Note && <p className={kit.muted}>{m.Note}</p>}
          </li>
        ))}
      </ul>
    </details>
  );
}

const columns: Column<SupportGroup>[] = [
  {
    key: 'code',
    header: t.columns.code,
    render: (g) => <span className={`${kit.mono} ${kit.nowrap}`}>{spaced(g.Code)}</span>,
    sortValue: (g) => g.Code,
  },
  {
    key: 'state',
    header: t.columns.state,
    render: (g) => (
      <>
        <Badge tone={STATE_TONES[g.State]}>{t.states[g.State]}</Badge>
        {g.ClosedAt && <p className={kit.muted}>{t.closedAt(formatDateTime(g.ClosedAt))}</p>}
      </>
    ),
    sortValue: (g) => t.states[g.State],
  },
  {
    key: 'place',
    header: t.columns.place,
    render: (g) => (
      <>
        {`${g.ZipCode} ${g.Place}`}
        <p className={kit.muted}>{g.ProductName}</p>
      </>
    ),
    sortValue: (g) => g.ZipCode,
  },
  {
    key: 'deadline',
    header: t.columns.deadline,
    render: (g) => formatDateTime(g.Deadline),
    sortValue: (g) => g.Deadline,
  },
  {
    key: 'dealer',
    header: t.columns.dealer,
    render: (g) => g.DealerName ?? <span className={kit.muted}>{t.none}</span>,
    sortValue: (g) => g.DealerName ?? '',
  },
  {
    key: 'households',
    header: t.columns.households,
    render: (g) => <Members group={g} />,
    sortValue: (g) => g.Members.length,
  },
];

/** What the filter searches: the group and every household's e-mail, name and order. */
function filterText(g: SupportGroup): string {
  return [
    g.Code,
    spaced(g.Code),
    t.states[g.State],
    g.ZipCode,
    g.Place,
    g.ProductName,
    g.DealerName ?? '',
    ...g.Members.flatMap((m) => [m.Email, m.Name, m.ZipCode, m.OrderNumber ?? '', m.Note ?? '']),
  ].join(' ');
}

export function GroupOrdersPage() {
  const data = useStaffData(fetchSupportGroups, 'support-sammelbestellungen', t.loadFailed);

  return (
    <StaffPage
      title={t.title}
      intro={<p>{t.intro}</p>}
      actions={<RefreshButton data={data} label={t.refresh} busyLabel={t.refreshing} />}
    >
      <StaffList
        data={data}
        rows={data.data}
        loadTexts={t}
        section={{ title: t.caption }}
        caption={t.caption}
        columns={columns}
        rowKey={(g) => g.Id}
        filterText={filterText}
        filterLabel={t.filter}
        pageSize={50}
        empty={t.empty}
      />
    </StaffPage>
  );
}
