/** The account feature's public surface: the customer pages of SPEC §2. */
export { CustomerHomePage } from './customer-home-page';
export {
  AccountPartialPage,
  AddEditAddressModalPage,
  PersonalDataPage,
} from './personal-data-page';
export { NewPasswordPage } from './new-password-page';
