/** The ad manager's screens: adverts, campaigns, slots (guard adManager). */
export { AdvertListPage } from './advert-list-page';
export { AdvertEditPage } from './advert-edit-page';
export { CampaignListPage } from './campaign-list-page';
export { CampaignEditPage } from './campaign-edit-page';
export { SlotListPage } from './slot-list-page';
export { SlotEditPage } from './slot-edit-page';
