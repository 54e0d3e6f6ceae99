/** The ad manager's screens (issue 13): adverts, campaigns, slots. */
function NotBuilt() {
  return null;
}
export const AdvertListPage = NotBuilt;
export const AdvertEditPage = NotBuilt;
export const CampaignListPage = NotBuilt;
export const CampaignEditPage = NotBuilt;
export const SlotListPage = NotBuilt;
export const SlotEditPage = NotBuilt;
