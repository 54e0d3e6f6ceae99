import type { CompareResult } from '../../api/contract/leads';
import { formatOneDigit, formatQuantity } from '../../lib/format';
import { formatMoney } from './money';
import { texts } from './texts';

const signed = (n: number, text: string) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${text}`;

export interface DeviationFigures {
  /** Above the guide value: shown as a warning, else as good news. */
  more: boolean;
  /** "+12,5 %" / "−8,0 %": the one figure with a sign, under "Abweichung vom Richtwert". */
  percent: string;
  /** "1.935 L weniger als erwartet": the words say which way, so no sign. */
  litres: string;
  /** "Mehrkosten gegenüber dem Richtwert" or "Ersparnis gegenüber dem Richtwert". */
  costLabel: string;
  /** "2.032 €": the label says which way (a "−" under "Ersparnis" read as a loss). */
  cost: string;
}

/** The deviation from the guide value as the result page shows it. */
export function deviationFigures(
  result: Pick<
    CompareResult,
    'DeviationPercent' | 'DeviationLitresPerYear' | 'DeviationPerYear' | 'Currency'
  >,
): DeviationFigures {
  const more = result.DeviationPercent > 0;
  return {
    more,
    percent: signed(
      result.DeviationPercent,
      `${formatOneDigit(Math.abs(result.DeviationPercent))} %`,
    ),
    litres: `${formatQuantity(Math.abs(result.DeviationLitresPerYear))} L ${more ? texts.result.more : texts.result.less}`,
    costLabel: more ? texts.result.costMore : texts.result.costLess,
    cost: formatMoney(Math.abs(result.DeviationPerYear), result.Currency),
  };
}
