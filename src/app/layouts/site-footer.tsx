import { Link } from 'react-router';
import { openConsentSettings } from '../../features/consent';
import { useLocale } from '../../features/locale';
import { QualityBadge } from '../../features/reviews';
import { DATA_ATTRIBUTION, PRODUCT_NAME } from '../../lib/brand';
import { paths } from '../../lib/paths';
import { knowledgeMenu } from '../../lib/menus';
import { texts } from '../texts';
import styles from './layouts.module.css';

export function SiteFooter() {
  const locale = useLocale();
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <div>
          <p className={styles.footerBrand}>{PRODUCT_NAME}</p>
          <p>{texts.footer.tagline}</p>
          <p>
            {texts.footer.service}:{' '}
            <a href={`tel:${locale.customerPhoneNumber.replace(/\s/g, '')}`}>
              {locale.customerPhoneNumber}
            </a>
          </p>
          <QualityBadge />
        </div>
        <nav aria-label={texts.footer.knowledge}>
          <ul className={styles.footerLinks}>
            {knowledgeMenu.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <ul className={styles.footerLinks}>
          <li>
            <Link to={paths.imprint}>{texts.footer.imprint}</Link>
          </li>
          <li>
            <Link to={paths.privacy}>{texts.footer.privacy}</Link>
          </li>
          <li>
            <button type="button" className={styles.linkButton} onClick={openConsentSettings}>
              {texts.footer.consent}
            </button>
          </li>
        </ul>
      </div>
      <p className={styles.attribution}>
        {DATA_ATTRIBUTION.text}{' '}
        <a href={DATA_ATTRIBUTION.geonamesUrl} rel="noopener">
          geonames.org
        </a>{' '}
        ·{' '}
        <a href={DATA_ATTRIBUTION.licenceUrl} rel="noopener license">
          CC BY 4.0
        </a>
      </p>
    </footer>
  );
}
