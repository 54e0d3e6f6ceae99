export { offersWorker, resetOffersWorker } from './client';
export {
  OFFER_SORTS,
  type OfferBreakdownLineView,
  type OfferInstallmentView,
  type OfferSort,
  type OfferView,
} from './offers';
