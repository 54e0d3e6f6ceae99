/**
 * Content constants the home page needs without the contract's schemas (zod stays off the
 * first download, like calculation-constants.ts).
 */
import type { NewsItem } from './content';

/**
 * SPEC §7: when the featured item cannot be loaded, the client shows this built-in one about a
 * free tank cleaning, linking the tank maintenance page.
 */
export const FALLBACK_FEATURED_ITEM: NewsItem = {
  FilePath: '/news/gratis-tankreinigung-worauf-achten.svg',
  Link: '/heizoeltank-wartung',
  Title: 'Gratis-Tankreinigung zur Bestellung?',
  Description:
    'Wann sich ein sauberer Tank lohnt, was eine Reinigung umfasst und worauf Sie bei Gratis-Angeboten achten.',
  ImageAlt: 'Ein Heizöltank mit Reinigungsschlauch',
  Date: '',
  Tags: ['Tank'],
};
