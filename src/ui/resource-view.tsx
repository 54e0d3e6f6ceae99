/**
 * The states of a page's one answer (useResource), the same on every page that has one: the
 * page's own "unknown" view for a 404, a German message with "Erneut versuchen" when loading
 * failed and nothing was shown yet, a placeholder of the page's shape while loading, else the
 * page. A failure after something was shown keeps it (the last value stays).
 */
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';
import { Button } from './button/button';
import type { Resource } from './use-resource';
import styles from './resource-view.module.css';

export interface ResourceViews<T> {
  notFound: () => ReactNode;
  /** The message of a failed load, e.g. "Die Händler konnten nicht geladen werden." */
  failedText: string;
  /** Wraps the message (the page's frame). */
  frame: (content: ReactNode) => ReactNode;
  loading: () => ReactNode;
  ready: (data: T) => ReactNode;
}

export function resourceView<T>(resource: Resource<T>, views: ResourceViews<T>): ReactNode {
  if (resource.status === 'error') {
    if (resource.error instanceof ApiError && resource.error.status === 404) {
      return views.notFound();
    }
    if (resource.stale === undefined) {
      return views.frame(
        <div role="alert" className={styles.failed}>
          <p>{views.failedText}</p>
          <Button variant="secondary" onClick={resource.retry}>
            Erneut versuchen
          </Button>
        </div>,
      );
    }
  }
  const data = resource.status === 'ready' ? resource.data : resource.stale;
  return data === undefined ? views.loading() : views.ready(data);
}
