/**
 * The offer list when it has no offers to show: nobody delivers (empty), no calculation made
 * (refused: missing or wrong postal code, amount out of range, the server's 400), or the
 * calculation failed (error, with "Erneut versuchen").
 */
import { useSnapshot } from 'valtio';
import { CALC } from '../../../api/contract/calculation-constants';
import { formatQuantity } from '../../../lib/format';
import { Button } from '../../../ui/button/button';
import { useLocale } from '../../locale';
import { offerListState, type Refusal } from '../store';
import { retryOfferList } from '../sync';
import { texts } from '../texts';
import styles from './offer-list-message.module.css';

function refusalText(refusal: Refusal, zipLength: number): string {
  switch (refusal.reason) {
    case 'zipMissing':
      return texts.states.zipMissing;
    case 'zipInvalid':
      return texts.states.zipInvalid(zipLength);
    case 'amountTooLow':
      return texts.states.amountTooLow(formatQuantity(CALC.AMOUNT_CALCULABLE_MIN));
    case 'amountTooHigh':
      return texts.states.amountTooHigh(formatQuantity(CALC.AMOUNT_MAX));
    case 'server':
      return refusal.message || texts.states.notCalculable;
  }
}

/**
 * Sends the visitor to a field of the calculator form above the list (the layout's calculator
 * bar). On phones the bar is folded into a summary: its toggle (the button that controls the
 * form) opens it first.
 */
function focusCalculatorField(name: 'zipCode' | 'amount'): void {
  const input = document.querySelector(`main input[name="${name}"], input[name="${name}"]`);
  if (!(input instanceof HTMLInputElement)) return;
  const focus = () => {
    input.scrollIntoView({ block: 'center' });
    input.focus({ preventScroll: true });
    input.select();
  };
  if (input.offsetParent !== null) return focus();
  const container = input.closest('[id]');
  const toggle = container && document.querySelector(`[aria-controls="${container.id}"]`);
  if (toggle instanceof HTMLElement) toggle.click();
  requestAnimationFrame(focus);
}

export function OfferListMessage() {
  const list = useSnapshot(offerListState);
  const locale = useLocale();

  if (list.status === 'empty') {
    return (
      <div className={styles.message} role="status">
        <h3>{texts.states.emptyTitle}</h3>
        <p>{texts.states.empty(list.shown?.config.ZipCode ?? '')}</p>
        <Button variant="secondary" onClick={() => focusCalculatorField('zipCode')}>
          {texts.edit.changeZip}
        </Button>
      </div>
    );
  }

  if (list.status === 'refused' && list.refusal) {
    const aboutZip =
      list.refusal.reason !== 'amountTooLow' && list.refusal.reason !== 'amountTooHigh';
    return (
      <div className={styles.message} role="status">
        <h3>{texts.states.refusedTitle}</h3>
        <p>{refusalText(list.refusal, locale.zipLength)}</p>
        <Button
          variant="secondary"
          onClick={() => focusCalculatorField(aboutZip ? 'zipCode' : 'amount')}
        >
          {aboutZip ? texts.edit.changeZip : texts.edit.changeAmount}
        </Button>
      </div>
    );
  }

  if (list.status === 'error') {
    return (
      <div className={`${styles.message} ${styles.error}`} role="alert">
        <h3>{texts.states.errorTitle}</h3>
        <p>{list.error?.offline ? texts.states.offline : texts.states.error}</p>
        <Button onClick={retryOfferList}>{texts.states.retry}</Button>
      </div>
    );
  }

  return null;
}
