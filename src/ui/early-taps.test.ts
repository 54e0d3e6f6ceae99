// The page's head script runs here as a browser runs it, from a script element:
// @vitest-environment-options {"settings":{"enableJavaScriptEvaluation":true,"suppressInsecureJavaScriptEnvironmentWarning":true}}
import { act, render } from '@testing-library/react';
import { createElement, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_TAPS_SCRIPT } from '../lib/inline-scripts';
import { replayEarlyInput, takeEarlyTaps } from './early-taps';

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

    replayEarlyInput(taps);
    expect(pressed.mock.calls).toEqual([['kept']]);
  });
});

describe('text typed before the page is live', () => {
  it('is typed again once React has the field, and reaches its state', () => {
    // The server's HTML of a controlled field; the visitor types before the script has run.
    document.body.innerHTML = `<div id="root"><input aria-label="PLZ" value=""/></div>
      <input aria-label="Liter" value="3000">`;
    const zip = document.querySelector<HTMLInputElement>('[aria-label="PLZ"]')!;
    zip.value = '10115';
    const inputs = vi.fn<(label: string | null) => void>();
    document.addEventListener('input', (e) =>
      inputs((e.target as HTMLElement).getAttribute('aria-label')),
    );

    const changes = vi.fn<(value: string) => void>();
    function Zip() {
      const [value, setValue] = useState('');
      return createElement('input', {
        'aria-label': 'PLZ',
        value,
        onChange: (e: { target: HTMLInputElement }) => {
          changes(e.target.value);
          setValue(e.target.value);
        },
      });
    }
    render(createElement(Zip), { container: document.getElementById('root')!, hydrate: true });
    act(() => replayEarlyInput([]));
    expect(changes.mock.calls).toEqual([['10115']]);
    expect(zip.value).toBe('10115');
    // The untouched field is left alone.
    expect(inputs.mock.calls).toEqual([['PLZ']]);
  });

  it('chooses again what was chosen in a list, once React has it (the country)', () => {
    document.body.innerHTML = `<div id="root"><select aria-label="Land"><option value="de" selected>DE</option><option value="at">AT</option></select></div>`;
    const list = document.querySelector<HTMLSelectElement>('select')!;
    list.value = 'at';
    const changes = vi.fn<(value: string) => void>();
    function Country() {
      const [value, setValue] = useState('de');
      return createElement(
        'select',
        {
          'aria-label': 'Land',
          value,
          onChange: (e: { target: HTMLSelectElement }) => {
            changes(e.target.value);
            setValue(e.target.value);
          },
        },
        createElement('option', { value: 'de' }, 'DE'),
        createElement('option', { value: 'at' }, 'AT'),
      );
    }
    render(createElement(Country), { container: document.getElementById('root')!, hydrate: true });
    act(() => replayEarlyInput([]));
    expect(changes.mock.calls).toEqual([['at']]);
    expect(list.value).toBe('at');
  });

  it('leaves out a field the live page has disabled', () => {
    document.body.innerHTML = '<input id="off" value="">';
    (document.getElementById('off') as HTMLInputElement).value = 'x';
    (document.getElementById('off') as HTMLInputElement).disabled = true;
    const inputs = vi.fn<(id: string) => void>();
    document.addEventListener('input', (e) => inputs((e.target as HTMLElement).id));
    replayEarlyInput([]);
    expect(inputs).not.toHaveBeenCalled();
  });
});
