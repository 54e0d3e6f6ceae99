import { CONNECTION_LOST } from '../api/connection';
import { PRODUCT_NAME } from '../lib/brand';
import { errorPageTitle } from '../lib/page-titles';

export const texts = {
  skipLink: 'Zum Inhalt springen',
  menu: 'Menü',
  closeMenu: 'Menü schließen',
  mainNav: 'Hauptnavigation',
  homeLink: `${PRODUCT_NAME} – zur Startseite`,
  offline: `${CONNECTION_LOST} Bereits geladene Seiten bleiben verfügbar; neue Daten laden, sobald die Verbindung zurück ist.`,
  updateAvailable: 'Neue Version verfügbar',
  updateReload: 'Jetzt aktualisieren',
  updateLater: 'Später',
  footer: {
    tagline: 'Heizöl und Diesel regionaler Händler vergleichen und bestellen.',
    imprint: 'Impressum',
    privacy: 'Datenschutz',
    consent: 'Cookie-Einstellungen',
    service: 'Kundenservice',
    knowledge: 'Rund ums Heizöl',
  },
  error: {
    // SPEC §2: exact texts
    notFound: 'Die angeforderte Seite existiert nicht...',
    notFoundHint: 'Bitte nutzen Sie die Navigation, um zu finden, was Sie suchen.',
    generic: 'Da ist leider etwas schiefgelaufen...',
    genericHint: 'Unsere Techniker sind bereits informiert und arbeiten an einer Lösung.',
    home: 'Startseite',
    title: errorPageTitle,
  },
} as const;
