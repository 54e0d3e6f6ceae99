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
