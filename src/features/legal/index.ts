export { ImprintPage } from './imprint-page';
export { PrivacyPage } from './privacy-page';
