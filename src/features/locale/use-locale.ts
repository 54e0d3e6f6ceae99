import { useSnapshot } from 'valtio';
import { LOCALES, type Locale } from '../../lib/locale';
import { localeState } from './store';

export function useLocale(): Locale {
  const { code } = useSnapshot(localeState);
  return LOCALES[code];
}
