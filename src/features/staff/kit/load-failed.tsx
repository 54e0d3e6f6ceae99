import { Button } from '../../../ui/button/button';
import { FormMessage } from './fields';
import styles from '../ops/support-admin.module.css';

/** A support screen whose data did not load: the message, and a retry when one can help. */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  /** None: retrying cannot help (e.g. the user does not exist). */
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
