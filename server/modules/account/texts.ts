/** German texts of the account API answers and e-mails. */
export const texts = {
  sessionEnded: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  notLoggedIn: 'Sie sind nicht angemeldet.',
  dealerUnknown: 'Diesen Händler gibt es nicht.',
  resetLinkInvalid:
    'Der Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.',
} as const;
