import { apiFetch } from '../../api/client';
import {
  RatingLinkResponseSchema,
  RatingResponseSchema,
  type RatingRequest,
} from '../../api/contract/ratings';

/** GET /api/bewertung/{token}/{orderId}: can the link be used, and for which order? */
export const checkRatingLink = (token: string, orderId: string, signal?: AbortSignal) =>
  apiFetch(`/api/bewertung/${encodeURIComponent(token)}/${encodeURIComponent(orderId)}`, {
    schema: RatingLinkResponseSchema,
    signal,
  });

/** POST /api/bewertung (once per order; the token proves the order). */
export const submitRating = (body: RatingRequest) =>
  apiFetch('/api/bewertung', { method: 'POST', body, schema: RatingResponseSchema });
