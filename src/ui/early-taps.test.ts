// The page's head script runs here as a browser runs it, from a script element:
// @vitest-environment-options {"settings":{"enableJavaScriptEvaluation":true,"suppressInsecureJavaScriptEnvironmentWarning":true}}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_TAPS_SCRIPT } from '../lib/inline-scripts';
import { replayEarlyTaps, takeEarlyTaps } from './early-taps';

/** The page's head script, run as the browser runs it: a script element with its exact text. */
function collectAsTheHeadDoes() {
  const script = document.createElement('script');
  script.textContent = EARLY_TAPS_SCRIPT;
  document.head.append(script);
  script.remove();
}

afterEach(() => {
  takeEarlyTaps();
  document.body.innerHTML = '';
});

describe('taps before the page is live', () => {
  it('keeps buttons without an action of their own, each once, and not links or submits', () => {
    document.body.innerHTML = `
      <button type="button" id="details">Preisdetails <svg><path id="icon"/></svg></button>
      <button id="heart">Merken</button>
      <button type="button" id="off" disabled>Aus</button>
      <form><input name="zip"><button id="submit">Preise vergleichen</button></form>
      <a href="#x" id="link">Bestellen</a>`;
    collectAsTheHeadDoes();
    const byId = (id: string) => document.getElementById(id) as HTMLElement;
    // A tap on the icon inside the button counts for the button; a second tap adds nothing.
    byId('icon').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    byId('details').click();
    byId('heart').click();
    byId('off').click();
    byId('submit')
      .closest('form')
      ?.addEventListener('submit', (e) => e.preventDefault());
    byId('submit').click();
    byId('link').click();

    expect(takeEarlyTaps().map((b) => b.id)).toEqual(['details', 'heart']);
  });

  it('stops collecting once taken: the app handles taps from then on', () => {
    document.body.innerHTML = '<button type="button" id="menu">Menü</button>';
    collectAsTheHeadDoes();
    expect(takeEarlyTaps()).toEqual([]);
    document.getElementById('menu')?.click();
    expect(takeEarlyTaps()).toEqual([]);
  });

  it('presses each kept button that the live page still shows, enabled', () => {
    document.body.innerHTML = `
      <button type="button" id="kept">A</button>
      <button type="button" id="gone">B</button>
      <button type="button" id="off">C</button>`;
    collectAsTheHeadDoes();
    for (const id of ['kept', 'gone', 'off']) document.getElementById(id)?.click();
    const taps = takeEarlyTaps();
    const pressed = vi.fn<(id: string) => void>();
    document.addEventListener('click', (e) => {
      pressed((e.target as HTMLElement).id);
    });
    document.getElementById('gone')?.remove();
    (document.getElementById('off') as HTMLButtonElement).disabled = true;

    replayEarlyTaps(taps);
    expect(pressed.mock.calls).toEqual([['kept']]);
  });
});
