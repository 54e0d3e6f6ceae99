import { openConsentSettings } from '../consent';
import { Button } from '../../ui/button/button';
import styles from './legal.module.css';
import { texts } from './texts';

export function PrivacyPage() {
  return (
    <article className={styles.page}>
      <h1>{texts.privacyTitle}</h1>
      <p>
        Wir verarbeiten nur die Daten, die für den Preisvergleich und Ihre Bestellung nötig sind.
        Alles Weitere geschieht nur mit Ihrer Einwilligung, die Sie jederzeit ändern können.
      </p>
      <h2>Was in Ihrem Browser gespeichert wird</h2>
      <ul>
        <li>
          <strong>Notwendig:</strong> Ihre Länderauswahl (Cookie „locale“, 365 Tage), Ihre
          Cookie-Auswahl (in IndexedDB) mit dem Vermerk, dass Sie die Frage beantwortet haben
          (Cookie „ok_consent“, 1 Jahr, ohne Ihre Auswahl), und die Dateien der App für die
          Offline-Nutzung (IndexedDB und Service-Worker-Cache).
        </li>
        <li>
          <strong>Präferenzen</strong> (nur mit Einwilligung): Ihre Rechner-Einstellungen für 7
          Tage.
        </li>
        <li>
          <strong>Statistik</strong> (nur mit Einwilligung): anonyme Messwerte zu Ladezeiten und
          Fehlern.
        </li>
      </ul>
      <Button variant="secondary" onClick={openConsentSettings}>
        {texts.changeConsent}
      </Button>
    </article>
  );
}
