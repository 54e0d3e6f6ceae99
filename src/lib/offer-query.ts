/**
 * The offer-list query string of SPEC §3: zipCode, amount, stations, product, options (parameter
 * ids, written `id$modifier` when the modifier is above 0 and not -1), cn and ap (1 or 0).
 * `,` and `$` are legal in a query (RFC 3986 sub-delims) and stay readable.
 */

export interface OfferQuery {
  zipCode: string;
  amount: number;
  stations: number;
  productId: number;
  options: { Id: number; Modifier?: number }[];
  climateNeutral: boolean;
  appointmentPlus: boolean;
}

export function formatOption(option: { Id: number; Modifier?: number }): string {
  const m = option.Modifier;
  return m !== undefined && m > 0 && m !== -1 ? `${option.Id}$${m}` : String(option.Id);
}

export function parseOption(text: string): { Id: number; Modifier?: number } | undefined {
  const match = /^(-?\d+)(?:\$(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const id = Number(match[1]);
  return match[2] === undefined ? { Id: id } : { Id: id, Modifier: Number(match[2]) };
}

export function writeOfferQuery(q: OfferQuery): string {
  const parts = [
    `zipCode=${encodeURIComponent(q.zipCode)}`,
    `amount=${q.amount}`,
    `stations=${q.stations}`,
    `product=${q.productId}`,
    `options=${q.options.map(formatOption).join(',')}`,
    `cn=${q.climateNeutral ? 1 : 0}`,
    `ap=${q.appointmentPlus ? 1 : 0}`,
  ];
  return parts.join('&');
}

const intOf = (value: string | null): number | undefined => {
  if (value === null || !/^-?\d+$/.test(value.trim())) return undefined;
  return Number(value);
};

/**
 * An amount of litres as people and the calculator's field write it: "4500" or "4.500" (German
 * thousands separators; a native form submit sends the field's text). Not 4.5: there
 * are no fractions of a litre to order.
 */
const amountOf = (value: string | null): number | undefined => {
  const text = value?.trim() ?? '';
  if (/^\d{1,3}(\.\d{3})+$/.test(text)) return Number(text.replaceAll('.', ''));
  return intOf(value);
};

/** Parses what it can; anything missing or malformed is left out so the caller's default applies. */
export function readOfferQuery(
  search: string | URLSearchParams,
): Partial<OfferQuery> & { openSettings: boolean } {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const result: Partial<OfferQuery> & { openSettings: boolean } = {
    openSettings: params.get('openSettings') === '1',
  };
  const zip = params.get('zipCode');
  if (zip !== null && /^\d{0,10}$/.test(zip.trim())) result.zipCode = zip.trim();
  const amount = amountOf(params.get('amount'));
  if (amount !== undefined && amount >= 0) result.amount = amount;
  const stations = intOf(params.get('stations'));
  if (stations !== undefined && stations >= 1 && stations <= 9) result.stations = stations;
  const product = intOf(params.get('product'));
  if (product !== undefined) result.productId = product;
  const options = params.getAll('options').flatMap((v) => v.split(','));
  if (options.length > 0) {
    const parsed = options.map(parseOption);
    if (parsed.every((o) => o !== undefined)) result.options = parsed;
  }
  const cn = params.get('cn');
  if (cn === '1' || cn === '0') result.climateNeutral = cn === '1';
  const ap = params.get('ap');
  if (ap === '1' || ap === '0') result.appointmentPlus = ap === '1';
  return result;
}
