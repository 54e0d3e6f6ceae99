/**
 * The ad manager's calls (src/api/contract/iam.ts; guard adManager and CSRF on the server), and
 * the public slot call the draw check uses.
 */
import { apiFetch } from '../../../api/client';
import {
  AdvertDetailSchema,
  AdvertListSchema,
  AdvertPreviewSchema,
  CampaignListSchema,
  CampaignSchema,
  DeletedSchema,
  IamSlotSchema,
  SlotListSchema,
  SlotSchema,
  type AdvertBodyInput,
  type AdvertDetail,
  type AdvertListItem,
  type AdvertPreview,
  type Campaign,
  type CampaignBodyInput,
  type Deleted,
  type IamSlot,
  type Slot,
  type SlotBodyInput,
} from '../../../api/contract/iam';

const ADMIN = '/api/iam/admin';

export const historyUrl = {
  advert: (id: number) => `${ADMIN}/adverts/${id}/history`,
  campaign: (id: number) => `${ADMIN}/campaigns/${id}/history`,
  slot: (id: number) => `${ADMIN}/slots/${id}/history`,
};

export function fetchAdverts(signal?: AbortSignal): Promise<AdvertListItem[]> {
  return apiFetch(`${ADMIN}/adverts`, { schema: AdvertListSchema, signal });
}

export function fetchAdvert(id: number, signal?: AbortSignal): Promise<AdvertDetail> {
  return apiFetch(`${ADMIN}/adverts/${id}`, { schema: AdvertDetailSchema, signal });
}

export function saveAdvert(id: number | null, body: AdvertBodyInput): Promise<AdvertDetail> {
  return apiFetch(id === null ? `${ADMIN}/adverts` : `${ADMIN}/adverts/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
    schema: AdvertDetailSchema,
  });
}

export function deleteAdvert(id: number): Promise<Deleted> {
  return apiFetch(`${ADMIN}/adverts/${id}`, { method: 'DELETE', schema: DeletedSchema });
}

export function previewAdvert(
  body: { Html: string; Css: string; TargetUrl: string },
  signal?: AbortSignal,
): Promise<AdvertPreview> {
  return apiFetch(`${ADMIN}/adverts/preview`, {
    method: 'POST',
    body,
    schema: AdvertPreviewSchema,
    signal,
    silent: true,
  });
}

export function fetchCampaigns(signal?: AbortSignal): Promise<Campaign[]> {
  return apiFetch(`${ADMIN}/campaigns`, { schema: CampaignListSchema, signal });
}

export function fetchCampaign(id: number, signal?: AbortSignal): Promise<Campaign> {
  return apiFetch(`${ADMIN}/campaigns/${id}`, { schema: CampaignSchema, signal });
}

export function saveCampaign(id: number | null, body: CampaignBodyInput): Promise<Campaign> {
  return apiFetch(id === null ? `${ADMIN}/campaigns` : `${ADMIN}/campaigns/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
    schema: CampaignSchema,
  });
}

export function deleteCampaign(id: number): Promise<Deleted> {
  return apiFetch(`${ADMIN}/campaigns/${id}`, { method: 'DELETE', schema: DeletedSchema });
}

export function fetchSlots(signal?: AbortSignal): Promise<Slot[]> {
  return apiFetch(`${ADMIN}/slots`, { schema: SlotListSchema, signal });
}

export function fetchSlot(id: number, signal?: AbortSignal): Promise<Slot> {
  return apiFetch(`${ADMIN}/slots/${id}`, { schema: SlotSchema, signal });
}

export function saveSlot(id: number | null, body: SlotBodyInput): Promise<Slot> {
  return apiFetch(id === null ? `${ADMIN}/slots` : `${ADMIN}/slots/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
    schema: SlotSchema,
  });
}

export function deleteSlot(id: number): Promise<Deleted> {
  return apiFetch(`${ADMIN}/slots/${id}`, { method: 'DELETE', schema: DeletedSchema });
}

/**
 * The slot as a page gets it now (GET /api/iam/slots/{slotKey}). `fresh` skips the minute the
 * browser may keep the answer: the staff member wants the saved state, not an older copy.
 */
export function fetchPublicSlot(
  slotKey: string,
  countryId: number,
  zipCode: string,
  signal?: AbortSignal,
): Promise<IamSlot> {
  return apiFetch(`/api/iam/slots/${encodeURIComponent(slotKey)}`, {
    query: { countryId, zipCode: zipCode || undefined, fresh: Date.now() },
    schema: IamSlotSchema,
    signal,
  });
}
