export const texts = {
  /** /support/cache. */
  cache: {
    title: 'Caches',
    intro:
      'Zwischengespeicherte Daten dieses Servers. Leeren wirkt sofort in allen Serverprozessen; die nächste Anfrage lädt frisch aus der Datenbank.',
    caption: 'Caches des Servers',
    refresh: 'Aktualisieren',
    refreshing: 'Wird aktualisiert …',
    clearAll: 'Alle leeren',
    clearAllConfirm: 'Wirklich alle Caches leeren? Die ersten Anfragen danach sind langsamer.',
    clearAllYes: 'Ja, alle leeren',
    cancel: 'Abbrechen',
    clear: 'Leeren',
    clearLabel: (label: string) => `${label} leeren`,
    clearing: 'Wird geleert …',
    cleared: (label: string) => `${label}: geleert.`,
    clearedAll: 'Alle Caches sind geleert.',
    clearFailed: 'Der Cache konnte nicht geleert werden.',
    loadFailed: 'Die Caches konnten nicht geladen werden.',
    loading: 'Caches werden geladen …',
    retry: 'Erneut versuchen',
    empty: 'Es sind keine Caches angemeldet.',
    columns: {
      label: 'Cache',
      entries: 'Einträge',
      memory: 'Speicher · Treffer',
      age: 'Ältester Eintrag',
      cleared: 'Zuletzt geleert',
      action: 'Aktion',
    },
    never: 'noch nie',
    clearedBy: (at: string, by: string) => `${at} von ${by}`,
    asOf: (time: string) => `Stand: ${time}`,
  },
  /** /support/jobs. */
  jobs: {
    title: 'Hintergrundaufträge',
    intro:
      'Die neuesten Aufträge der Warteschlange in der Datenbank, etwa die tägliche Preisaufnahme, die Preisalarme, Abschlüsse von Sammelbestellungen und jede E-Mail. Jeder Serverprozess schaut alle 10 Sekunden nach, was fällig ist (E-Mails alle 2 Sekunden).',
    legend: [
      '„Hängt“: Der ausführende Prozess hat seine Frist (45 Sekunden, solange er läuft immer wieder verlängert) nicht mehr verlängert – er ist beendet oder blockiert. Der nächste Durchlauf eines Servers nimmt den Auftrag wieder auf oder gibt ihn nach dem letzten Versuch als fehlgeschlagen auf.',
      '„Erneut ausführen“: Ein fehlgeschlagener Auftrag wird sofort wieder fällig, mit drei weiteren Versuchen (etwa nachdem ein Mailserver wieder erreichbar ist). Das steht im Änderungsprotokoll.',
      '„Verspätet“: seit mehr als 2 Minuten fällig und von keinem Prozess übernommen.',
      'Verspätung: wie lange nach der Fälligkeit der Auftrag lief; bei erledigten und fehlgeschlagenen bis zu seinem Ende, also mit seiner Laufzeit.',
    ],
    summary: 'Übersicht',
    caption: 'Aufträge der Warteschlange',
    refresh: 'Aktualisieren',
    refreshing: 'Wird aktualisiert …',
    loadFailed: 'Die Aufträge konnten nicht geladen werden.',
    loading: 'Aufträge werden geladen …',
    retry: 'Erneut versuchen',
    empty: 'Die Warteschlange ist leer: Es wurde noch kein Auftrag angelegt.',
    filter: 'Aufträge filtern',
    columns: {
      name: 'Auftrag',
      key: 'Schlüssel',
      state: 'Status',
      attempts: 'Versuche',
      runAt: 'Fällig',
      late: 'Verspätung',
      lastError: 'Letzter Fehler',
      lockedBy: 'Ausgeführt von',
    },
    runAgain: 'Erneut ausführen',
    runningAgain: 'Wird gestartet …',
    runAgainLabel: (name: string, key: string) => `${name} (${key}) erneut ausführen`,
    ranAgain: (name: string, key: string) =>
      `${name} (${key}) ist wieder fällig und wird gleich ausgeführt.`,
    runAgainFailed: 'Der Auftrag konnte nicht erneut gestartet werden.',
    states: {
      pending: 'wartet',
      running: 'läuft',
      done: 'erledigt',
      failed: 'fehlgeschlagen',
    },
    stuck: 'hängt',
    late: 'verspätet',
    counts: {
      pending: 'Wartend',
      running: 'Laufend',
      stuck: 'Hängend',
      late: 'Verspätet',
      done: 'Erledigt',
      failed: 'Fehlgeschlagen',
    },
    attempts: (attempts: number, max: number) => `${attempts} von ${max}`,
    shown: (shown: number, total: number) =>
      shown < total
        ? `Die neuesten ${shown} von ${total.toLocaleString('de-DE')} Aufträgen.`
        : total === 0
          ? 'Noch keine Aufträge.'
          : total === 1
            ? '1 Auftrag.'
            : `Alle ${total.toLocaleString('de-DE')} Aufträge.`,
    notDue: 'noch nicht fällig',
    fullError: 'Ganzer Fehlertext',
    none: '–',
    asOf: (time: string) => `Stand: ${time}`,
  },
  /** /support/liefertermine (support guard). */
  deliveryBookings: {
    title: 'Liefertermine',
    intro:
      'Die gebuchten Liefertermine eines Händlers je Werktag gegen seine Kapazität: Liter und Stopps je Halbtag, mit den Bestellungen. Nur zum Ansehen.',
    dealer: 'Händler-Nummer',
    dealerHint: 'Die Nummer (Id) des Händlers, z. B. aus der Angebotsliste oder einer Bestellung.',
    dealerInvalid: 'Bitte geben Sie eine Händler-Nummer ein (eine ganze Zahl ab 1).',
    show: 'Anzeigen',
    refresh: 'Aktualisieren',
    refreshing: 'Wird aktualisiert …',
    start: 'Geben Sie die Nummer eines Händlers ein, um seine Liefertermine zu sehen.',
    loading: 'Liefertermine werden geladen …',
    loadFailed: 'Die Liefertermine konnten nicht geladen werden.',
    notFound: (id: number) => `Einen Händler mit der Nummer ${id} gibt es nicht.`,
    retry: 'Erneut versuchen',
    heading: (name: string, id: number) => `${name} (Nr. ${id})`,
    caption: (name: string) => `Liefertermine von ${name} je Werktag`,
    empty: 'In den nächsten 30 Tagen gibt es keine Liefertage mit Kapazität.',
    columns: {
      date: 'Datum',
      depot: 'Niederlassung',
      tours: 'Touren',
      litres: 'Liter gebucht / Kapazität',
      stops: 'Stopps',
      bookings: 'Buchungen',
    },
    /** "12.000 / 30.000 L" */
    litres: (booked: string, capacity: string) => `${booked} / ${capacity} L`,
    /** "40 % ausgelastet" */
    share: (percent: string) => `${percent} % ausgelastet`,
    toursValue: (n: number) => `${n} je Halbtag`,
    stops: {
      /** "von 30" after "3 / 2 / 1" */
      of: (capacity: string) => `von ${capacity}`,
      spoken: (morning: number, afternoon: number, allDay: number, capacity: string) =>
        `vormittags ${morning}, nachmittags ${afternoon}, ganztags ${allDay}, Kapazität ${capacity} Stopps je Tag`,
    },
    windows: { ganztags: 'ganztags', vormittags: 'vormittags', nachmittags: 'nachmittags' },
    noBookings: 'keine',
    bookingsSummary: (n: number) => (n === 1 ? '1 Buchung' : `${n} Buchungen`),
    bookingsCaption: (day: string, depot: string) => `Buchungen am ${day}, ${depot}`,
    /** "ganztags · 3.000 L · 10115 Berlin" after the order number. */
    booking: (window: string, litres: string, place: string) =>
      `${window} · ${litres} L · ${place}`,
    legend:
      'Eine Zeile je Werktag und Niederlassung. Stopps: vormittags / nachmittags / ganztags gebucht, von den Stopps, die der Tag aufnehmen kann (ein Halbtag die Hälfte).',
  },
  /** /support/sammelbestellungen (support guard). */
  groupOrders: {
    title: 'Sammelbestellungen',
    intro:
      'Offene und abgeschlossene Sammelbestellungen mit ihren Haushalten: wer mitmacht, wer bestellt hat (mit Bestellnummer und Betrag) und wer beim Abschluss herausgefallen ist und warum. Jeder Haushalt hat seine eigene Bestellung beim selben Händler.',
    caption: 'Sammelbestellungen, die neueste zuerst',
    refresh: 'Aktualisieren',
    refreshing: 'Wird aktualisiert …',
    loadFailed: 'Die Sammelbestellungen konnten nicht geladen werden.',
    loading: 'Sammelbestellungen werden geladen …',
    retry: 'Erneut versuchen',
    empty: 'Noch keine Sammelbestellungen.',
    filter: 'Filtern (Code, PLZ, Ort, E-Mail, Name, Bestellnummer)',
    columns: {
      code: 'Code',
      state: 'Status',
      place: 'PLZ / Ort',
      deadline: 'Frist',
      dealer: 'Händler',
      households: 'Haushalte',
    },
    closedAt: (when: string) => `am ${when}`,
    states: {
      open: 'offen',
      closing: 'wird abgeschlossen',
      closed: 'abgeschlossen',
      cancelled: 'abgesagt',
      failed: 'fehlgeschlagen',
    },
    memberStates: {
      active: 'dabei',
      left: 'ausgestiegen',
      ordered: 'bestellt',
      excluded: 'herausgefallen',
    },
    householdsSummary: (n: number, litres: string) =>
      `${n} ${n === 1 ? 'Haushalt' : 'Haushalte'} · ${litres} L`,
    membersCaption: (code: string) => `Haushalte der Sammelbestellung ${code}`,
    member: {
      zip: 'PLZ',
      litres: (litres: string) => `${litres} L`,
      total: (amount: string) => `Betrag ${amount}`,
    },
    organiser: 'Organisator',
    none: '–',
  },
} as const;
