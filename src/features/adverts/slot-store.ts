/**
 * SPEC §4 Advert slots, in the browser:
 * - A slot is loaded once and reloaded on demand (`loadSlot(…, { force: true })`); a loading key
 *   (slot, country, postal code) makes a second request for the same thing wait for the first.
 * - Among a slot's items the paid ones are drawn by weight, else the first house item
 *   (src/lib/advert-draw.ts); the draw happens once per load, so a re-render never swaps adverts.
 * - Requests are silent (no loading bar: nobody waits for an advert).
 * - When the calculator's postal code changes, slots that apply postal filtering and are in use
 *   (mounted on the page) are reloaded for it; other filtered slots are dropped, so they load
 *   fresh when a page shows them again. Slots without filtering stay as they are.
 */
import { apiFetch } from '../../api/client';
import {
  AdvertContentSchema,
  IamSlotSchema,
  type AdvertContent,
  type IamSlot,
  type IamSlotItem,
} from '../../api/contract/iam';
import { drawAdvertItem } from '../../lib/advert-draw';

export interface SlotEntry {
  slotKey: string;
  countryId: number;
  zipCode: string;
  status: 'loading' | 'ready' | 'error';
  slot: IamSlot | null;
  /** The drawn item; null when the slot has nothing to show. */
  item: IamSlotItem | null;
}

type Listener = (entry: SlotEntry) => void;

const entries = new Map<string, SlotEntry>();
const loading = new Map<string, Promise<SlotEntry>>();
const inUse = new Map<string, number>();
const listeners = new Map<string, Set<Listener>>();
const contents = new Map<number, Promise<AdvertContent>>();
let random: () => number = Math.random;

/** The loading key: a slot without postal filtering does not depend on the postal code. */
function loadingKey(slotKey: string, countryId: number, zipCode: string): string {
  const filtered = entries.get(slotKey)?.slot?.AppliesZipFiltering ?? true;
  return `${slotKey}|${countryId}|${filtered ? zipCode : ''}`;
}

function publish(entry: SlotEntry): void {
  entries.set(entry.slotKey, entry);
  for (const listener of listeners.get(entry.slotKey) ?? []) listener(entry);
}

export function slotEntry(slotKey: string): SlotEntry | undefined {
  return entries.get(slotKey);
}

/**
 * Loads a slot for a country and postal code ('' for none). Without `force`, a slot already
 * loaded for the same key is returned as it is.
 */
export function loadSlot(
  slotKey: string,
  countryId: number,
  zipCode: string,
  { force = false }: { force?: boolean } = {},
): Promise<SlotEntry> {
  const key = loadingKey(slotKey, countryId, zipCode);
  const running = loading.get(key);
  if (running) return running;
  const known = entries.get(slotKey);
  if (
    !force &&
    known?.status === 'ready' &&
    loadingKey(slotKey, known.countryId, known.zipCode) === key
  ) {
    return Promise.resolve(known);
  }
  const base = { slotKey, countryId, zipCode };
  if (!known || known.status !== 'ready') {
    publish({ ...base, status: 'loading', slot: null, item: null });
  }
  const request = apiFetch(`/api/iam/slots/${encodeURIComponent(slotKey)}`, {
    query: { countryId: String(countryId), zipCode },
    schema: IamSlotSchema,
    // Adverts load in the background: nobody waits for them, so the loading bar stays still.
    silent: true,
  })
    .then(
      (slot): SlotEntry => ({
        ...base,
        status: 'ready',
        slot,
        item: drawAdvertItem(slot.Items, random),
      }),
      (): SlotEntry => ({ ...base, status: 'error', slot: null, item: null }),
    )
    .then((entry) => {
      publish(entry);
      return entry;
    })
    .finally(() => loading.delete(key));
  loading.set(key, request);
  return request;
}

/** SPEC §4: the calculator's postal code changed. */
export function postalCodeChanged(countryId: number, zipCode: string): void {
  for (const [slotKey, entry] of [...entries]) {
    if (!entry.slot?.AppliesZipFiltering) continue;
    if (entry.countryId === countryId && entry.zipCode === zipCode) continue;
    if ((inUse.get(slotKey) ?? 0) > 0) void loadSlot(slotKey, countryId, zipCode);
    else entries.delete(slotKey);
  }
}

/** A page shows the slot: it counts as in use until the returned function is called. */
export function watchSlot(slotKey: string, listener: Listener): () => void {
  inUse.set(slotKey, (inUse.get(slotKey) ?? 0) + 1);
  let set = listeners.get(slotKey);
  if (!set) listeners.set(slotKey, (set = new Set()));
  set.add(listener);
  return () => {
    inUse.set(slotKey, Math.max(0, (inUse.get(slotKey) ?? 1) - 1));
    listeners.get(slotKey)?.delete(listener);
  };
}

/** An advert's content, asked once per advert and page life. A failure is not kept. */
export function advertContent(advertId: number): Promise<AdvertContent> {
  let content = contents.get(advertId);
  if (!content) {
    content = apiFetch(`/api/iam/content/${advertId}`, {
      schema: AdvertContentSchema,
      silent: true,
    });
    content.catch(() => contents.delete(advertId));
    contents.set(advertId, content);
  }
  return content;
}

/** Tests: a fresh store and a given random source. */
export function resetSlots(nextRandom: () => number = Math.random): void {
  entries.clear();
  loading.clear();
  inUse.clear();
  listeners.clear();
  contents.clear();
  random = nextRandom;
}
