/**
 * The calculator feature's public surface. Other features (offers, home) use only these.
 * Components and further actions are added here as they are built.
 */
export {
  calculatorState,
  resetCalculator,
  loadCalculatorInit,
  reconcileConfig,
  defaultConfig,
  defaultParameters,
  selectParameter,
  setZipCode,
  setAmount,
  setStations,
  setProduct,
  setClimateNeutral,
  setAppointmentPlus,
  setSuperProduct,
  applyTarget,
  type CalculatorState,
  type CalculatorTarget,
  type ProductGroupId,
} from './store';
export { fetchUpselling, checkZipCode } from './api';
