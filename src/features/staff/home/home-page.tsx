/**
 * /support ('staff' guard): the entry of the staff area. One tile per screen the
 * member's roles open, grouped like the staff menus, so an editor sees the CMS, an ad manager
 * adverts, campaigns and slots, a supporter users, an admin all of it.
 */
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { staffPaths } from '../../../lib/staff-routes';
import { displayName, sessionState } from '../../session';
import { STAFF_SECTION_TITLES, StaffPage, StaffSection, useStaffMenus } from '../kit';
import styles from '../kit/kit.module.css';

/** What each screen is for, in one line. */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  [staffPaths.supportUserList]: 'Kundinnen und Kunden suchen, bearbeiten, sperren oder übernehmen.',
  [staffPaths.supportTelemetry]:
    'Fehler aus den Browsern und Ladezeiten je Seite der letzten 7 Tage.',
  [staffPaths.supportGroupOrders]:
    'Offene und abgeschlossene Sammelbestellungen mit den Haushalten und ihren eigenen Bestellungen.',
  [staffPaths.supportDeliveryBookings]:
    'Gebuchte Liefertermine eines Händlers je Werktag gegen seine Kapazität an Litern und Stopps.',
  [staffPaths.supportAdverts]:
    'Werbemittel mit HTML und Stylesheet anlegen und in der Vorschau prüfen.',
  [staffPaths.supportCampaigns]:
    'Bezahlte und eigene Kampagnen mit Zeitraum, Ländern und PLZ-Gebieten.',
  [staffPaths.supportSlots]: 'Werbeplätze der Seiten und welche Kampagne wie oft gezogen wird.',
  [staffPaths.supportCmsList]:
    'Seiten und News-Artikel schreiben, in der Vorschau prüfen, veröffentlichen.',
  [staffPaths.supportCache]: 'Zwischenspeicher des Servers ansehen und in allen Prozessen leeren.',
  [staffPaths.supportJobs]:
    'Warteschlange der Server: hängende, verspätete und fehlgeschlagene Aufträge mit ihrem Fehler.',
};

export function StaffHomePage() {
  const sections = useStaffMenus();
  const { User } = useSnapshot(sessionState);
  const name = User ? displayName(User) : '';
  return (
    <StaffPage
      title="Support-Bereich"
      intro={
        <p>
          {name ? `Hallo ${name}. ` : ''}Hier finden Sie die Werkzeuge, die Ihre Rollen freigeben.
          Jede Änderung wird mit Ihrem Namen protokolliert.
        </p>
      }
    >
      {sections.map((section) => (
        <StaffSection key={section.name} title={STAFF_SECTION_TITLES[section.name] ?? ''}>
          <ul className={styles.tiles}>
            {section.items
              .filter((item) => item.to !== staffPaths.support)
              .map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={styles.tile}>
                    <span className={styles.tileTitle}>{item.label}</span>
                    <span className={styles.tileText}>{DESCRIPTIONS[item.to] ?? ''}</span>
                  </Link>
                </li>
              ))}
          </ul>
        </StaffSection>
      ))}
    </StaffPage>
  );
}
