import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  insertImage,
  insertLink,
  prefixLines,
  wrapSelection,
  type TextState,
} from './markdown-editing';

function state(marked: string): TextState {
  // "[" and "]" mark the selection; "|" a caret.
  const caret = marked.indexOf('|');
  if (caret >= 0) return { text: marked.replace('|', ''), start: caret, end: caret };
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { text: marked.replace('[', '').replace(']', ''), start, end };
}

function show(s: TextState): string {
  if (s.start === s.end) return `${s.text.slice(0, s.start)}|${s.text.slice(s.start)}`;
  return `${s.text.slice(0, s.start)}[${s.text.slice(s.start, s.end)}]${s.text.slice(s.end)}`;
}

describe('toolbar edits', () => {
  it('wraps a selection in bold and unwraps it again', () => {
    const s = state('ein [Wort] hier');
    const bold = applyEdit(s, wrapSelection(s, '**', 'fett'));
    expect(show(bold)).toBe('ein **[Wort]** hier');
    expect(show(applyEdit(bold, wrapSelection(bold, '**', 'fett')))).toBe('ein [Wort] hier');
  });

  it('inserts a selected placeholder without a selection; keeps edge spaces outside', () => {
    const s = state('a |b');
    expect(show(applyEdit(s, wrapSelection(s, '*', 'kursiv')))).toBe('a *[kursiv]*b');
    const spaced = state('x[Wort ]y');
    expect(applyEdit(spaced, wrapSelection(spaced, '**', 'f')).text).toBe('x**Wort** y');
  });

  it('does not take one star of a bold for italic', () => {
    const s = state('**[fett]**');
    expect(applyEdit(s, wrapSelection(s, '*', 'k')).text).toBe('***fett***');
  });

  it('prefixes lines with bullets, numbers or a heading, and toggles them off', () => {
    const s = state('[eins\nzwei]');
    const bullets = applyEdit(s, prefixLines(s, 'bullet'));
    expect(bullets.text).toBe('- eins\n- zwei');
    expect(applyEdit(bullets, prefixLines(bullets, 'bullet')).text).toBe('eins\nzwei');
    expect(applyEdit(bullets, prefixLines(bullets, 'number')).text).toBe('1. eins\n2. zwei');
    const line = state('Titel|');
    const heading = applyEdit(line, prefixLines(line, 'heading'));
    expect(show(heading)).toBe('## Titel|');
  });

  it('makes a link of the selection and an image on its own line', () => {
    const s = state('Zu den [Preisen] hier');
    expect(show(applyEdit(s, insertLink(s, '/heizoelpreise', 'Link')))).toBe(
      'Zu den [[Preisen]](/heizoelpreise) hier',
    );
    const c = state('Absatz|');
    expect(applyEdit(c, insertImage(c, '/media/0123456789abcdef.png', 'Ein [Tank]\n')).text).toBe(
      'Absatz\n\n![Ein Tank](/media/0123456789abcdef.png)',
    );
  });
});
