/**
 * The Markdown editor: a textarea with a toolbar (heading, bold, italic, link, lists,
 * image upload), Ctrl+B / Ctrl+I, and a live preview the server renders exactly as the public
 * page will (debounced POST /api/cms/preview). From 1024 px writing and preview sit side by
 * side; narrower, two tabs switch between them.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { CmsKind, CmsPreview } from '../../../api/contract/cms';
import { Button } from '../../../ui/button/button';
import { Prose } from '../../../ui/prose/prose';
import { useMediaQuery } from '../../../ui/use-media-query';
import { errorMessage, inputClass } from '../kit';
import { fetchPreview, uploadImage } from './api';
import {
  insertImage,
  insertLink,
  prefixLines,
  wrapSelection,
  type Edit,
  type TextState,
} from './markdown-editing';
import { texts } from './texts';
import styles from './cms.module.css';

export const PREVIEW_DEBOUNCE_MS = 400;

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  kind: CmsKind;
  slug: string;
  /** Shown under the label (e.g. the FAQ syntax of the info center). */
  hint?: string;
}

type Panel = null | 'link' | 'image';

export function MarkdownEditor({ value, onChange, kind, slug, hint }: MarkdownEditorProps) {
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);
  /** The selection when a panel (link, image) took the focus. */
  const savedSelection = useRef<TextState | null>(null);
  const wide = useMediaQuery('(min-width: 1024px)');
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [panel, setPanel] = useState<Panel>(null);
  const [status, setStatus] = useState('');

  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    const el = textareaRef.current;
    if (selection && el) {
      el.setSelectionRange(selection[0], selection[1]);
      pendingSelection.current = null;
    }
  });

  const current = (): TextState => {
    const el = textareaRef.current;
    return el
      ? { text: el.value, start: el.selectionStart, end: el.selectionEnd }
      : { text: value, start: value.length, end: value.length };
  };

  /** Applies an edit through the browser's own editing, so Ctrl+Z undoes it. */
  const apply = (edit: Edit, base: TextState = current()) => {
    const el = textareaRef.current;
    const expected = base.text.slice(0, edit.from) + edit.insert + base.text.slice(edit.to);
    if (!el) {
      onChange(expected);
      return;
    }
    el.focus();
    el.setSelectionRange(edit.from, edit.to);
    let done: boolean;
    try {
      done =
        edit.insert === ''
          ? document.execCommand('delete')
          : document.execCommand('insertText', false, edit.insert);
    } catch {
      done = false;
    }
    if (!done || el.value !== expected) {
      onChange(expected);
      pendingSelection.current = [edit.selStart, edit.selEnd];
    } else {
      el.setSelectionRange(edit.selStart, edit.selEnd);
    }
  };

  const openPanel = (which: Panel) => {
    savedSelection.current = current();
    setPanel(which);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const key = event.key.toLowerCase();
    if (key === 'b') {
      event.preventDefault();
      const s = current();
      apply(wrapSelection(s, '**', 'fett'), s);
    } else if (key === 'i') {
      event.preventDefault();
      const s = current();
      apply(wrapSelection(s, '*', 'kursiv'), s);
    } else if (key === 'k') {
      event.preventDefault();
      openPanel('link');
    }
  };

  const writePanelId = `${id}-write`;
  const previewPanelId = `${id}-preview`;
  const showWrite = wide || tab === 'write';
  const showPreview = wide || tab === 'preview';

  return (
    <div className={styles.editor}>
      {!wide && (
        <div role="tablist" aria-label={texts.bodyTitle} className={styles.tabs}>
          {(['write', 'preview'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`${id}-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={t === 'write' ? writePanelId : previewPanelId}
              tabIndex={tab === t ? 0 : -1}
              className={styles.tab}
              onClick={() => setTab(t)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                  const next = t === 'write' ? 'preview' : 'write';
                  setTab(next);
                  document.getElementById(`${id}-tab-${next}`)?.focus();
                }
              }}
            >
              {t === 'write' ? texts.tabWrite : texts.tabPreview}
            </button>
          ))}
        </div>
      )}
      <div className={wide ? styles.sideBySide : undefined}>
        <div
          id={writePanelId}
          className={styles.writePane}
          hidden={!showWrite}
          {...(wide ? {} : { role: 'tabpanel', 'aria-labelledby': `${id}-tab-write` })}
        >
          <label className={styles.bodyLabel} htmlFor={`${id}-text`}>
            {texts.bodyLabel}
          </label>
          <div role="toolbar" aria-label={texts.toolbar} className={styles.toolbar}>
            {TOOLS.map((tool) =>
              'edit' in tool ? (
                <Tool
                  key={tool.label}
                  label={texts[tool.label]}
                  glyph={tool.glyph}
                  onClick={() => apply(tool.edit(current()))}
                />
              ) : (
                <Tool
                  key={tool.label}
                  label={texts[tool.label]}
                  glyph={tool.glyph}
                  expanded={panel === tool.panel}
                  onClick={() => openPanel(panel === tool.panel ? null : tool.panel)}
                />
              ),
            )}
          </div>
          {panel === 'link' && (
            <LinkPanel
              onCancel={() => {
                setPanel(null);
                textareaRef.current?.focus();
              }}
              onInsert={(url) => {
                const s = savedSelection.current ?? current();
                setPanel(null);
                apply(insertLink(s, url, 'Linktext'), s);
              }}
            />
          )}
          {panel === 'image' && (
            <ImagePanel
              onCancel={() => {
                setPanel(null);
                textareaRef.current?.focus();
              }}
              onStatus={setStatus}
              onInsert={(path, alt) => {
                const s = savedSelection.current ?? current();
                setPanel(null);
                apply(insertImage(s, path, alt), s);
                setStatus(texts.uploaded);
              }}
            />
          )}
          <textarea
            id={`${id}-text`}
            ref={textareaRef}
            className={`${inputClass} ${styles.textarea}`}
            value={value}
            spellCheck
            lang="de"
            aria-describedby={`${id}-hint`}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <p id={`${id}-hint`} className={styles.hint}>
            {hint ?? texts.markdownHint}
          </p>
          <p className={styles.srOnly} role="status">
            {status}
          </p>
        </div>
        <div
          id={previewPanelId}
          className={styles.previewPane}
          hidden={!showPreview}
          {...(wide
            ? { role: 'region', 'aria-label': texts.previewTitle }
            : { role: 'tabpanel', 'aria-labelledby': `${id}-tab-preview` })}
        >
          {wide && <p className={styles.previewHeading}>{texts.previewTitle}</p>}
          <LivePreview kind={kind} slug={slug} markdown={value} active={showPreview} />
        </div>
      </div>
    </div>
  );
}

/** A toolbar icon's frame: 18 px line art in the text colour. */
/**
 * The toolbar in its order: an edit changes the text at once, a panel (link, image) opens below
 * the toolbar and a second press closes it.
 */
const TOOLS: readonly (
  | { label: ToolLabel; glyph: ReactNode; edit: (state: TextState) => Edit }
  | { label: ToolLabel; glyph: ReactNode; panel: 'link' | 'image' }
)[] = [
  { label: 'toolHeading', glyph: 'H2', edit: (s) => prefixLines(s, 'heading') },
  { label: 'toolBold', glyph: <strong>B</strong>, edit: (s) => wrapSelection(s, '**', 'fett') },
  { label: 'toolItalic', glyph: <em>I</em>, edit: (s) => wrapSelection(s, '*', 'kursiv') },
  { label: 'toolLink', glyph: <LinkIcon />, panel: 'link' },
  { label: 'toolBullets', glyph: '•', edit: (s) => prefixLines(s, 'bullet') },
  { label: 'toolNumbers', glyph: '1.', edit: (s) => prefixLines(s, 'number') },
  { label: 'toolImage', glyph: <ImageIcon />, panel: 'image' },
];

type ToolLabel =
  | 'toolHeading'
  | 'toolBold'
  | 'toolItalic'
  | 'toolLink'
  | 'toolBullets'
  | 'toolNumbers'
  | 'toolImage';

function ToolIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** A toolbar button: an icon with its name for screen readers and as a tooltip. */
/** SVG, not emoji: without an emoji font those rendered as empty boxes. */
function LinkIcon() {
  return (
    <ToolIcon>
      <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
    </ToolIcon>
  );
}

function ImageIcon() {
  return (
    <ToolIcon>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="M21 17l-5-5-9 8" />
    </ToolIcon>
  );
}

function Tool({
  label,
  glyph,
  onClick,
  expanded,
}: {
  label: string;
  glyph: ReactNode;
  onClick: () => void;
  expanded?: boolean;
}) {
  return (
    // Named by its (hidden) text, not aria-label: the visible glyph is no word, and a label that
    // does not contain the visible text fails label-content-name-mismatch.
    <button
      type="button"
      className={styles.tool}
      title={label}
      aria-expanded={expanded}
      // Keeps the text's selection: the button does not take the focus on click.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      <span aria-hidden="true">{glyph}</span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}

function LinkPanel({
  onInsert,
  onCancel,
}: {
  onInsert: (url: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState('');
  const insert = () => {
    if (url.trim()) onInsert(url.trim());
  };
  return (
    <div className={styles.panel}>
      <label htmlFor={id} className={styles.panelLabel}>
        {texts.linkPrompt}
      </label>
      <div className={styles.panelRow}>
        <input
          id={id}
          className={inputClass}
          type="text"
          inputMode="url"
          value={url}
          autoFocus
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              insert();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              onCancel();
            }
          }}
        />
        <PanelActions
          label="Einfügen"
          disabled={!url.trim()}
          onInsert={insert}
          onCancel={onCancel}
        />
      </div>
    </div>
  );
}

/** A panel's two buttons: insert what it holds, or close it and leave the text as it was. */
function PanelActions({
  label,
  disabled,
  onInsert,
  onCancel,
}: {
  label: string;
  disabled: boolean;
  onInsert: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onInsert} disabled={disabled}>
        {label}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        Abbrechen
      </Button>
    </>
  );
}

/** Choose a file, describe it, upload it, insert ![alt](/media/…). */
export function ImagePanel({
  onInsert,
  onCancel,
  onStatus,
  submitLabel = 'Hochladen und einfügen',
}: {
  onInsert: (path: string, alt: string) => void;
  onCancel: () => void;
  onStatus?: (text: string) => void;
  submitLabel?: string;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const upload = async () => {
    if (!file) return;
    if (!alt.trim()) {
      setError(texts.imageAltMissing);
      return;
    }
    setBusy(true);
    setError('');
    onStatus?.(texts.uploading);
    try {
      const path = await uploadImage(file);
      onInsert(path, alt.trim());
    } catch (e) {
      setError(errorMessage(e, texts.uploadFailed));
      onStatus?.('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.panel}>
      <div className={styles.panelGrid}>
        <div className={styles.panelField}>
          <label htmlFor={`${id}-file`} className={styles.panelLabel}>
            {texts.imageFile}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-describedby={`${id}-file-hint`}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError('');
            }}
          />
          <span id={`${id}-file-hint`} className={styles.hint}>
            {texts.imageHint}
          </span>
        </div>
        <div className={styles.panelField}>
          <label htmlFor={`${id}-alt`} className={styles.panelLabel}>
            {texts.imageAltPrompt}
          </label>
          <input
            id={`${id}-alt`}
            className={inputClass}
            type="text"
            value={alt}
            aria-invalid={error === texts.imageAltMissing ? true : undefined}
            onChange={(e) => setAlt(e.target.value)}
          />
        </div>
      </div>
      {error && (
        <p role="alert" className={styles.panelError}>
          {error}
        </p>
      )}
      <div className={styles.panelRow}>
        <PanelActions
          label={busy ? texts.uploading : submitLabel}
          disabled={!file || busy}
          onInsert={() => void upload()}
          onCancel={onCancel}
        />
      </div>
    </div>
  );
}

/**
 * The body as the public page renders it, refreshed a moment after typing stops. An empty body
 * renders as nothing, so it is not sent: the hint says so at once, and a preview of an earlier
 * text never stays beside an emptied field.
 */
export function LivePreview({
  kind,
  slug,
  markdown,
  active = true,
}: {
  kind: CmsKind;
  slug: string;
  markdown: string;
  active?: boolean;
}) {
  const [preview, setPreview] = useState<CmsPreview | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const [error, setError] = useState('');

  const empty = !markdown.trim();

  useEffect(() => {
    if (!active || empty) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState('loading');
      fetchPreview(kind, slug, markdown, controller.signal).then(
        (answer) => {
          if (controller.signal.aborted) return;
          setPreview(answer);
          setState('idle');
        },
        (e: unknown) => {
          if (controller.signal.aborted) return;
          setError(errorMessage(e, texts.previewFailed));
          setState('error');
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [kind, slug, markdown, active, empty]);

  const shown = empty ? null : preview;
  return (
    <div className={styles.livePreview} aria-busy={!empty && state === 'loading'}>
      {!empty && state === 'error' && (
        <p role="alert" className={styles.panelError}>
          {error}
        </p>
      )}
      {shown ? (
        <RenderedBody preview={shown} />
      ) : (
        <p className={styles.hint}>{empty ? texts.previewEmpty : texts.previewUpdating}</p>
      )}
    </div>
  );
}

/** Sanitised HTML from the server in the site's text style; a FAQ with its sections. */
export function RenderedBody({ preview }: { preview: CmsPreview }) {
  return (
    <div className={styles.rendered}>
      {preview.Html && <Prose html={preview.Html} />}
      {preview.Sections.map((section) => (
        <section key={section.Id} aria-label={section.Title} className={styles.faqSection}>
          <h2>{section.Title}</h2>
          {section.Questions.map((q) => (
            <div key={q.Id} className={styles.faqItem}>
              <h3>{q.Question}</h3>
              <Prose html={q.Answer} />
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
