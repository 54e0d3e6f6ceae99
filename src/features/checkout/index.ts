/** The checkout feature's public surface: the checkout page and the order confirmation. */
export { CheckoutPage } from './checkout-page';
export { OrderConfirmationPage } from './confirmation-page';
