/** German texts of the frame of the pages the server writes by hand (frame.ts). */
export const texts = {
  backToApp: 'Zurück zum Ölkompass',
  tryAgain: 'Erneut versuchen',
  imprint: 'Impressum',
  privacy: 'Datenschutz',
};
