/**
 * The checkout form's values and their validation, from the same contract schema the server
 * validates with (PlaceOrderRequestSchema), so browser and server agree on every message. Issues
 * of either side map onto the form's fields by their path (the order form kit's field map).
 */
import type { CalculatorConfig } from '../../api/contract/calculation';
import { PlaceOrderRequestSchema, type PlaceOrderRequest } from '../../api/contract/orders';
import {
  addressOrder,
  addressRequestOf,
  contactRequestOf,
  emptyHousehold,
  fieldMap,
  requiredFieldsOf,
  validateWith,
  type FieldErrors as KitFieldErrors,
  type HouseholdValues,
  type Validated as KitValidated,
} from '../../ui/order-form';

export interface CheckoutValues extends HouseholdValues {
  /** The chosen delivery day, one of the preview's DeliverySlots; '' for none. */
  deliveryDate: string;
}

export type FieldName = keyof CheckoutValues;
export type FieldErrors = KitFieldErrors<FieldName>;

/**
 * The fields by wire path and in page order (the first error gets the focus). The postal code
 * is the configuration's, shown read-only: an issue of it is said above the button.
 */
export const checkoutFields = fieldMap<FieldName>({ DeliveryDate: 'deliveryDate' }, [
  ...addressOrder(),
  'email',
  'phone',
  'deliveryDate',
  'accessNotes',
  'acceptedTerms',
]);

export const emptyValues = (): CheckoutValues => ({ ...emptyHousehold(), deliveryDate: '' });

export interface OrderContext {
  config: CalculatorConfig;
  dealerId: number;
  totalPrice: number;
  idempotencyKey: string;
}

export function requestOf(values: CheckoutValues, ctx: OrderContext): unknown {
  return {
    Configuration: ctx.config,
    DealerId: ctx.dealerId,
    DeliveryAddress: addressRequestOf(values, ctx.config.ZipCode),
    ...contactRequestOf(values),
    // The schema wants the literal true; false gives the schema's German message.
    AcceptedTerms: values.acceptedTerms,
    TotalPrice: ctx.totalPrice,
    IdempotencyKey: ctx.idempotencyKey,
    // None chosen (no free days offered, an older server): the server books the earliest.
    ...(values.deliveryDate ? { DeliveryDate: values.deliveryDate } : {}),
  };
}

export type Validated = KitValidated<FieldName, PlaceOrderRequest>;

export function validate(values: CheckoutValues, ctx: OrderContext): Validated {
  return validateWith(PlaceOrderRequestSchema, requestOf(values, ctx), checkoutFields);
}

/**
 * The fields the order schema refuses empty, marked required on the page (none was,
 * for assistive technology). Read from the schema, so mark and validation cannot disagree.
 */
export const REQUIRED_FIELDS: ReadonlySet<FieldName> = requiredFieldsOf(
  validate(emptyValues(), {
    config: { ZipCode: '' } as CalculatorConfig,
    dealerId: 1,
    totalPrice: 1,
    idempotencyKey: '',
  }),
);
