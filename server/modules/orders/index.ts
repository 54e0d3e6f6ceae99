/**
 * The orders module's public face (eslint.config.js zone (j)): writing orders (the checkout and a
 * group's closing share createOrders), the order rows and texts group mails use, the routes and
 * the demo seeds, and the status change and order view the dealer area shares (decision 026).
 */
export { createOrders, NoRoomError, type OrderDraft, type TourPlan } from './create';
export {
  type DealerOrderFilter,
  listOrderDetailsOfDealer,
  type OrderDetailRow,
  type OrderRow,
} from './repo';
export { depsOf as ordersDepsOf, orderRoutes, supportOrderRoutes } from './routes';
export { DELIVERED_DEMO_ORDER_KEYS, DEMO_ORDERS, pricedDemo, seedDemoOrders } from './seed';
export { DEALER_DEMO_ORDERS, seedDealerDemoOrders } from './dealer-demo-seed';
export { deliveryText, setOrderStatus, storedAddress, toOrder, type OrdersDeps } from './service';
