/** German texts of the ad manager's screens. */
import type { CampaignStatus } from '../../../api/contract/iam';
import { kitTexts } from '../kit/texts';

export const COUNTRY_CODES: Readonly<Record<number, string>> = { 1: 'DE', 2: 'AT', 3: 'CH' };
export const COUNTRY_NAMES: Readonly<Record<number, string>> = {
  1: 'Deutschland',
  2: 'Österreich',
  3: 'Schweiz',
};

export const CAMPAIGN_TYPE_LABELS: Readonly<Record<number, string>> = { 1: 'Bezahlt', 2: 'Haus' };
export const SLOT_TYPE_LABELS: Readonly<Record<number, string>> = {
  1: 'Banner',
  2: 'Listeneintrag',
  3: 'Seitenleiste',
};

export const STATUS_LABELS: Readonly<Record<CampaignStatus, string>> = {
  active: 'aktiv',
  paused: 'pausiert',
  expired: 'abgelaufen',
  scheduled: 'geplant',
};

export const texts = {
  common: {
    ...kitTexts,
    none: '–',
    yes: 'ja',
    no: 'nein',
    everyZip: 'alle',
  },
  adverts: {
    // As the menu names them (heading "Anzeigen", menu "Werbemittel").
    listTitle: 'Werbemittel',
    listIntro:
      'Werbemittel aus HTML und Stylesheet. Welche Anzeige wo erscheint, legen Sie in den Platzierungen fest.',
    caption: 'Alle Werbemittel',
    empty: 'Noch keine Anzeige angelegt.',
    back: 'Alle Werbemittel',
    createTitle: 'Neue Anzeige',
    editTitle: (name: string) => `Anzeige: ${name}`,
    colName: 'Name',
    colTarget: 'Ziel-Link',
    colSlots: 'Platzierungen',
    colUpdated: 'Geändert',
    name: 'Name',
    nameHint: 'Nur intern sichtbar, z. B. „Herbstaktion Tankreinigung“.',
    html: 'HTML',
    htmlHint:
      'Erlaubt: div, span, p, a, strong, em, b, i, br, h2–h4, ul, ol, li, img, figure, figcaption, small mit class-Attributen. Skripte, Event-Handler, style-Attribute, iframes und Formulare werden beim Speichern entfernt.',
    css: 'Stylesheet (CSS)',
    cssHint:
      'Gilt nur innerhalb der Anzeige. @import, url() zu fremden Adressen (außer https), expression(), position: fixed und „</“ werden entfernt. Mit Ziel-Link steckt die Anzeige in <a class="advert-link">.',
    targetUrl: 'Ziel-Link (optional)',
    targetUrlHint:
      'Die ganze Anzeige wird zu diesem Link: ein eigener Pfad wie /heizoelhaendler oder eine https-Adresse.',
    preview: 'Vorschau',
    previewSize: 'Vorschaugröße',
    previewStage: 'Vorschaufläche',
    previewLabel: 'Vorschau der Anzeige',
    previewWaiting: 'Die Vorschau erscheint, sobald HTML eingegeben ist.',
    previewFailed: 'Die Vorschau konnte nicht erstellt werden.',
    previewChanged:
      'Hinweis: Nicht erlaubte Teile wurden entfernt. Die Vorschau zeigt, was gespeichert wird.',
    previewImages:
      'Bilder von fremden Servern zeigt die Seite nicht an (Sicherheitsrichtlinie); bitte Bilder unter eigenen Pfaden verwenden.',
    usageTitle: 'Verwendung',
    usageNone: 'Diese Anzeige steht in keiner Platzierung.',
    usageCampaign: 'Kampagne',
    deleteQuestion: 'Diese Anzeige löschen?',
    deleteUnused: 'Sie steht in keiner Platzierung.',
    deleteUsed: (n: number) =>
      n === 1
        ? 'Sie steht in 1 Platzierungseintrag; dieser Eintrag wird mit gelöscht.'
        : `Sie steht in ${n} Platzierungseinträgen; diese Einträge werden mit gelöscht.`,
    deleted: 'Die Anzeige wurde gelöscht.',
  },
  campaigns: {
    listTitle: 'Kampagnen',
    listIntro:
      'Bezahlte Kampagnen werden nach Gewicht gezogen; Hauskampagnen springen ein, wenn keine bezahlte passt.',
    caption: 'Alle Kampagnen',
    empty: 'Noch keine Kampagne angelegt.',
    back: 'Alle Kampagnen',
    createTitle: 'Neue Kampagne',
    editTitle: (name: string) => `Kampagne: ${name}`,
    colName: 'Name',
    colType: 'Typ',
    colWeight: 'Gewicht',
    colPeriod: 'Zeitraum',
    colStatus: 'Status',
    colCountries: 'Länder',
    colZip: 'PLZ-Filter',
    colSlots: 'Platzierungen',
    name: 'Name',
    type: 'Typ',
    typeHint:
      'Bezahlt: nimmt an der Ziehung nach Gewicht teil. Haus: erscheint nur, wenn keine bezahlte Kampagne aktiv ist und passt.',
    weight: 'Gewicht',
    weightHint: 'Von 1 bis 1000. Doppeltes Gewicht heißt doppelt so oft gezogen.',
    startsAt: 'Beginn',
    startsAtHint: 'Ab 0:00 Uhr (deutsche Zeit).',
    endsAt: 'Ende (optional)',
    endsAtHint: 'Bis 24:00 Uhr dieses Tages. Leer: ohne Ende.',
    countries: 'Länder',
    zipRanges: 'PLZ-Filter (optional)',
    zipRangesHint:
      'Postleitzahlen oder Bereiche, durch Komma getrennt, z. B. „80331, 80333-80999“. Leer: alle Postleitzahlen. Gilt nur auf Platzierungen mit PLZ-Filter; Deutschland hat 5, Österreich und die Schweiz 4 Ziffern.',
    active: 'Aktiv',
    activeHint: 'Ausschalten pausiert die Kampagne sofort, ohne den Zeitraum zu ändern.',
    periodFrom: (from: string) => `ab ${from}`,
    usageTitle: 'Verwendung',
    usageNone: 'Diese Kampagne steht in keiner Platzierung.',
    deleteQuestion: 'Diese Kampagne löschen?',
    deleteUnused: 'Sie steht in keiner Platzierung.',
    deleteUsed: (n: number) =>
      n === 1
        ? 'Sie steht in 1 Platzierungseintrag; dieser Eintrag wird mit gelöscht.'
        : `Sie steht in ${n} Platzierungseinträgen; diese Einträge werden mit gelöscht.`,
    deleted: 'Die Kampagne wurde gelöscht.',
  },
  slots: {
    listTitle: 'Platzierungen',
    listIntro:
      'Werbeflächen der Seiten (z. B. home-top). Je Platzierung legen Sie fest, welche Kampagne welche Anzeige zeigt.',
    caption: 'Alle Platzierungen',
    empty: 'Noch keine Platzierung angelegt.',
    back: 'Alle Platzierungen',
    createTitle: 'Neue Platzierung',
    editTitle: (key: string) => `Platzierung: ${key}`,
    colKey: 'Schlüssel',
    colName: 'Name',
    colType: 'Art',
    colSize: 'Größe',
    colZip: 'PLZ-Filter',
    colItems: 'Einträge',
    colUpdated: 'Geändert',
    key: 'Schlüssel',
    keyHint:
      '2 bis 40 Kleinbuchstaben, Ziffern oder Bindestriche. Die Seiten fragen mit diesem Schlüssel; eine Änderung trennt die Seite von der Platzierung.',
    name: 'Name',
    type: 'Art',
    width: 'Breite (px)',
    height: 'Höhe (px)',
    sizeHint: 'Der Platz, den die Seite vorab freihält.',
    zipFiltering: 'PLZ-Filter anwenden',
    zipFilteringHint:
      'Ja: Kampagnen mit PLZ-Filter erscheinen nur bei passender Postleitzahl im Rechner.',
    itemsTitle: 'Einträge',
    itemsIntro:
      'Reihenfolge zählt für Hauskampagnen: es springt immer der erste passende Hauseintrag ein.',
    itemsEmpty: 'Noch keine Einträge: die Platzierung bleibt leer.',
    itemCampaign: (n: number) => `Kampagne für Eintrag ${n}`,
    itemAdvert: (n: number) => `Anzeige für Eintrag ${n}`,
    choose: 'Bitte wählen',
    addItem: 'Eintrag hinzufügen',
    moveUp: (n: number) => `Eintrag ${n} nach oben`,
    moveDown: (n: number) => `Eintrag ${n} nach unten`,
    removeItem: (n: number) => `Eintrag ${n} entfernen`,
    itemRequired: 'Bitte bei jedem Eintrag Kampagne und Anzeige wählen.',
    drawTitle: 'Ziehung',
    drawIntro:
      'Bezahlte Einträge werden bei jedem Aufruf nach Gewicht gezogen: Gewicht 30 neben Gewicht 10 erscheint in 75 % der Aufrufe. Hauseinträge springen nur ein, wenn kein bezahlter Eintrag aktiv ist und zur Postleitzahl passt – dann immer der erste Hauseintrag der Liste.',
    drawNow: 'Anteile jetzt (alle aktiven Kampagnen, ohne Länder- und PLZ-Prüfung)',
    drawCaption: 'Anteil je Eintrag',
    drawEmpty: 'Keine aktive Kampagne: die Platzierung bleibt leer.',
    drawInactive: (status: string) => `nicht in der Ziehung (${status})`,
    drawShare: (percent: string) => `${percent} der Aufrufe`,
    checkTitle: 'Für eine Postleitzahl prüfen',
    checkIntro:
      'Fragt die Platzierung so ab wie die Seite (gespeicherter Stand): nur Kampagnen, die jetzt laufen und zu Land und Postleitzahl passen.',
    checkCountry: 'Land',
    checkZip: 'Postleitzahl (optional)',
    checkButton: 'Anteile prüfen',
    checkUnsaved: 'Erst speichern, dann prüfen.',
    checkResult: (where: string) => `Anteile für ${where}`,
    checkNone: 'Für diese Angaben zeigt die Platzierung nichts an.',
    deleteQuestion: 'Diese Platzierung löschen?',
    deleteInfo: (n: number) =>
      `Ihre ${n} Einträge werden mit gelöscht; Seiten, die nach diesem Schlüssel fragen, zeigen dort keine Anzeige mehr.`,
    deleted: 'Die Platzierung wurde gelöscht.',
    zipNeedsFive: 'Bitte eine deutsche Postleitzahl mit 5 Ziffern eingeben.',
    zipNeedsFour: 'Bitte eine Postleitzahl mit 4 Ziffern eingeben.',
    where: (country: string, zip: string) => (zip ? `${country}, PLZ ${zip}` : country),
    campaignOption: (name: string, type: number, weight: number, status: string) =>
      type === 1 ? `${name} (Bezahlt, Gewicht ${weight}, ${status})` : `${name} (Haus, ${status})`,
    weight: (weight: number) => `Gewicht ${weight}`,
    unknownCampaign: 'unbekannte Kampagne',
    unknownAdvert: 'unbekannte Anzeige',
  },
} as const;
