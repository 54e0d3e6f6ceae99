export { CountrySwitch } from './components/country-switch';
export { initLocale, setLocale, currentLocale, localeState, resetLocale } from './store';
export { useLocale } from './use-locale';
