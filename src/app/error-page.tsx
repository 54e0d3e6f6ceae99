/**
 * The error page of SPEC §2: 404 says the page does not exist, anything else the generic text.
 * Title "<product> Fehler <status>", a "Startseite" button. The status comes from the error's
 * statusCode, status or response status, default 500 (SPEC §8).
 */
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ButtonLink } from '../ui/button/button';
import { paths } from '../lib/paths';
import { texts } from './texts';
import styles from './error-page.module.css';

export function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error && typeof error === 'object') {
    const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
    for (const candidate of [e.statusCode, e.status, e.response?.status]) {
      if (typeof candidate === 'number' && candidate >= 400 && candidate < 600) return candidate;
    }
  }
  return 500;
}

export function ErrorPage({ status }: { status: number }) {
  useEffect(() => {
    const previous = document.title;
    document.title = texts.error.title(status);
    return () => {
      document.title = previous;
    };
  }, [status]);

  const notFound = status === 404;
  return (
    <div className={styles.error}>
      <p className={styles.status} aria-hidden="true">
        {status}
      </p>
      <h1>{notFound ? texts.error.notFound : texts.error.generic}</h1>
      <p>{notFound ? texts.error.notFoundHint : texts.error.genericHint}</p>
      <ButtonLink to={paths.home} size="lg">
        {texts.error.home}
      </ButtonLink>
    </div>
  );
}

/** errorElement of the root route: a thrown error or a route error response. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  return <ErrorPage status={statusOf(error)} />;
}
