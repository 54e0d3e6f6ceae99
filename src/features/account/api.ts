/** The account pages' calls: /api/jwt/kunde/… (customer data), /api/orders, password reset. */
import { apiFetch } from '../../api/client';
import {
  PasswordResetCheckResponseSchema,
  PasswordResetResponseSchema,
} from '../../api/contract/account';
import {
  AddressListSchema,
  AddressSchema,
  CustomerSuccessResponseSchema,
  PersonalDataSchema,
  type AddressInput,
  type PersonalDataUpdate,
} from '../../api/contract/customer';
import { OrderListResponseSchema } from '../../api/contract/orders';

const BASE = '/api/jwt/kunde';

export const fetchPersonalData = (signal?: AbortSignal) =>
  apiFetch(`${BASE}/persoenliche-daten`, { schema: PersonalDataSchema, signal });

export const savePersonalData = (body: PersonalDataUpdate) =>
  apiFetch(`${BASE}/persoenliche-daten`, { method: 'PUT', body, schema: PersonalDataSchema });

export const fetchAddresses = (signal?: AbortSignal) =>
  apiFetch(`${BASE}/adressen`, { schema: AddressListSchema, signal });

export const addAddress = (body: AddressInput) =>
  apiFetch(`${BASE}/adressen`, { method: 'POST', body, schema: AddressSchema });

export const editAddress = (id: number, body: AddressInput) =>
  apiFetch(`${BASE}/adressen/${id}`, { method: 'PUT', body, schema: AddressSchema });

export const deleteAddress = (id: number) =>
  apiFetch(`${BASE}/adressen/${id}`, { method: 'DELETE', schema: CustomerSuccessResponseSchema });

export const setDefaultAddress = (id: number) =>
  apiFetch(`${BASE}/adressen/${id}/standard`, { method: 'POST', schema: AddressListSchema });

/** The customer's orders, newest first (the orders module, GET /api/orders). */
export const fetchOrders = (signal?: AbortSignal) =>
  apiFetch('/api/orders', { schema: OrderListResponseSchema, signal });

export const checkResetToken = (token: string, signal?: AbortSignal) =>
  apiFetch(`/api/account/kennwort/${encodeURIComponent(token)}`, {
    schema: PasswordResetCheckResponseSchema,
    signal,
  });

export const resetPassword = (Token: string, Password: string) =>
  apiFetch('/api/account/kennwort', {
    method: 'POST',
    body: { Token, Password },
    schema: PasswordResetResponseSchema,
  });
