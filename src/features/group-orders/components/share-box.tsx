/**
 * The organiser's invitation: the group's link (absolute, to paste into a message) with a copy
 * button, the code in groups of four (to write on a note for the neighbours' doors), and the
 * system's share sheet where the browser has one.
 */
import { useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '../../../ui/button/button';
import { formatGroupCode, groupShareUrl } from '../format';
import { texts } from '../texts';
import styles from '../group-orders.module.css';

const noSubscribe = () => () => undefined;
/** navigator.share, read after hydration (the server has none). */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (an insecure origin, an old browser): the selected field and the
    // browser's own copy command.
    input?.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

export function ShareBox({
  code,
  zip,
  product,
  className,
}: {
  code: string;
  zip: string;
  product: string;
  className?: string;
}) {
  const url = groupShareUrl(window.location.origin, code);
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const share = useSyncExternalStore(noSubscribe, canShare, () => false);

  return (
    <section className={`${styles.card} ${className ?? ''}`} aria-labelledby="group-share-title">
      <h2 id="group-share-title" className={styles.cardTitle}>
        {texts.group.shareTitle}
      </h2>
      <p>{texts.group.shareLead}</p>
      <div className={styles.shareField}>
        <label htmlFor="group-share-url">{texts.group.shareLink}</label>
        <div className={styles.shareRow}>
          <input
            id="group-share-url"
            ref={inputRef}
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            variant="secondary"
            onClick={() => void copyText(url, inputRef.current).then(setCopied)}
          >
            {texts.group.copy}
          </Button>
        </div>
        <p className={styles.muted} role="status">
          {copied === null ? '' : copied ? texts.group.copied : texts.group.copyFailed}
        </p>
      </div>
      <p className={styles.codeLine}>
        <span>{texts.group.codeLabel}</span>{' '}
        <strong className={styles.code} data-testid="group-code">
          {formatGroupCode(code)}
        </strong>
      </p>
      {share && (
        <Button
          variant="secondary"
          onClick={() => {
            navigator
              .share({ title: texts.eyebrow, text: texts.group.shareText(zip, product), url })
              .catch(() => {
                // Cancelled by the user, or not allowed: the link and the code are still here.
              });
          }}
        >
          {texts.group.share}
        </Button>
      )}
    </section>
  );
}
