/**
 * SPEC §4: the configuration is stored (persistence.ts, with preferences consent) whenever the
 * form is valid; a failure to store shows in the settings panel.
 */
import type { CalculatorConfig } from '../../api/contract/calculation';
import { calculatorState } from './calculator-state';
import { saveConfig } from './persistence';
import { amountError } from './validation';

/** A plain copy of a configuration (valtio proxies cannot be structuredClone'd). */
export const copy = (config: CalculatorConfig): CalculatorConfig =>
  JSON.parse(JSON.stringify(config)) as CalculatorConfig;

/**
 * Stores the configuration when the form is valid: the amount within limits and the postal code
 * either confirmed by the server or still empty (options chosen before entering a code are kept).
 * Storing needs preferences consent (persistence.ts).
 */
export function storeIfValid(): void {
  const { config, zipCheck } = calculatorState;
  if (amountError(config.Amount) !== null) return;
  const zipConfirmed =
    zipCheck.zip === config.ZipCode &&
    zipCheck.countryId === config.CountryId &&
    zipCheck.status === 'valid';
  if (config.ZipCode !== '' && !zipConfirmed) return;
  saveConfig(copy(config)).then(
    () => {
      calculatorState.storageError = null;
    },
    (error: unknown) => {
      calculatorState.storageError = error instanceof Error ? error.message : String(error);
    },
  );
}
