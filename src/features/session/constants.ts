/** Session timings of SPEC §4/§9. */

/** SPEC §9 Auth check: every 5 s. */
export const AUTH_CHECK_MS = 5_000;
/** SPEC §9 Session renew: every 300 s. */
export const RENEW_MS = 300_000;
/** SPEC §9 Token refresh window: 300 s … */
export const REFRESH_WINDOW_S = 300;
/** … plus a random 0–119 s (drawn once per token, so tabs and clients spread out). */
export const REFRESH_RANDOM_S = 120;
/** SPEC §9 Cross-tab refresh lock: 120 s. */
export const CROSS_TAB_LOCK_MS = 120_000;

/** localStorage key of the last refresh by any tab (SPEC §4 shared timestamp). */
export const REFRESHED_AT_KEY = 'ok-token-refreshed-at';
/** BroadcastChannel between the tabs of this site. */
export const CHANNEL_NAME = 'ok-session';
/** Web Locks name: one token call at a time across tabs (the refresh token rotates). */
export const TOKEN_LOCK_NAME = 'ok-token-call';
/** The window event of SPEC §4 "a session-expired event". */
export const SESSION_EXPIRED_EVENT = 'session-expired';

/**
 * A refresh that got no answer is tried again after 5 s, then 10, 20, 40 and at most every 60 s,
 * by whichever tab comes first: the time of the next try and the count are shared through
 * localStorage (3 tabs tried every 5 s, 52 attempts in 90 s of outage). The connection
 * coming back (the 'online' event, an answered health probe) tries at once.
 */
export const REFRESH_BACKOFF_FIRST_MS = 5_000;
export const REFRESH_BACKOFF_MAX_MS = 60_000;
/** localStorage key of the shared back-off: { at, failures }. */
export const REFRESH_RETRY_KEY = 'ok-token-refresh-retry';
