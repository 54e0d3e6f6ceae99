/**
 * SPEC §3 Calculator data: the answer of GET /api/kalkulation/init/{countryId}/{productGroupId}.
 * Apart from calculation.ts (which re-exports it) because the calculator asks for it on every
 * page with a calculator, right after hydrating: building only these schemas then, not the
 * contract's hundred others, keeps that task short on a phone (TBT).
 */
import { z } from 'zod/mini';

/** Every choice of the calculator data (parameter, product, list item) starts so. */
const choiceFields = { Id: z.number(), Name: z.string(), Description: z.string() };

export const CalculatorParameterSchema = z.object({
  ...choiceFields,
  Selected: z.boolean(),
  /** e.g. 12 for installment (id 23); 0 when the parameter has none. */
  Modifier: z.number(),
  HasSubItems: z.boolean(),
  UseIcon: z.boolean(),
  Upselling: z.boolean(),
});
export type CalculatorParameter = z.infer<typeof CalculatorParameterSchema>;

export const CalculatorGroupSchema = z.object({
  Key: z.number(),
  Id: z.number(),
  Name: z.string(),
  Parameters: z.array(CalculatorParameterSchema),
});
export type CalculatorGroup = z.infer<typeof CalculatorGroupSchema>;

export const CalculatorProductSchema = z.object({
  ...choiceFields,
  IsDefault: z.boolean(),
  /** The "super product" (upsell key 10001). */
  IsUpselling: z.boolean(),
  /** For a super product: the product it upgrades. */
  BaseProductId: z.nullable(z.number()),
});
export type CalculatorProduct = z.infer<typeof CalculatorProductSchema>;

export const ChoiceItemSchema = z.object({
  ...choiceFields,
  Selected: z.boolean(),
  IsUpselling: z.boolean(),
});
export type ChoiceItem = z.infer<typeof ChoiceItemSchema>;

export const CalculatorInitResponseSchema = z.object({
  Groups: z.array(CalculatorGroupSchema),
  Products: z.array(CalculatorProductSchema),
  /** Id 0 normal, Id 1 climate neutral (IsUpselling). */
  ClimateNeutralList: z.array(ChoiceItemSchema),
  /** Id 1..9 unloading points. */
  StationsList: z.array(ChoiceItemSchema),
  AppointmentPlus: ChoiceItemSchema,
  /** The default product of the country and group. */
  ProductId: z.number(),
});
export type CalculatorInitResponse = z.infer<typeof CalculatorInitResponseSchema>;
