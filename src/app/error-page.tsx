/**
 * The error page of SPEC §2: 404 says the page does not exist, anything else the generic text.
 * Title "<product> Fehler <status>", a "Startseite" button. The status comes from the error's
 * statusCode, status or response status, default 500 (SPEC §8). SPEC §2: the simple calculator
 * sits in a sticky bar at the bottom (after the page in the document, sticky to the viewport).
 */
import { Component, useEffect, useId, type ErrorInfo, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Calculator, calculatorTexts } from '../features/calculator';
import { clientErrorOf, collectError, reportErrorPage } from '../features/telemetry';
import { ButtonLink } from '../ui/button/button';
import { paths } from '../lib/paths';
import { RouteFrame } from './root-layout';
import { texts } from './texts';
import styles from './error-page.module.css';
import { useDocumentTitle } from '../ui/document-title/use-document-title';
import { useMounted } from '../ui/use-mounted';

export function statusOf(error: unknown): number {
  if (error && typeof error === 'object') {
    const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
    for (const candidate of [e.statusCode, e.status, e.response?.status]) {
      if (typeof candidate === 'number' && candidate >= 400 && candidate < 600) return candidate;
    }
  }
  return 500;
}

export function ErrorPage({ status }: { status: number }) {
  useDocumentTitle(texts.error.title(status));
  // SPEC §8: the error page reports on mount ("Unsere Techniker sind bereits informiert").
  useEffect(() => reportErrorPage(status, window.location.pathname), [status]);

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
      <StickyCalculator />
    </div>
  );
}

/** The simple calculator: PLZ, Liter, start; its own bar after #root, sticky at the bottom. */
function StickyCalculator() {
  const id = useId();
  // A portal needs the document: the server render and the hydrating render leave it out.
  const mounted = useMounted();
  if (!mounted) return null;
  return createPortal(
    <section className={styles.sticky} aria-labelledby={`${id}-title`}>
      <div className={styles.stickyInner}>
        <h2 id={`${id}-title`} className={styles.stickyTitle}>
          {calculatorTexts.simple.title}
        </h2>
        <Calculator layout="bar" labelledBy={`${id}-title`} />
      </div>
    </section>,
    document.body,
  );
}

/**
 * Catches what a page throws while rendering (including a lazy chunk that failed to load) and
 * shows the error page in the message layout. Moving to another path (resetKey) tries again.
 */
export class AppErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { error: unknown; failedAt: string | null }
> {
  override state = { error: null as unknown, failedAt: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { error: unknown; failedAt: string | null },
  ) {
    if (state.failedAt === null && state.error !== null) return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey)
      return { error: null, failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    collectError(clientErrorOf(error)); // sent by the error page when it mounts
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <RouteFrame handle={{ name: 'error', layout: 'message' }}>
        <ErrorPage status={statusOf(this.state.error)} />
      </RouteFrame>
    );
  }
}
