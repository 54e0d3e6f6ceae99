import { useId } from 'react';
import { LOCALE_LIST, isLocaleCode } from '../../../lib/locale';
import { afterHydration } from '../../../ui/hydration';
import { setLocale } from '../store';
import { useLocale } from '../use-locale';
import styles from './country-switch.module.css';

const FLAGS = { de: 'DE', at: 'AT', ch: 'CH' } as const;

export function CountrySwitch() {
  const locale = useLocale();
  const id = useId();
  return (
    <div className={styles.wrap}>
      <label htmlFor={id} className="visually-hidden">
        Land
      </label>
      <select
        id={id}
        className={styles.select}
        value={locale.code}
        onChange={(e) => {
          const code = e.target.value;
          // React hydrates the page after the header: a country chosen in between waits until
          // the page has hydrated, so the page is never hydrated against another country.
          if (isLocaleCode(code)) afterHydration(() => setLocale(code));
        }}
      >
        {LOCALE_LIST.map((l) => (
          <option key={l.code} value={l.code}>
            {FLAGS[l.code]} · {l.countryName}
          </option>
        ))}
      </select>
    </div>
  );
}
