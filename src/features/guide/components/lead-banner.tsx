/**
 * The lead partner's offer for the visitor's postal code (SPEC §3 Zip-code banner, §7
 * lead-banner availability). Shown only when IsSuccess and Payload.HasData; a failure means no
 * banner (SPEC §8), so nothing at all is rendered then.
 */
import { useEffect, useState } from 'react';
import type { LeadBannerData } from '../../../api/contract/leads';
import { LEAD_PARTNER } from '../../../api/contract/leads-rules';
import { fetchLeadBanner } from '../api';
import { texts } from '../texts';
import styles from '../guide.module.css';

export function LeadBanner({ countryId, zipCode }: { countryId: number; zipCode: string }) {
  const [banner, setBanner] = useState<{ key: string; data: LeadBannerData | null } | null>(null);
  const key = `${countryId}:${zipCode}`;
  useEffect(() => {
    if (!zipCode) return;
    const controller = new AbortController();
    void fetchLeadBanner(LEAD_PARTNER.slug, countryId, zipCode, controller.signal).then((data) => {
      if (!controller.signal.aborted) setBanner({ key, data });
    });
    return () => controller.abort();
  }, [countryId, zipCode, key]);

  const data = banner?.key === key ? banner.data : null;
  if (!data) return null;
  return (
    <aside className={styles.banner} aria-label={texts.banner.label}>
      <p className={styles.eyebrow}>
        {texts.banner.label}: {data.PartnerName} · {data.StateName}
      </p>
      <h2 className={styles.sectionTitle}>{data.Headline}</h2>
      <ul className={styles.bannerServices}>
        {data.Services.map((s) => (
          <li key={s.Id}>
            <strong>{s.Title}</strong> {s.Text}
          </li>
        ))}
      </ul>
      {/* On the result page the partner's offer leads to the lead form below it. */}
      <p className={styles.bannerCta}>
        <a href="#beratung">{texts.banner.cta}</a>
      </p>
    </aside>
  );
}
