/** The orders feature's public surface: the customer's order list (/bestellungen). */
export { OrdersPage } from './orders-page';
export { keepOrder, readOrder } from './offline';
