/**
 * The guide's calls (SPEC §7): the guide, the compare step, the lead form, the lead-partner
 * banner, and the postal code check of the zip input. The leads contract's schemas load while
 * the request is on the wire (apiFetch), so zod stays off the page's first download.
 */
import { apiFetch, NetworkError } from '../../api/client';
import { OIL_CONSUMPTION_GUIDE_ID } from '../../api/contract/pages';
import type {
  CompareResult,
  Guide,
  GuideAnswers,
  LeadBannerData,
  LeadFormRequest,
  LeadFormResponse,
} from '../../api/contract/leads';
import { lazyImport } from '../../lib/lazy-import';

const leadsContract = lazyImport(() => import('../../api/contract/leads'));
const locationContract = lazyImport(() => import('../../api/contract/location'));

/**
 * The one guide the site offers (seeded by the server). The routes carry no guide id
 * (SPEC §2), so the client names it here.
 */
export const GUIDE_ID = OIL_CONSUMPTION_GUIDE_ID;

/** SPEC §7 GET /api/leads/guide/{guideId}. */
export const guidePath = (guideId: number) => `/api/leads/guide/${guideId}`;

export async function fetchGuide(guideId: number, signal?: AbortSignal): Promise<Guide> {
  return apiFetch(guidePath(guideId), {
    schema: () => leadsContract().then((c) => c.GuideSchema),
    signal,
  });
}

/** SPEC §7 POST /api/leads/{guideId}/compare with the flattened answers as key/value pairs. */
export async function postCompare(
  guideId: number,
  countryId: number,
  answers: GuideAnswers,
): Promise<CompareResult> {
  return apiFetch(`/api/leads/${guideId}/compare`, {
    method: 'POST',
    query: { countryId },
    body: answers,
    schema: () => leadsContract().then((c) => c.CompareResultSchema),
  });
}

export async function postLeadForm(request: LeadFormRequest): Promise<LeadFormResponse> {
  return apiFetch('/api/leads/lead-formular', {
    method: 'POST',
    body: request,
    schema: () => leadsContract().then((c) => c.LeadFormResponseSchema),
  });
}

/**
 * SPEC §7 lead-banner availability: the partner's offer for a postal code, or null. SPEC §8: a
 * failed load counts as "no banner" (quiet: no loading bar, nothing logged).
 */
export async function fetchLeadBanner(
  partnerSlug: string,
  countryId: number,
  zipCode: string,
  signal?: AbortSignal,
): Promise<LeadBannerData | null> {
  try {
    const answer = await apiFetch(`/api/${partnerSlug}/lead-banner`, {
      query: { countryId, zipCode },
      schema: () => leadsContract().then((c) => c.LeadBannerResponseSchema),
      signal,
      silent: true,
    });
    return answer.IsSuccess && answer.Payload.HasData ? answer.Payload.LeadData : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/location/check-zipcode (SPEC §7). 'offline' when there was no answer at all: the
 * guide then accepts a well-formed code for now and asks again when the connection returns
 * (answering keeps working offline); any other failure counts as not existing (SPEC §5, §8).
 */
export async function checkGuideZip(
  zipCode: string,
  countryId: number,
): Promise<boolean | 'offline'> {
  try {
    return await apiFetch('/api/location/check-zipcode', {
      method: 'POST',
      body: { ZipCode: zipCode, CountryId: countryId },
      schema: () => locationContract().then((c) => c.CheckZipCodeResponseSchema),
      silent: true,
    });
  } catch (error) {
    return error instanceof NetworkError ? 'offline' : false;
  }
}
