/**
 * An article's picture (news, CMS pages, their cards and the CMS preview) at its stored size,
 * 1200 × 630, so the page keeps its place while it loads.
 */
import type { ImgHTMLAttributes } from 'react';

export function ArticleImage({
  className,
  src,
  alt,
  loading,
  decoding,
  fetchPriority,
}: Pick<
  ImgHTMLAttributes<HTMLImageElement>,
  'className' | 'alt' | 'loading' | 'decoding' | 'fetchPriority'
> & { src: string; alt: string }) {
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={1200}
      height={630}
      loading={loading}
      decoding={decoding}
      fetchPriority={fetchPriority}
    />
  );
}
