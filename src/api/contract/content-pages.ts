/**
 * Content values without zod that the content pages (news, price, dealer pages) use at load
 *; content.ts re-exports them. Not in content-constants.ts: that module is the home
 * page's, and a module both share becomes a chunk of its own on the home page's first download.
 */
import type { CrossLinks } from './content';

/** Articles per page on /news. */
export const NEWS_LIST_PAGE_SIZE = 9;

/** No cross-links: what the server answers when it has none, and what the client shows on failure. */
export const NO_CROSS_LINKS: CrossLinks = { Groups: [] };
