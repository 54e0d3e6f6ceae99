/**
 * The staff area's addresses and routes (SPEC §2 support area; guards in
 * docs/decisions/016). Kept apart from paths.ts: the app's first download carries one route
 * "/support/*" that loads the staff router (src/app/staff-router.tsx) with these, and the server
 * matches and guards them like every other page (server/pages/plugin.ts).
 */
import type { AppRouteDef } from './paths';

export const STAFF_BASE = '/support';

export const staffPaths = {
  support: '/support',
  /** SPEC §2: search users, act as a customer. */
  supportUserList: '/support/user/list',
  supportUserEdit: '/support/benutzer/:id/bearbeiten',
  /** Client errors and web vitals of the last 7 days. */
  supportTelemetry: '/support/telemetrie',
  supportAdverts: '/support/adverts',
  supportAdvertCreate: '/support/adverts/create',
  supportAdvert: '/support/adverts/:advertId',
  supportCampaigns: '/support/campaigns',
  supportCampaignCreate: '/support/campaigns/create',
  supportCampaign: '/support/campaigns/:campaignId',
  supportSlots: '/support/slots',
  supportSlotCreate: '/support/slots/create',
  supportSlot: '/support/slots/:slotId',
  supportCache: '/support/cache',
  /** The database job queue: stuck, late and failed jobs. */
  supportJobs: '/support/jobs',
  /** Group orders: open and closed groups with their households' orders. */
  supportGroupOrders: '/support/sammelbestellungen',
  /** A dealer's delivery bookings per day against its capacity, ?dealer=ID. */
  supportDeliveryBookings: '/support/liefertermine',
  supportCmsList: '/support/cms/list',
  /** A news article (content block) in the editor: ?id= (none: a new article). */
  supportCmsContentEdit: '/support/cms/content/edit',
  /** A CMS page in the editor; without an id a new page. */
  supportCmsEdit: '/support/cms/:pageId?/edit',
  supportCmsPreview: '/support/cms/:pageId?/preview',
} as const;

/** A staff screen's address with its id filled in, e.g. staffPath(staffPaths.supportAdvert, 3). */
export function staffPath(pattern: string, id?: number): string {
  return pattern.replace(/\/:[A-Za-z]+\??/, id === undefined ? '' : `/${id}`);
}

/** A database id in a staff screen's address. */
const ID = /^[1-9]\d{0,9}$/;
const OPTIONAL_ID = /^(?:[1-9]\d{0,9})?$/;

export const staffRoutes = [
  { name: 'support', path: staffPaths.support, guard: 'staff' },
  { name: 'support-user-list', path: staffPaths.supportUserList, guard: 'support' },
  {
    name: 'support-benutzer-id-bearbeiten',
    path: staffPaths.supportUserEdit,
    guard: 'support',
    params: { id: ID },
  },
  { name: 'support-telemetrie', path: staffPaths.supportTelemetry, guard: 'support' },
  { name: 'support-adverts', path: staffPaths.supportAdverts, guard: 'adManager' },
  { name: 'support-adverts-create', path: staffPaths.supportAdvertCreate, guard: 'adManager' },
  {
    name: 'support-adverts-advertid',
    path: staffPaths.supportAdvert,
    guard: 'adManager',
    params: { advertId: ID },
  },
  { name: 'support-campaigns', path: staffPaths.supportCampaigns, guard: 'adManager' },
  { name: 'support-campaigns-create', path: staffPaths.supportCampaignCreate, guard: 'adManager' },
  {
    name: 'support-campaigns-campaignid',
    path: staffPaths.supportCampaign,
    guard: 'adManager',
    params: { campaignId: ID },
  },
  { name: 'support-slots', path: staffPaths.supportSlots, guard: 'adManager' },
  { name: 'support-slots-create', path: staffPaths.supportSlotCreate, guard: 'adManager' },
  {
    name: 'support-slots-slotid',
    path: staffPaths.supportSlot,
    guard: 'adManager',
    params: { slotId: ID },
  },
  { name: 'support-cache', path: staffPaths.supportCache, guard: 'admin' },
  { name: 'support-jobs', path: staffPaths.supportJobs, guard: 'admin' },
  {
    name: 'support-sammelbestellungen',
    path: staffPaths.supportGroupOrders,
    guard: 'support',
  },
  {
    name: 'support-liefertermine',
    path: staffPaths.supportDeliveryBookings,
    guard: 'support',
  },
  { name: 'support-cms-list', path: staffPaths.supportCmsList, guard: 'editor' },
  { name: 'support-cms-content-edit', path: staffPaths.supportCmsContentEdit, guard: 'editor' },
  {
    name: 'support-cms-pageid-edit',
    path: staffPaths.supportCmsEdit,
    guard: 'editor',
    params: { pageId: OPTIONAL_ID },
  },
  {
    name: 'support-cms-pageid-preview',
    path: staffPaths.supportCmsPreview,
    guard: 'editor',
    params: { pageId: OPTIONAL_ID },
  },
] as const satisfies readonly AppRouteDef[];

export type StaffRouteName = (typeof staffRoutes)[number]['name'];
