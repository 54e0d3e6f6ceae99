const formats = new Map<string, Intl.NumberFormat>();

/** Yearly amounts in whole currency units (the contract rounds them so), de-DE (SPEC §9). */
export function formatMoney(value: number, currency: 'EUR' | 'CHF'): string {
  let f = formats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat('de-DE', { style: 'currency', currency, maximumFractionDigits: 0 });
    formats.set(currency, f);
  }
  return f.format(value);
}
