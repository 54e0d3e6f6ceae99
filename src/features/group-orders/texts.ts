/** German UI text of the Sammelbestellung: start, group page, the customer's groups. */
import { CONNECTION_LOST } from '../../api/connection';
import type { GroupState, MemberState } from '../../api/contract/group-orders';
import { PRODUCT_NAME } from '../../lib/brand';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const texts = {
  eyebrow: 'Sammelbestellung',
  backToOrders: 'Zu meinen Bestellungen',
  backToOffers: 'Zurück zu den Angeboten',
  retry: 'Erneut versuchen',

  /** What a group order is, said wherever one is started or joined. */
  principle: [
    'Jeder Haushalt schließt einen eigenen Vertrag mit dem Händler: eigene Bestellung, eigene Rechnung, eigene Zahlung.',
    'Niemand haftet für einen anderen Haushalt.',
    'Je mehr Liter zusammenkommen, desto günstiger wird der Preis je 100 Liter für alle.',
  ],

  start: {
    title: 'Sammelbestellung starten',
    lead: 'Bestellen Sie gemeinsam mit Ihren Nachbarn: Sie legen Ihre eigene Bestellung an und laden andere Haushalte per Link oder Code ein. Bis zur Frist kann jeder Haushalt mitmachen; dann bestellt jeder zum gemeinsamen Preis.',
    loading: 'Der aktuelle Preis wird berechnet …',
    missingTitle: 'Keine Auswahl für eine Sammelbestellung',
    missing:
      'Bitte wählen Sie zuerst Postleitzahl, Menge und Produkt in der Angebotsliste und starten Sie die Sammelbestellung von dort.',
    amountTooLow: (min: string) =>
      `Für eine Sammelbestellung bestellt jeder Haushalt mindestens ${min} Liter. Bitte ändern Sie die Menge in der Angebotsliste.`,
    installment:
      'Ratenzahlung ist in einer Sammelbestellung nicht möglich: Sie setzt eine einzige Abladestelle voraus. Bitte wählen Sie in der Angebotsliste unter „Optionen ändern“ eine andere Zahlungsart.',
    toOffers: 'Zur Angebotsliste',
    toOptions: 'Zahlungsart ändern',
    noOffer:
      'Für diese Auswahl liefert gerade kein Händler. Eine Sammelbestellung können Sie trotzdem starten; der Preis wird berechnet, sobald ein Händler liefert.',
    priceError:
      'Der aktuelle Preis konnte nicht berechnet werden. Sie können die Sammelbestellung trotzdem starten; Ihren Höchstpreis geben Sie selbst an.',
    summaryTitle: 'Ihre Bestellung in der Gruppe',
    zip: 'Lieferung nach',
    zipValue: (zip: string, place: string) => (place ? `PLZ ${zip} ${place}` : `PLZ ${zip}`),
    amount: 'Ihre Menge',
    product: 'Produkt',
    payment: 'Zahlung',
    bestAlone: 'Bester Preis allein heute',
    bestAloneValue: (price: string, dealer: string) => `${price} je 100 Liter bei ${dealer}`,
    change: 'Auswahl ändern',
    deadlineTitle: 'Frist und Höchstpreis',
    deadline: 'Frist',
    deadlineHint:
      'Bis dahin können Nachbarn mitmachen; dann wird die Sammelbestellung abgeschlossen. Sie können auch früher abschließen.',
    deadlineOptions: {
      24: '24 Stunden',
      48: '2 Tage',
      72: '3 Tage',
      120: '5 Tage',
      168: '7 Tage',
    } as Record<number, string>,
    submit: 'Sammelbestellung starten',
    submitting: 'Sammelbestellung wird angelegt …',
  },

  /** The group forms' own words; what every order form says is the kit's (src/ui/order-form/texts.ts). */
  form: {
    addressTitle: 'Ihre Lieferadresse',
    orderTitle: 'Ihre Bestellung',
    zipFixedHint: 'Für diese PLZ wird die Sammelbestellung berechnet.',
    zipNeighbourHint: (zip: string, km: number) =>
      `Mitmachen können Haushalte in PLZ ${zip} oder in einer Postleitzahl, deren Mitte höchstens ${km} km entfernt liegt: So liefert ein Tankwagen alle in einer Tour.`,
    emailHint: 'Hierhin schicken wir Neuigkeiten zur Gruppe und Ihre Bestellbestätigung.',
    amount: 'Ihre Menge in Litern',
    amountHint: (min: string, max: string) =>
      `Mindestens ${min} Liter; in den Tankwagen passen noch ${max} Liter.`,
    amountMissing: 'Bitte geben Sie Ihre Menge in Litern an.',
    amountTooLow: (min: string) => `Jeder Haushalt bestellt mindestens ${min} Liter.`,
    amountTooHigh: (max: string) => `In den Tankwagen passen noch höchstens ${max} Liter.`,
    payment: 'Zahlungsart',
    paymentChoose: 'Bitte wählen',
    paymentMissing: 'Bitte wählen Sie eine Zahlungsart.',
    maxPrice: (currency: string) => `Ihr Höchstpreis je 100 Liter (${currency})`,
    maxPriceHint:
      'Liegt der Gruppenpreis beim Abschluss darüber, wird für Sie nicht bestellt und Sie erhalten eine Nachricht. Vorgeschlagen: der heutige Preis plus 5 %.',
    maxPriceMissing: 'Bitte geben Sie Ihren Höchstpreis je 100 Liter an.',
    maxPriceInvalid: 'Bitte geben Sie den Höchstpreis als Zahl an, z. B. 98,50.',
    deadlineMissing: 'Bitte wählen Sie eine Frist.',
  },

  terms: {
    title: 'Bedingungen der Sammelbestellung',
    own: 'Jeder Haushalt erhält einen eigenen Vertrag mit dem Händler: eigene Bestellung, eigene Bestellnummer, eigene Rechnung an die eigene Adresse und eigene Zahlung.',
    liability:
      'Niemand haftet für einen anderen Haushalt: Zahlt ein Nachbar nicht oder springt er ab, betrifft das weder Ihren Vertrag noch Ihren Preis nach dem Abschluss.',
    maxPrice:
      'Liegt der Gruppenpreis beim Abschluss über dem Höchstpreis eines Haushalts, wird für diesen Haushalt nicht bestellt; die übrigen werden ohne ihn neu berechnet.',
    intro: `${PRODUCT_NAME} vermittelt die Bestellungen an den Händler; jeder Kaufvertrag kommt direkt mit dem Händler zustande, zu dessen Liefer- und Zahlungsbedingungen. Ein Widerrufsrecht besteht bei Heizöl nicht (§ 312g Abs. 2 Nr. 8 BGB).`,
    checkbox:
      'Ich habe die Bedingungen gelesen. Beim Abschluss bestelle ich verbindlich und zahlungspflichtig für meinen Haushalt, wenn der Gruppenpreis meinen Höchstpreis nicht übersteigt.',
  },

  queued: `${CONNECTION_LOST} Ihre Eingaben sind gespeichert. Wir senden sie einmal, sobald die Verbindung zurück ist – Sie müssen nichts weiter tun.`,
  serverError:
    'Das hat gerade nicht geklappt. Ihre Eingaben sind erhalten; bitte versuchen Sie es gleich noch einmal.',

  group: {
    title: (zip: string, place: string) => `Sammelbestellung ${zip} ${place}`.trim(),
    documentTitle: (title: string) => `${title} – ${PRODUCT_NAME}`,
    loading: 'Die Sammelbestellung wird geladen …',
    notFoundTitle: 'Sammelbestellung nicht gefunden',
    notFound:
      'Zu diesem Code gibt es keine Sammelbestellung. Bitte prüfen Sie den Link oder den Code.',
    loadError: 'Die Sammelbestellung konnte nicht geladen werden.',
    offline: `${CONNECTION_LOST} Die Sammelbestellung wird geladen, sobald die Verbindung zurück ist.`,
    offlineStale: (stand: string) =>
      `${CONNECTION_LOST} Sie sehen den Stand von ${stand}; er wird aktualisiert, sobald die Verbindung zurück ist.`,
    code: 'Code',
    product: 'Produkt',
    deadline: 'Frist',
    deadlineValue: (when: string, remaining: string) =>
      remaining ? `${when} (${remaining})` : when,
    state: 'Status',

    offerTitle: 'Aktueller Gruppenpreis',
    perHundred: 'je 100 Liter',
    offerFor: (litres: string, stations: number) =>
      `für zusammen ${litres} Liter an ${stations} ${plural(stations, 'Abladestelle', 'Abladestellen')}`,
    closingPrice: 'Preis beim Abschluss',
    dealer: 'Händler',
    deliveryTime: 'Lieferzeit',
    earliestDelivery: 'Liefertermin',
    /** The tour's first free day as of now: it may still move until the closing books it. */
    earliestFrom: (day: string) => `frühestens ${day} – gebucht wird beim Abschluss`,
    bookedDelivery: 'Liefertermin (gebucht)',
    total: 'Alle Haushalte zusammen',
    calculatedAt: (time: string) => `berechnet um ${time} Uhr`,
    noOffer:
      'Derzeit liefert kein Händler diese Sammelbestellung. Der Preis wird neu berechnet, sobald sich die Gruppe ändert.',
    priceAnnouncement: (price: string, households: number) =>
      `Neuer Gruppenpreis: ${price} je 100 Liter bei ${households} ${plural(households, 'Haushalt', 'Haushalten')}.`,

    householdsTitle: 'Haushalte',
    capacity: (n: number, max: number) => `${n} von ${max} Haushalten`,
    household: (n: number, litres: string) => `Haushalt ${n} · ${litres} L`,
    organiser: 'Organisator',
    you: '(Sie)',
    memberStates: {
      active: '',
      left: 'ausgestiegen',
      ordered: 'bestellt',
      excluded: 'nicht bestellt',
    } satisfies Record<MemberState, string>,
    householdsNote:
      'Namen und Adressen der anderen Haushalte sehen Sie nicht – die anderen Ihre auch nicht.',

    yourTitle: 'Ihr Anteil',
    yourAmount: 'Ihre Menge',
    yourUnitPrice: 'Ihr Preis je 100 Liter',
    yourShare: 'Ihr Betrag in der Gruppe',
    alone: 'Allein bestellt',
    saving: (amount: string) => `Sie sparen ${amount} gegenüber einer Einzelbestellung.`,
    noSaving: (amount: string) =>
      `In der Gruppe zahlen Sie derzeit ${amount} mehr als bei einer Einzelbestellung.`,
    yourMaxPrice: 'Ihr Höchstpreis je 100 Liter',
    yourPayment: 'Zahlung',
    yourDelivery: 'Lieferung nach',
    overMax:
      'Der Gruppenpreis liegt derzeit über Ihrem Höchstpreis. Bleibt das bis zum Abschluss so, wird für Sie nicht bestellt.',
    leave: 'Teilnahme beenden',
    leaveTitle: 'Teilnahme beenden?',
    leaveText:
      'Ihr Haushalt wird aus der Sammelbestellung genommen; für Sie wird nicht bestellt. Die übrigen Haushalte werden ohne Sie neu berechnet.',
    leaveOrganiserText:
      'Sie sind Organisator: Der nächste Haushalt übernimmt die Sammelbestellung. Sind Sie allein, wird sie abgesagt.',
    leaveConfirm: 'Ja, Teilnahme beenden',
    cancel: 'Abbrechen',
    leaving: 'Wird beendet …',
    actionOffline: `${CONNECTION_LOST} Bitte versuchen Sie es noch einmal, sobald die Verbindung zurück ist.`,
    left: 'Sie haben die Sammelbestellung verlassen. Für Sie wird nicht bestellt.',

    close: 'Jetzt abschließen',
    closeTitle: 'Sammelbestellung jetzt abschließen?',
    closeText: (n: number) =>
      `Für ${n === 1 ? 'Ihren Haushalt' : `alle ${n} Haushalte`} wird der Preis ein letztes Mal berechnet. Jeder Haushalt, dessen Höchstpreis hält, erhält seine eigene Bestellung beim selben Händler. Danach kann niemand mehr mitmachen.`,
    closeConfirm: 'Ja, jetzt abschließen',
    closingNow: 'Wird abgeschlossen …',

    shareTitle: 'Nachbarn einladen',
    shareLead:
      'Schicken Sie Ihren Nachbarn den Link oder hängen Sie den Code aus. Wer mitmacht, meldet sich an und gibt die eigene Adresse und Menge ein.',
    shareLink: 'Link zur Sammelbestellung',
    copy: 'Link kopieren',
    copied: 'Link kopiert.',
    copyFailed: 'Kopieren ging nicht – bitte markieren Sie den Link und kopieren Sie ihn selbst.',
    share: 'Teilen …',
    shareText: (zip: string, product: string) =>
      `Bestellen Sie mit uns zusammen ${product} in ${zip}: Je mehr mitmachen, desto günstiger wird es für alle. Jeder Haushalt bestellt für sich, niemand haftet für den anderen.`,
    codeLabel: 'Code zum Eingeben',

    joinTitle: 'Mitmachen',
    joinLead:
      'Geben Sie Ihre eigene Lieferadresse, Menge und Zahlungsart an. Bis zur Frist können Sie jederzeit wieder aussteigen.',
    joinSubmit: 'Verbindlich mitmachen',
    joining: 'Ihre Teilnahme wird gesendet …',
    joined: 'Sie sind dabei. Der Gruppenpreis wurde mit Ihrer Menge neu berechnet.',
    blockedTitle: 'Mitmachen ist nicht möglich',

    closingTitle: 'Die Sammelbestellung wird abgeschlossen',
    closing:
      'Der Preis wird ein letztes Mal berechnet und die Bestellungen werden angelegt. Das dauert nur einen Moment; diese Seite aktualisiert sich von selbst.',
    closedTitle: 'Die Sammelbestellung ist abgeschlossen',
    orderedLead: 'Für Ihren Haushalt wurde bestellt – als eigene Bestellung mit eigener Rechnung:',
    orderLink: (orderNumber: string) => `Ihre Bestellung ${orderNumber}`,
    orderedMail: 'Die Bestellbestätigung ist per E-Mail an Sie unterwegs.',
    excludedTitle: 'Für Sie wurde nicht bestellt',
    excludedFallback: 'Ihr Haushalt war beim Abschluss nicht mehr dabei.',
    closedOther: 'Diese Sammelbestellung ist abgeschlossen; mitmachen ist nicht mehr möglich.',
    cancelledTitle: 'Die Sammelbestellung wurde abgesagt',
    cancelled:
      'Es wurde für keinen Haushalt bestellt, und niemandem entstehen Kosten. Das passiert, wenn der Organisator allein war und ausgestiegen ist.',
    failedTitle: 'Die Sammelbestellung konnte nicht abgeschlossen werden',
    failed:
      'Beim Abschluss konnte für keinen Haushalt bestellt werden, etwa weil kein Händler mehr geliefert hat. Niemandem entstehen Kosten; alle Haushalte wurden per E-Mail informiert.',
    startNew: 'Neue Sammelbestellung starten',
    remainingPast: 'Frist abgelaufen',
  },

  states: {
    open: 'offen',
    closing: 'wird abgeschlossen',
    closed: 'abgeschlossen',
    cancelled: 'abgesagt',
    failed: 'nicht zustande gekommen',
  } satisfies Record<GroupState, string>,

  mine: {
    title: 'Ihre Sammelbestellungen',
    loading: 'Ihre Sammelbestellungen werden geladen …',
    error: 'Ihre Sammelbestellungen konnten nicht geladen werden.',
    /** Without a connection: the page's own notice says why; this section only waits. */
    offline: 'Ihre Sammelbestellungen laden, sobald die Verbindung zurück ist.',
    empty:
      'Sie sind an keiner Sammelbestellung beteiligt. Starten Sie eine aus der Angebotsliste oder geben Sie den Code ein, den Ihnen ein Nachbar gegeben hat.',
    listLabel: 'Ihre Sammelbestellungen, die neueste zuerst',
    line: (zip: string, place: string, product: string) => `${zip} ${place} · ${product}`,
    yourPart: (litres: string, organiser: boolean) =>
      `Ihre Menge: ${litres} Liter${organiser ? ' · Sie organisieren' : ''}`,
    households: (n: number, litres: string) =>
      `${n} ${plural(n, 'Haushalt', 'Haushalte')} · ${litres} Liter`,
    until: (when: string) => `Frist: ${when}`,
    yourStates: {
      active: 'dabei',
      left: 'ausgestiegen',
      ordered: 'bestellt',
      excluded: 'nicht bestellt',
    } satisfies Record<MemberState, string>,
    code: (code: string) => `Code ${code}`,
    order: (orderNumber: string) => `Bestellung ${orderNumber}`,
    codeTitle: 'Code einer Sammelbestellung eingeben',
    codeLabel: 'Code (8 Zeichen)',
    codeHint: 'Zum Beispiel „ABCD 2345“ – so, wie er auf dem Zettel oder in der Nachricht steht.',
    codeSubmit: 'Öffnen',
    codeMissing: 'Bitte geben Sie den Code ein.',
    codeInvalid:
      'Das ist kein gültiger Code: Er hat 8 Zeichen aus Buchstaben und Ziffern (ohne 0, O, 1, I und L).',
  },
} as const;
