export { PricesPage } from './prices-page';
