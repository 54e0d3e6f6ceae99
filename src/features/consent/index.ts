export { ConsentDialog } from './components/consent-dialog';
export {
  consentState,
  loadConsent,
  openConsentSettings,
  hasConsent,
  resetConsent,
  type ConsentCategory,
  type ConsentChoice,
} from './store';
export { texts as consentTexts } from './texts';
