import { useId } from 'react';
import { LOCALE_LIST, isLocaleCode } from '../../../lib/locale';
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
          if (isLocaleCode(e.target.value)) setLocale(e.target.value);
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
