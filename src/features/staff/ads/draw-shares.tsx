/**
 * The SPEC §4 draw of a slot, made visible: each item's chance of being shown (advertShares from
 * src/lib/advert-draw.ts, the function the public slot draws with) as a bar and a percentage.
 * Items that do not take part (campaign paused, expired, not started) show why.
 */
import type { ReactNode } from 'react';
import { advertShares, type DrawItem } from '../../../lib/advert-draw';
import { CAMPAIGN_TYPE_LABELS, texts } from './texts';
import kit from '../kit/kit.module.css';
import styles from './ads.module.css';

export interface ShareRow extends DrawItem {
  key: string | number;
  label: ReactNode;
  /** Why the item is not drawn (e.g. "pausiert"); undefined: it takes part. */
  outReason?: string;
}

const percent = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 1 });

/** Shares of the rows that take part; the others get 0. */
export function sharesOf(rows: readonly ShareRow[]): number[] {
  const inDraw = rows.filter((r) => r.outReason === undefined);
  const shares = advertShares(inDraw);
  return rows.map((r) => {
    const at = inDraw.indexOf(r);
    return at === -1 ? 0 : (shares[at] ?? 0);
  });
}

export function DrawShares({
  rows,
  caption,
  empty,
}: {
  rows: readonly ShareRow[];
  caption: string;
  empty: string;
}) {
  const shares = sharesOf(rows);
  if (rows.length === 0 || shares.every((s) => s === 0)) {
    return <p className={kit.muted}>{empty}</p>;
  }
  return (
    <ul className={styles.shares} aria-label={caption}>
      {rows.map((row, index) => {
        const share = shares[index] ?? 0;
        const value = percent.format(share);
        return (
          <li key={row.key} className={styles.share}>
            <div className={styles.shareHead}>
              <span>
                {row.label}{' '}
                <span className={kit.muted}>
                  ({CAMPAIGN_TYPE_LABELS[row.CampaignTypeId] ?? row.CampaignTypeId}
                  {row.CampaignTypeId === 1 ? `, ${texts.slots.weight(row.Weight)}` : ''})
                </span>
              </span>
              <span className={styles.shareValue}>
                {row.outReason
                  ? texts.slots.drawInactive(row.outReason)
                  : texts.slots.drawShare(value)}
              </span>
            </div>
            <div className={styles.bar} aria-hidden="true">
              <div
                className={styles.barFill}
                data-type={row.CampaignTypeId}
                style={{ width: `${Math.round(share * 1000) / 10}%` }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
