/**
 * The /news page's size without zod (issue 10: the page uses it at load); content.ts re-exports
 * it. Not in content-constants.ts: that module is the home page's, and a module both share
 * becomes a chunk of its own on the home page's first download.
 */

/** Articles per page on /news. */
export const NEWS_LIST_PAGE_SIZE = 9;
