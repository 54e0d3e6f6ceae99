/**
 * The Sammelbestellung feature's public surface: starting a group from the offer
 * list's configuration, a group's page (join, leave, close, the outcome), and the customer's
 * groups with the code form for the orders page.
 */
export { GroupStartPage } from './group-start-page';
export { GroupOrderPage } from './group-order-page';
export { MyGroupOrders } from './my-group-orders';
