/**
 * The advert slot's work, loaded after the page is interactive (AdvertSlot imports it), so the
 * adverts cost the first paint nothing: watch the calculator's postal code and the locale, load
 * the slot, draw, fetch the content, render it into the reserved box.
 */
import { subscribe } from 'valtio';
import { calculatorState, fieldErrors } from '../calculator';
import {
  advertContent,
  loadSlot,
  postalCodeChanged,
  watchSlot,
  type SlotEntry,
} from './slot-store';
import { clearAdvert, renderAdvert } from '../../ui/advert/render-advert';

/** The calculator's postal code when it is complete and not known to be wrong, else ''. */
export function calculatorZip(): { countryId: number; zipCode: string } {
  const { ZipCode, CountryId } = calculatorState.config;
  return { countryId: CountryId, zipCode: fieldErrors().zip === null ? ZipCode.trim() : '' };
}

let watching = false;
let lastZip = '';

/** One subscription for every slot on the page. */
function watchPostalCode(): void {
  if (watching) return;
  watching = true;
  lastZip = JSON.stringify(calculatorZip());
  subscribe(calculatorState, () => {
    const next = calculatorZip();
    const key = JSON.stringify(next);
    if (key === lastZip) return;
    lastZip = key;
    postalCodeChanged(next.countryId, next.zipCode);
  });
}

/** Mounts the slot into `host` (inside the page's reserved box); returns the unmount. */
export function mountSlot(host: HTMLElement, slotKey: string): () => void {
  watchPostalCode();
  const box = host.parentElement;
  let shown = -1;
  let seq = 0;
  const show = (entry: SlotEntry) => {
    const advertId = entry.item?.AdvertId ?? null;
    if (entry.status === 'loading') return;
    if (advertId === null) {
      shown = -1;
      clearAdvert(host);
      box?.setAttribute('data-state', 'empty');
      return;
    }
    if (advertId === shown) return;
    const mine = ++seq;
    advertContent(advertId).then(
      (content) => {
        if (mine !== seq) return;
        shown = advertId;
        renderAdvert(host, { html: content.Html, stylesFileName: content.StylesFileName });
        box?.setAttribute('data-state', 'shown');
      },
      () => {
        if (mine !== seq) return;
        box?.setAttribute('data-state', 'empty');
      },
    );
  };
  const stop = watchSlot(slotKey, show);
  const { countryId, zipCode } = calculatorZip();
  void loadSlot(slotKey, countryId, zipCode).then(show);
  return () => {
    seq++;
    stop();
  };
}
