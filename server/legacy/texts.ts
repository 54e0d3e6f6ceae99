/** German texts of the legacy login, registration and password pages. */
export const texts = {
  titleLogin: 'Anmelden oder registrieren',
  titleForgot: 'Kennwort vergessen',
  titleLimited: 'Zu viele Versuche',
  titleError: 'Etwas ist schiefgelaufen',
  titleNotFound: 'Seite nicht gefunden',
  /** SPEC §2/§8: the legacy layer's 404 message, word for word. */
  notFoundSpec: 'This page could not be found',
  notFound:
    'Diese Seite gibt es im Anmeldebereich nicht. Vielleicht hat sich ein Tippfehler in die Adresse geschlichen.',
  titleOffline: 'Keine Verbindung',
  offline:
    'Anmeldung, Registrierung und Kennwort brauchen eine Verbindung zum Internet, und Ihr Gerät ist gerade offline.',
  offlineNext:
    'Preise, Rechner und bereits geöffnete Seiten funktionieren auf der Startseite weiter. Sobald Sie wieder online sind, tippen Sie auf „Erneut versuchen“.',
  offlineRetry: 'Erneut versuchen',
  toLogin: 'Zur Anmeldung',
  toHome: 'Zur Startseite',
  intro:
    'Mit einem Kundenkonto sehen Sie Ihre Bestellungen, speichern Lieferadressen und bestellen schneller.',
  loginHeading: 'Anmelden',
  loginLead: 'Sie haben bereits ein Konto?',
  registerHeading: 'Neu registrieren',
  registerLead: 'Noch kein Konto? Die Registrierung ist kostenlos.',
  email: 'E-Mail-Adresse',
  password: 'Kennwort',
  passwordNew: 'Kennwort (mindestens 10 Zeichen)',
  passwordRepeat: 'Kennwort wiederholen',
  salutation: 'Anrede',
  salutationNone: 'keine Angabe',
  salutationWoman: 'Frau',
  salutationMan: 'Herr',
  firstName: 'Vorname',
  lastName: 'Nachname',
  loginButton: 'Anmelden',
  registerButton: 'Konto anlegen',
  forgotLink: 'Kennwort vergessen?',
  forgotLead:
    'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues Kennwort setzen können. Der Link ist 60 Minuten gültig.',
  forgotButton: 'Link anfordern',
  forgotSent:
    'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir eine E-Mail geschickt. Bitte sehen Sie auch im Spam-Ordner nach.',
  backToLogin: 'Zurück zur Anmeldung',
  loggedInAs: (email: string) => `Sie sind angemeldet als ${email}.`,
  continue: 'Weiter',
  logout: 'Abmelden',
  wrongLogin: 'E-Mail-Adresse oder Kennwort ist falsch.',
  accountLocked:
    'Ihr Kundenkonto ist gesperrt. Bitte wenden Sie sich an unseren Kundenservice, wenn Sie es wieder nutzen möchten.',
  csrfFailed:
    'Die Sicherheitsprüfung ist fehlgeschlagen, zum Beispiel weil die Seite zu lange offen war. Bitte senden Sie das Formular noch einmal.',
  limited: (minutes: number) =>
    minutes <= 1
      ? 'Sie haben es in kurzer Zeit zu oft versucht. Bitte warten Sie eine Minute und versuchen Sie es dann noch einmal.'
      : `Sie haben es in kurzer Zeit zu oft versucht. Bitte warten Sie ${minutes} Minuten und versuchen Sie es dann noch einmal.`,
  titleBadRequest: 'Anfrage nicht verstanden',
  badRequest:
    'Diese Anfrage konnte nicht verarbeitet werden. Bitte verwenden Sie das Formular auf dieser Seite.',
  genericError: 'Bitte versuchen Sie es in einem Moment noch einmal.',
  required: 'Bitte ausfüllen.',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  passwordShort: 'Das Kennwort muss mindestens 10 Zeichen lang sein.',
  passwordLong: 'Das Kennwort darf höchstens 200 Zeichen lang sein.',
  passwordMismatch: 'Die beiden Kennwörter stimmen nicht überein.',
  nameInvalid: 'Bitte höchstens 100 Zeichen ohne Sonderzeichen wie < oder >.',
  emailTaken:
    'Für diese E-Mail-Adresse gibt es bereits ein Konto. Bitte melden Sie sich an oder fordern Sie ein neues Kennwort an.',
  fixErrors: 'Bitte prüfen Sie die markierten Felder.',
  resetMailSubject: 'Ihr neues Kennwort für den Ölkompass',
  resetMailText: (name: string, link: string) =>
    `Guten Tag ${name},\n\nSie haben ein neues Kennwort für Ihr Ölkompass-Konto angefordert. Über diesen Link können Sie es setzen (60 Minuten gültig, nur einmal verwendbar):\n\n${link}\n\nWenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Kennwort bleibt dann unverändert.\n\nIhr Ölkompass-Team`,
} as const;
