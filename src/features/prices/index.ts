export { PricesPage } from './prices-page';
export { LocalPricesPage } from './local-prices-page';
