/**
 * SPEC §2 "A fixed calculator bar sits at the top of pages": PLZ, Liter and start under the
 * header of every default-layout page except home (which leads with the full calculator) and
 * routes whose handle says `calculatorBar: false`. From 768 px it sticks under the header; on
 * phones it is a one-line summary that opens into the form, so it does not eat the screen.
 * Under it from 768 px, SPEC §3 Banner data: today's price for the postal code (or the country's
 * average); a phone keeps the one summary line. For a meX customer one more line: the
 * selected tank's level, linking to /mein-mex (mex-line.tsx, loaded only for them).
 */
import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import {
  Calculator,
  calculatorState,
  calculatorTexts,
  PriceBanner,
} from '../../features/calculator';
import { formatQuantity } from '../../lib/format';
import { useRouteHandle } from '../route-handle';
import { MexLine } from './mex-line';
import styles from './calculator-bar.module.css';

/** false on home and on routes that opt out with `handle: { calculatorBar: false }`. */
export function useCalculatorBarWanted(): boolean {
  const handle = useRouteHandle();
  return handle.name !== 'index' && handle.calculatorBar !== false;
}

export function CalculatorBar() {
  const id = useId();
  const { config } = useSnapshot(calculatorState);
  const location = useLocation();
  // Open for the page it was opened on: a navigation (e.g. the submit) collapses it again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const summary = calculatorTexts.bar.summary(config.ZipCode, formatQuantity(config.Amount));

  return (
    <section className={styles.bar} aria-labelledby={`${id}-title`}>
      <div className={styles.inner}>
        <h2 id={`${id}-title`} className={styles.title}>
          {calculatorTexts.bar.title}
        </h2>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={`${id}-form`}
          onClick={() => setOpenOn(open ? null : location.key)}
        >
          <span className={styles.summary}>{summary}</span>
          <span className={styles.toggleAction}>
            {open ? calculatorTexts.bar.collapse : calculatorTexts.bar.expand}
          </span>
        </button>
        <PriceBanner className={styles.banner} />
        <MexLine className={styles.mex} />
        <div id={`${id}-form`} className={styles.body} data-open={open}>
          <Calculator layout="bar" labelledBy={`${id}-title`} />
        </div>
      </div>
    </section>
  );
}
