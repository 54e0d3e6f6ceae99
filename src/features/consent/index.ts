export { ConsentDialog, preloadConsentForm } from './components/consent-dialog';
export {
  consentState,
  loadConsent,
  openConsentSettings,
  hasConsent,
  resetConsent,
  askForConsentNow,
  consentCookieSet,
  type ConsentCategory,
  type ConsentChoice,
} from './store';
export { texts as consentTexts } from './texts';
