/**
 * The session feature's public surface (SPEC §3 Auth state, §4 Session, §6, §7 account calls;
 * docs/decisions/008). Light on purpose: it is on every page's first download. The network and
 * timer parts (engine.ts) load as their own chunk after startSession().
 *
 * - `startSession()`: once per page (src/app/main.tsx); wires apiFetch's bearer and
 *   request-verification hooks and runs the initial-load rule; returns a stop function.
 * - `sessionState` (valtio): CSRFTOKEN, User, LoggedIn, ShowSupportInfo, AllowSupportInfo,
 *   `status` ('pending' until the initial-load rule settled) and `expired`.
 * - `whenSessionSettled(task)` / `sessionTasks`: the SPEC §4 task queue (frozen until settled).
 * - `logout()`: SPEC §4 logout (UserSwitched → reload); false when it failed.
 * - `<SessionGuard guard fallback>`: SPEC §6 client guard; `<SessionBanners />`: impersonation
 *   bar, support info, expired notice. `loginHref(path)`: the legacy login page with ReturnUrl.
 * - The window event `session-expired` (SESSION_EXPIRED_EVENT) fires when the session runs out.
 */
export {
  sessionState,
  sessionTasks,
  whenSessionSettled,
  resetSession,
  setShowSupportInfo,
  supportInfoVisible,
  type SessionState,
} from './store';
export {
  displayName,
  guardUserOf,
  parseBooleanText,
  userFromToken,
  type SessionUser,
} from './claims';
export { TaskQueue } from './task-queue';
export { startSession, logout, ensureCsrfCookie, navigateAway, switchUser } from './start';
export { loginHref } from './login-href';
export { fullNavigation } from './navigation';
export { SESSION_EXPIRED_EVENT } from './constants';
export { SessionGuard, useGuardOutcome } from './components/session-guard';
export {
  SessionBanners,
  preloadSessionBanners,
  sessionBannerWanted,
} from './components/session-banners';
export { texts as sessionTexts } from './texts';
