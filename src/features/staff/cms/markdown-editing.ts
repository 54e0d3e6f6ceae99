/**
 * The Markdown editor's toolbar actions as pure functions: text and selection in, text and the
 * new selection out, so the textarea keeps the caret where a writer expects it (and the native
 * undo can be fed through execCommand by the component).
 */

export interface TextState {
  text: string;
  start: number;
  end: number;
}

export interface Edit {
  /** Replace text[from, to) with `insert`, then select [selStart, selEnd) of the new text. */
  from: number;
  to: number;
  insert: string;
  selStart: number;
  selEnd: number;
}

export function applyEdit(state: TextState, edit: Edit): TextState {
  return {
    text: state.text.slice(0, edit.from) + edit.insert + state.text.slice(edit.to),
    start: edit.selStart,
    end: edit.selEnd,
  };
}

/**
 * **bold** / *italic*: wraps the selection (or a placeholder, selected), or unwraps it when it is
 * wrapped already.
 */
export function wrapSelection(state: TextState, marker: string, placeholder: string): Edit {
  const { text, start, end } = state;
  const selected = text.slice(start, end);
  const m = marker.length;
  // Already wrapped just outside the selection: unwrap.
  if (
    start >= m &&
    text.slice(start - m, start) === marker &&
    text.slice(end, end + m) === marker &&
    // "*" must not take one star of "**"
    !(marker === '*' && text.slice(start - 2, start) === '**' && text.slice(end, end + 2) === '**')
  ) {
    return {
      from: start - m,
      to: end + m,
      insert: selected,
      selStart: start - m,
      selEnd: end - m,
    };
  }
  const inner = selected || placeholder;
  // Spaces at the edges stay outside the markers ("**word **" is no emphasis).
  const lead = inner.length - inner.trimStart().length;
  const trail = inner.length - inner.trimEnd().length;
  const core = inner.trim() || placeholder;
  const insert = `${inner.slice(0, lead)}${marker}${core}${marker}${trail ? inner.slice(inner.length - trail) : ''}`;
  const selStart = start + lead + m;
  return { from: start, to: end, insert, selStart, selEnd: selStart + core.length };
}

function lineBounds(text: string, start: number, end: number): { from: number; to: number } {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  let to = text.indexOf('\n', end > start && text[end - 1] === '\n' ? end - 1 : end);
  if (to === -1) to = text.length;
  return { from, to };
}

const LIST_PREFIX = /^(\s*)(?:[-*+]|\d+\.)\s+/;
const HEADING_PREFIX = /^#{1,6}\s+/;

/**
 * A prefix per selected line: "- " bullets, "1. " numbers (counted), "## " heading. Applied again
 * to lines that all have it, it is removed (a toggle).
 */
export function prefixLines(state: TextState, kind: 'bullet' | 'number' | 'heading'): Edit {
  const { text, start, end } = state;
  const { from, to } = lineBounds(text, start, end);
  const lines = text.slice(from, to).split('\n');
  const has = (line: string) =>
    kind === 'heading'
      ? /^##\s+/.test(line)
      : kind === 'bullet'
        ? /^\s*[-*+]\s+/.test(line)
        : /^\s*\d+\.\s+/.test(line);
  const content = lines.filter((l) => l.trim() !== '');
  const remove = content.length > 0 && content.every(has);
  let n = 0;
  const out = lines.map((line) => {
    if (remove) return line.replace(kind === 'heading' ? HEADING_PREFIX : LIST_PREFIX, '$1');
    if (line.trim() === '' && lines.length > 1) return line;
    const bare = line.replace(HEADING_PREFIX, '').replace(LIST_PREFIX, '$1');
    if (kind === 'heading') return `## ${bare}`;
    if (kind === 'bullet') return `- ${bare}`;
    n += 1;
    return `${n}. ${bare}`;
  });
  const insert = out.join('\n');
  // A single empty line: the caret goes after the new prefix.
  if (start === end && lines.length === 1) {
    const shift = insert.length - (to - from);
    const caret = Math.max(from, start + shift);
    return { from, to, insert, selStart: caret, selEnd: caret };
  }
  return { from, to, insert, selStart: from, selEnd: from + insert.length };
}

/** [text](url): the selection (or a placeholder) becomes the link text. */
export function insertLink(state: TextState, url: string, placeholder: string): Edit {
  const { text, start, end } = state;
  const label = text.slice(start, end) || placeholder;
  const insert = `[${label}](${url})`;
  return {
    from: start,
    to: end,
    insert,
    selStart: start + 1,
    selEnd: start + 1 + label.length,
  };
}

/** Alt text as Markdown sees it: no brackets or line breaks to break the syntax. */
export function cleanAlt(alt: string): string {
  return alt
    .replace(/[[\]\r\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** ![alt](path) on a line of its own at the caret (replacing a selection). */
export function insertImage(state: TextState, path: string, alt: string): Edit {
  const { text, start, end } = state;
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead =
    before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail =
    after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const image = `![${cleanAlt(alt)}](${path})`;
  const insert = `${lead}${image}${trail}`;
  const caret = start + lead.length + image.length;
  return { from: start, to: end, insert, selStart: caret, selEnd: caret };
}
