/** Advert slots on the public pages (SPEC §3/§4, issue 13). */
export { AdvertSlot, type PageSlotKey } from './advert-slot';
