/**
 * Where an advert or a campaign is in use: one line a slot (linked), then what the screen adds
 * (the campaign or the advert of that slot item); the `none` line when it is used nowhere.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { staffPath, staffPaths } from '../../../lib/staff-routes';
import { StaffSection } from '../kit';
import kit from '../kit/kit.module.css';

export function UsageSection<U extends { SlotId: number; SlotKey: string }>({
  texts: { usageTitle, usageNone },
  usage,
  keyOf,
  children,
}: {
  /** The section's title and its line for "used nowhere". */
  texts: { usageTitle: string; usageNone: string };
  usage: readonly U[];
  /** Tells the items of one slot apart. */
  keyOf: (item: U) => number;
  /** What follows the slot's link. */
  children: (item: U) => ReactNode;
}) {
  return (
    <StaffSection title={usageTitle}>
      {usage.length === 0 ? (
        <p className={kit.muted}>{usageNone}</p>
      ) : (
        <ul className={kit.list}>
          {usage.map((u) => (
            <li key={`${u.SlotId}-${keyOf(u)}`}>
              <Link to={staffPath(staffPaths.supportSlot, u.SlotId)}>{u.SlotKey}</Link>
              {children(u)}
            </li>
          ))}
        </ul>
      )}
    </StaffSection>
  );
}
