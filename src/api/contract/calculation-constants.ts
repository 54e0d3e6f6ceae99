/** Calculator constants of SPEC §9, free of zod (re-exported by calculation.ts). */

/** SPEC §9 */
export const CALC = {
  AMOUNT_MIN: 500,
  AMOUNT_MAX: 32_000,
  AMOUNT_DEFAULT: 3000,
  /** Below this a calculation is refused (SPEC §5: returns false). */
  AMOUNT_CALCULABLE_MIN: 300,
  STATIONS_DEFAULT: 1,
  STATIONS_MAX: 9,
  /** Default parameter ids of the five groups (SPEC §3). */
  DEFAULT_PARAMETER_IDS: [5, 24, -2, 11, 9],
  INSTALLMENT_PARAMETER_ID: 23,
  INSTALLMENT_MONTHS: 12,
  /** Upselling keys (SPEC §4/§9): climate neutral, product (super product), station. */
  UPSELL_CLIMATE_NEUTRAL: 9999,
  UPSELL_PRODUCT: 10001,
  UPSELL_STATION: 10002,
  BEST_RESULTS: 3,
} as const;
