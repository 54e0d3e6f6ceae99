/**
 * The calculator feature's public surface (SPEC §2, §3, §4, §5). Other features and src/app use
 * only these exports.
 *
 * Components
 * - `<Calculator target? variant? localPage? layout? />`: PLZ, Liter, start and (layout "card")
 *   the settings button. `target` is one of the SPEC §4 targets (DEFAULT, CLIMATENEUTRAL, DIESEL,
 *   INSTALLMENT_12); without it the calculator keeps the current product group (bars).
 *   `variant="local"` with `localPage` follows the local-page rules of SPEC §4/§5 (local-page.ts,
 *   a lazy chunk: entering resets the configuration with the page's postal code and product and
 *   skips the first check; a valid code of another local page navigates there).
 * - `<CalculatorBar />`-style wrappers live in src/app/layouts; the error page has its own.
 * - Settings panel: call `openSettings()` (and `closeSettings()`); the panel is rendered by ONE
 *   `<SettingsHost />`, mounted in the default layout (src/app/layouts), lazy-loaded on first
 *   open. The offer list opens it for `openSettings=1` by calling `openSettings()`; changes apply
 *   to `calculatorState.config` at once (subscribe to it to recalculate). Nothing else to mount.
 *   `preloadSettingsPanel()` fetches its chunk ahead (e.g. on hover of your own button).
 *
 * Store (valtio `calculatorState`, read with useSnapshot)
 * - `initCalculator({ countryId, productGroupId?, target? })`: defaults → saved configuration
 *   (preferences consent, ≤ 7 days) → server data; idempotent per country and group, keeps a
 *   configuration already set for them (e.g. from the offer-list address). Await it before
 *   applying an address if you want the saved configuration merged first.
 * - `applyConfig(config)`: sets a configuration from outside (an address, another country),
 *   normalised by `normalizeConfig` (SPEC §4: unknown product → the server's default, unknown
 *   option ids dropped with their group's default, installment → one station) against the
 *   calculator data once they are loaded for its country and group; returns whether the offer
 *   query, country or group changed.
 * - Option actions (selectParameter, setStations, setProduct, setClimateNeutral,
 *   setSuperProduct, setAppointmentPlus) keep `config.UpsellCount` current and store the
 *   configuration; `setZipCode`/`setAmount` set raw values (from an address) without validation.
 * - `submitCalculator()` → `{ ok: true, href }` | `{ ok: false, errors }` (SPEC §4 submit).
 * - `offerListHref(config)`: `/{heizoel|diesel}/angebotsliste?<writeOfferQuery>`.
 * - `calculating` is yours to set around a calculation (SPEC §4).
 * - `seedCalculator(config, init)`: a server-rendered page's configuration and calculator data,
 *   set before its first render (the offer list); initCalculator keeps them. `keepInitCopy`
 *   keeps such data for offline use, as a fetched answer is kept.
 */
export {
  calculatorState,
  resetCalculator,
  initCalculator,
  loadCalculatorInit,
  seedCalculator,
  normalizeConfig,
  applyConfig,
  hasInstallment,
  defaultConfig,
  defaultParameters,
  setZipCode,
  suggestZipCode,
  setAmount,
  applyTarget,
  withTarget,
  openSettings,
  closeSettings,
  submitCalculator,
  confirmZip,
  offerQueryOf,
  offerListHref,
  fieldErrors,
  visibleErrors,
  type CalculatorState,
  type CalculatorTarget,
  type CalculatorVariant,
  type ProductGroupId,
  type SubmitResult,
  type FieldErrors,
} from './store';
export { keepInitCopy } from './init-copy';
export {
  selectParameter,
  setStations,
  setProduct,
  setClimateNeutral,
  setAppointmentPlus,
  setSuperProduct,
} from './options';
export { upsellCount, showUpsellBadge } from './upsell';
export { fetchUpselling, checkZipCode } from './api';
export { Calculator, type CalculatorProps } from './components/calculator';
export { PriceBanner } from './components/price-banner';
export { SettingsHost, preloadSettingsPanel } from './settings/settings-host';
export { texts as calculatorTexts } from './texts';
