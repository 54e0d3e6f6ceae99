/**
 * What a staff screen shows while its data is not there: "Wird geladen …" while the first answer
 * is on the way; a failure with the server's message and "Erneut versuchen" (none when the object
 * does not exist: retrying cannot help). Once data has come, a later failed refresh is only a
 * message above it (StaffList): the rows stay.
 */
import { Fragment, type ReactNode } from 'react';
import { Button } from '../../../ui/button/button';
import { FormMessage } from './fields';
import { StaffPage } from './staff-page';
import { kitTexts } from './texts';
import { useStaffData, type StaffData } from './use-staff-data';
import styles from './kit.module.css';

export interface LoadTexts {
  loading?: string;
  notFound?: string;
  retry?: string;
}

/** A failure and, when one can help, a retry. */
export function LoadFailed({
  message,
  retryLabel = kitTexts.retry,
  onRetry,
}: {
  message: string;
  retryLabel?: string;
  /** None: retrying cannot help (e.g. the object does not exist). */
  onRetry?: () => void;
}) {
  return (
    <div className={styles.stack}>
      <FormMessage kind="error">{message}</FormMessage>
      {onRetry && (
        <div>
          <Button variant="secondary" onClick={onRetry}>
            {retryLabel}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Loading or failed while there is no data to show: what stands in for the content. */
export function LoadState<T>({
  data,
  texts = {},
}: {
  data: StaffData<T>;
  texts?: LoadTexts;
}): ReactNode {
  if (data.status === 'loading') {
    return (
      <p className={styles.muted} role="status">
        {texts.loading ?? kitTexts.loading}
      </p>
    );
  }
  if (data.status === 'error') {
    return (
      <LoadFailed
        message={data.notFound ? (texts.notFound ?? kitTexts.notFound) : data.error}
        retryLabel={texts.retry}
        onRetry={data.notFound ? undefined : data.reload}
      />
    );
  }
  return null;
}

/** A screen of one loaded object: its page frame with the load state until the data is there. */
export function LoadedScreen<T>({
  data,
  title,
  back,
  texts,
  children,
}: {
  data: StaffData<T>;
  title: string;
  back: { to: string; label: string };
  texts?: LoadTexts;
  children: (loaded: T) => ReactNode;
}) {
  if (data.status === 'ready') return children(data.data);
  return (
    <StaffPage title={title} back={back}>
      <LoadState data={data} texts={texts} />
    </StaffPage>
  );
}

/** How a create-or-edit screen loads its object, and its frame meanwhile. */
interface LoadOf<T> {
  load: (id: number, signal: AbortSignal) => Promise<T>;
  /** Names the load (with the id). */
  name: string;
  /** The title while loading or failed. */
  title: string;
  back: { to: string; label: string };
}

/**
 * A create-or-edit screen: without an id the empty form at once, with one the object loaded
 * first (a new id loads anew: the screen is keyed by it).
 */
export function CreateOrEdit<T>({
  id,
  children,
  ...loadOf
}: LoadOf<T> & {
  /** The address's id parameter; none: create. */
  id: string | undefined;
  children: (loaded: T | null) => ReactNode;
}) {
  if (!id) return <Fragment key="new">{children(null)}</Fragment>;
  return (
    <EditLoader key={id} id={Number(id)} {...loadOf}>
      {children}
    </EditLoader>
  );
}

function EditLoader<T>({
  id,
  load,
  name,
  title,
  back,
  children,
}: LoadOf<T> & { id: number; children: (loaded: T) => ReactNode }) {
  const data = useStaffData((signal) => load(id, signal), `${name}-${id}`, kitTexts.loadFailed);
  return (
    <LoadedScreen data={data} title={title} back={back}>
      {children}
    </LoadedScreen>
  );
}
