/**
 * An advert rendered the way a visitor sees it (shadow root, own stylesheet), for the staff
 * screens' live preview: pass `css` to preview a stylesheet that is not saved yet.
 */
import { useLayoutEffect, useRef } from 'react';
import { renderAdvert } from './render-advert';

export interface AdvertViewProps {
  html: string;
  stylesFileName: string | null;
  css?: string;
  className?: string;
  /** Names the preview for screen readers. */
  label?: string;
}

export function AdvertView({ html, stylesFileName, css, className, label }: AdvertViewProps) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (host.current) renderAdvert(host.current, { html, stylesFileName, css });
  }, [html, stylesFileName, css]);
  return <div ref={host} className={className} role="region" aria-label={label ?? 'Vorschau'} />;
}
