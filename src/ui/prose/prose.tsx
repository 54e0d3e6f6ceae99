/**
 * Text from the content store as the server rendered and sanitised it (server/modules/content/
 * markdown.ts): headings, lists, tables and links in the site's type. A link into this site is
 * followed in the app (no full page load, the offline copy keeps working); others as usual.
 */
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import styles from './prose.module.css';

export function Prose({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    // The links inside are real links; the handler only keeps their navigation in the app.
    <div
      className={[styles.prose, className].filter(Boolean).join(' ')}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
