/**
 * The local-page variant of the calculator (SPEC §2/§4/§5), for the local price pages
 * /heizoelpreise/{stateName}/{countyOrCityZipCode?}/{cityZipCode?}. Entering a page resets the
 * configuration to defaults (keeping amount and country) with the page's postal code and product,
 * and skips the first postal code check when the page gave a code; later checks ask the local
 * check, and a valid code of another local page becomes calculatorState.localRedirect, which the
 * <Calculator variant="local"> follows (store.ts checkZip).
 */
import {
  applyConfig,
  calculatorState,
  defaultConfig,
  resetZipValidation,
  type LocalPage,
} from './store';
import { zipFormatError } from './validation';

export interface LocalPageOptions extends LocalPage {
  countryId: number;
  /** The page's postal code; when given, the first check is skipped (SPEC §5). */
  zipCode?: string;
  productId?: number;
}

/**
 * SPEC §4: visiting a local page resets the configuration to defaults, keeping amount and
 * country, with the page's postal code and product. SPEC §5: the first check is skipped when a
 * postal code was given; later checks ask the server (the local check, which may name another
 * local page).
 */
export function enterLocalPage(page: LocalPageOptions): void {
  const { countryId, zipCode, productId, ...ref } = page;
  const amount = calculatorState.config.Amount;
  const config = defaultConfig(countryId, 1);
  config.Amount = amount;
  if (zipCode) config.ZipCode = zipCode;
  if (productId !== undefined) config.Product.Id = productId;
  applyConfig(config);
  calculatorState.variant = 'local';
  calculatorState.localPage = ref;
  calculatorState.localRedirect = null;
  resetZipValidation(
    zipCode && zipFormatError(zipCode, countryId) === null
      ? { zip: zipCode, countryId, status: 'valid' } // the skipped first check
      : undefined,
  );
}

/** Back to the global calculator (leaving a local page). */
export function leaveLocalPage(): void {
  calculatorState.variant = 'global';
  calculatorState.localPage = null;
  calculatorState.localRedirect = null;
}
