/**
 * Page: the centred column every feature page sits in (grid, max-width, outer padding, h1 look).
 * Card: the white surface (padding, radius, shadow); its inner layout is the caller's class.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import styles from './page.module.css';

/** Max-widths in use: xs 32rem, sm 40rem, md 44rem, lg 52rem, xl 60rem, 2xl 72rem, full = container. */
export type PageWidth = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl' | 'full';
/** Row gap between the page's blocks: md = --space-4, lg = --space-5. */
export type PageGap = 'md' | 'lg';

export interface PageProps extends HTMLAttributes<HTMLDivElement> {
  width: PageWidth;
  gap?: PageGap;
  children: ReactNode;
}

function join(...names: (string | undefined | false)[]): string {
  return names.filter(Boolean).join(' ');
}

export function Page({ width, gap = 'md', className, ...rest }: PageProps) {
  return (
    <div
      className={join(styles.page, styles[`width-${width}`], styles[`gap-${gap}`], className)}
      {...rest}
    />
  );
}

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element to render; a landmark section, a plain div, or a status paragraph. */
  as?: 'section' | 'div' | 'p';
  children: ReactNode;
}

export function Card({ as: Tag = 'section', className, ...rest }: CardProps) {
  return <Tag className={join(styles.card, className)} {...rest} />;
}
