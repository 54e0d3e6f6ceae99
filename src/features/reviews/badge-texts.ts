/**
 * Texts of the quality badge, apart from the rating page's (texts.ts): the badge is in the footer
 * of every page, so only these few strings belong on the first download.
 */
export const badgeTexts = {
  label: 'Kundenbewertungen',
  summary: (mark: string, word: string, count: string, days: number) =>
    `${mark} von 5 Sternen (${word}) aus ${count} ${count === '1' ? 'Bewertung' : 'Bewertungen'} der letzten ${days} Tage`,
  /** No rating at all yet: ratings come only from delivered orders. */
  none: 'Noch keine Bewertungen – Kunden bewerten uns nach ihrer Lieferung.',
  count: (count: string, total: string) =>
    `${count} ${count === '1' ? 'Bewertung' : 'Bewertungen'} im letzten Jahr · ${total} insgesamt`,
} as const;
