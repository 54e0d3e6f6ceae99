/**
 * The offers feature's public surface: the offer list page, and for the checkout what it needs
 * to recalculate and show the chosen offer (the checkout address, the configuration of a query,
 * the refusal rule, the breakdown table and the rating stars).
 */
export { OfferListPage } from './offer-list-page';
// Seeds the stores of a server-rendered list before it renders (PageSeed, src/ui/page-data.tsx).
export { seedPage } from './rendered';
export { checkoutHref, readCheckoutSelection, type CheckoutSelection } from './checkout-link';
export { configFromQuery, offerListHref } from './query';
export { refusalOf, resetOfferList } from './store';
export { OfferBreakdown } from './components/offer-card';
export { RatingStars } from './components/rating-stars';
