/** The offers feature's public surface: the offer list and the checkout preview pages. */
export { OfferListPage } from './offer-list-page';
export { CheckoutPage } from './checkout-page';
