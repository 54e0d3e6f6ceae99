/**
 * Taps on a server-rendered page before the app has taken it over. Until the page
 * hydrates, its buttons are plain HTML: a tap on the favourite heart or a card's price details
 * on a slow phone would do nothing, and the visitor would not know whether it counted. The
 * page's head collects them (EARLY_TAPS_SCRIPT, src/lib/inline-scripts.ts); once the page is
 * live, each tapped button that is still there is pressed once. Links and submit buttons are
 * not collected: the browser carries them out by itself. Text typed into the HTML's fields
 * meanwhile (a postal code) would be lost the same way: React's state does not know it and
 * writes its own value back. It is typed again once the page is live, and a list's choice (the
 * country) is made again.
 */
type Collector = { earlyTaps?: HTMLButtonElement[] | null };

/** Ends the collecting (the app handles taps from now on) and returns what was collected. */
export function takeEarlyTaps(): HTMLButtonElement[] {
  const collector = window as unknown as Collector;
  const taps = collector.earlyTaps ?? [];
  collector.earlyTaps = null;
  return taps;
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Carries out what the visitor did before the page was live, once it is, on what it still
 * shows, enabled. Text typed into the server's HTML (a field whose text differs from its HTML;
 * not a chosen file, which no script may set) is typed again, as an input event React's
 * handlers see: React notices a change against the value it last wrote, so the field's own
 * setter (React's) takes an empty text first and the prototype's setter then the typed one.
 * Then the tapped buttons are pressed.
 */
export function replayEarlyInput(taps: readonly HTMLButtonElement[]): void {
  for (const field of document.querySelectorAll<Field>('input:not([type=file]),textarea')) {
    const text = field.value;
    if (text === field.defaultValue || field.disabled) continue;
    field.value = '';
    Reflect.set(Object.getPrototypeOf(field) as object, 'value', text, field);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  // A choice made in the HTML's lists (the country) is chosen again: React's select listens to
  // 'change' and reads the list's value, which still holds the visitor's choice.
  for (const list of document.querySelectorAll('select')) {
    if (list.disabled || list.multiple) continue;
    const initial = [...list.options].find((o) => o.defaultSelected) ?? list.options[0];
    if (!initial || list.value === initial.value) continue;
    list.dispatchEvent(new Event('change', { bubbles: true }));
  }
  for (const button of taps) if (button.isConnected && !button.disabled) button.click();
}
