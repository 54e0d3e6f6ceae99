/**
 * SPEC §3 Mex snapshot / Banner data mex, selectedMex; §4 Session mex; §7 GET
 * /api/site/mex/mex-snapshot?sensorId= (failure only logged). The logged-in owner's tanks for
 * the calculator bar's line, loaded only for a user with hasMexEnabled and cleared when the
 * session is not authenticated. The first tank is selected by default, or the chosen sensor.
 *
 * This module is its own chunk (src/app/layouts/mex-line.tsx loads it only for meX users), so
 * none of it is on the home route's first download.
 */
import { proxy, subscribe } from 'valtio';
import type { MexTank } from '../../api/contract/mex';
import { sessionState } from '../session';
import { fetchSnapshot } from './api';
import { forgetMexCopies } from './offline';

export interface MexSnapshotState {
  /** SPEC §3 AvailableTanks, `Selected` set on the selected one. */
  tanks: MexTank[];
  /** The selected tank's sensor id (Value); null without tanks. */
  selectedId: number | null;
  /** Whose tanks these are. */
  userId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
}

/** The part of the session user this store needs. */
export interface MexSessionUser {
  id: string;
  hasMexEnabled: boolean;
}

const initial = (): MexSnapshotState => ({
  tanks: [],
  selectedId: null,
  userId: null,
  status: 'idle',
});

export const mexSnapshotState = proxy<MexSnapshotState>(initial());

/** The sensor the user chose on this page (sent as sensorId, so the server marks it Selected). */
let chosen: number | null = null;
let generation = 0;

/**
 * SPEC §4: the chosen sensor when it is among the tanks, else the one the server marked
 * Selected, else the first; null without tanks.
 */
export function pickSelected(tanks: readonly MexTank[], choice: number | null): number | null {
  if (choice !== null && tanks.some((t) => t.Value === choice)) return choice;
  return tanks.find((t) => t.Selected)?.Value ?? tanks[0]?.Value ?? null;
}

function apply(tanks: readonly MexTank[], selectedId: number | null): void {
  mexSnapshotState.tanks = tanks.map((t) => ({ ...t, Selected: t.Value === selectedId }));
  mexSnapshotState.selectedId = selectedId;
}

/** The selected tank, or null. */
export function selectedTank(state: {
  readonly tanks: readonly MexTank[];
  readonly selectedId: number | null;
}): MexTank | null {
  return state.tanks.find((t) => t.Value === state.selectedId) ?? null;
}

/**
 * Loads the snapshot for `user` (nothing, and cleared, when there is no user or no meX). A
 * failure is only logged (SPEC §7/§8): the tanks shown so far stay.
 */
export async function loadMexSnapshot(user: MexSessionUser | null): Promise<void> {
  if (!user?.hasMexEnabled) {
    clearMexSnapshot();
    return;
  }
  if (mexSnapshotState.userId !== user.id) {
    Object.assign(mexSnapshotState, initial());
    chosen = null;
  }
  const id = ++generation;
  mexSnapshotState.userId = user.id;
  mexSnapshotState.status = 'loading';
  try {
    const snapshot = await fetchSnapshot(chosen);
    if (id !== generation) return;
    apply(snapshot.AvailableTanks, pickSelected(snapshot.AvailableTanks, chosen));
    mexSnapshotState.status = 'ready';
  } catch (error) {
    if (id !== generation) return;
    console.warn('meX-Daten nicht geladen', error);
    mexSnapshotState.status = 'failed';
  }
}

/** The user picks another tank (SPEC §4 "or the chosen sensor"); unknown ids change nothing. */
export function selectMexTank(sensorId: number): void {
  if (!mexSnapshotState.tanks.some((t) => t.Value === sensorId)) return;
  chosen = sensorId;
  apply(mexSnapshotState.tanks, sensorId);
}

/** SPEC §4: not authenticated, no mex data. */
export function clearMexSnapshot(): void {
  generation++;
  chosen = null;
  Object.assign(mexSnapshotState, initial());
}

/**
 * Follows the session user: loads for a meX user (again when the user changes), clears when
 * nobody is logged in, and then also removes the offline copies (logout, SPEC §4). Returns the
 * unsubscribe function.
 */
export function followSession(
  read: () => MexSessionUser | null,
  watch: (onChange: () => void) => () => void,
): () => void {
  let last: string | null = null;
  const check = () => {
    const user = read();
    const key = user ? `${user.id}:${user.hasMexEnabled ? 1 : 0}` : null;
    if (key === last) return;
    const wasLoggedIn = last !== null;
    last = key;
    if (user) {
      void loadMexSnapshot(user);
    } else {
      clearMexSnapshot();
      if (wasLoggedIn) void forgetMexCopies();
    }
  };
  check();
  return watch(check);
}

let following: (() => void) | null = null;

/** Starts following the page's session, once (the calculator bar's line and /mein-mex call it). */
export function startMexSnapshot(): void {
  following ??= followSession(
    () => sessionState.User,
    (onChange) => subscribe(sessionState, onChange),
  );
}

/** Tests. */
export function resetMexSnapshot(): void {
  following?.();
  following = null;
  clearMexSnapshot();
}
