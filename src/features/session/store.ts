/**
 * SPEC §3 Auth state (CSRFTOKEN, User, LoggedIn, ShowSupportInfo, AllowSupportInfo) plus what the
 * app needs around it: whether the initial-load rule has settled (guards wait for it), whether the
 * session expired (the notice), and the token the user was read from. Everything that talks to
 * the server or runs on a timer lives in engine.ts, loaded after the first render.
 */
import { proxy } from 'valtio';
import { guardUserOf, userFromToken, type SessionUser } from './claims';
import { TaskQueue } from './task-queue';

export interface SessionState {
  CSRFTOKEN: string | null;
  User: SessionUser | null;
  LoggedIn: boolean;
  /** The staff member's own switch for the support info panel (kept per browser). */
  ShowSupportInfo: boolean;
  /** From the token: this user may see support info (SPEC §6). */
  AllowSupportInfo: boolean;
  /** 'pending' until the initial-load rule has decided (docs/decisions/008). */
  status: 'pending' | 'settled';
  /** The session ran out while this page was open (SPEC §4 session-expired action). */
  expired: boolean;
  /** The access token User was read from. */
  token: string | null;
}

const initial = (): SessionState => ({
  CSRFTOKEN: null,
  User: null,
  LoggedIn: false,
  ShowSupportInfo: false,
  AllowSupportInfo: false,
  status: 'pending',
  expired: false,
  token: null,
});

export const sessionState = proxy<SessionState>(initial());

/** SPEC §4 task queue: released when the initial-load rule has settled. */
export const sessionTasks = new TaskQueue();

/** Work that needs the session settled (who is logged in) runs through here. */
export function whenSessionSettled<T>(task: () => T | Promise<T>): Promise<T> {
  return sessionTasks.add(task);
}

const SUPPORT_INFO_KEY = 'ok-show-support-info';

/** Sets the session from an access token; false when the token is unreadable. */
export function adoptToken(token: string): boolean {
  const user = userFromToken(token);
  if (!user) return false;
  // hasAnyOrder is fetched once per login (SPEC §7); a newer token must not lose it.
  const previous = sessionState.User;
  if (previous && previous.id === user.id && previous.hasAnyOrder) user.hasAnyOrder = true;
  sessionState.token = token;
  sessionState.User = user;
  sessionState.LoggedIn = true;
  sessionState.AllowSupportInfo = user.allowSupportInfo;
  sessionState.ShowSupportInfo = user.allowSupportInfo && readShowSupportInfo();
  sessionState.expired = false;
  return true;
}

/** Forgets the user (logout, expiry); the CSRF token and the settled status stay. */
export function clearUser(): void {
  sessionState.token = null;
  sessionState.User = null;
  sessionState.LoggedIn = false;
  sessionState.AllowSupportInfo = false;
  sessionState.ShowSupportInfo = false;
}

export function settleSession(): void {
  sessionState.status = 'settled';
  sessionTasks.release();
}

function readShowSupportInfo(): boolean {
  try {
    return localStorage.getItem(SUPPORT_INFO_KEY) === '1';
  } catch {
    return false;
  }
}

/** SPEC §6: support info shows only when both ShowSupportInfo and AllowSupportInfo are true. */
export function setShowSupportInfo(show: boolean): void {
  sessionState.ShowSupportInfo = show && sessionState.AllowSupportInfo;
  try {
    localStorage.setItem(SUPPORT_INFO_KEY, show ? '1' : '0');
  } catch {
    // Private mode: the switch still applies to this page.
  }
}

export function supportInfoVisible(
  state: Pick<SessionState, 'ShowSupportInfo' | 'AllowSupportInfo'>,
): boolean {
  return state.ShowSupportInfo && state.AllowSupportInfo;
}

export function currentGuardUser() {
  return guardUserOf(sessionState.User);
}

/** For tests: back to the first state, the task queue frozen again (SPEC §4). */
export function resetSession(): void {
  Object.assign(sessionState, initial());
  sessionTasks.reset();
}
