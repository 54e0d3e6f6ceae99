/**
 * The calculator's settings (SPEC §2/§4): one section per parameter group with exactly one item
 * selected, the product, climate-neutral and premium ("super product") toggles, stations 1–9 and
 * appointment plus. Changes apply at once to the store (the offer list recalculates on them).
 * With a confirmed postal code, the upsell toggles show the smallest extra cost across offers
 * from POST /api/kalkulation/upselling ("ab +12,40 €"); a failure just hides the hint.
 * A modal sheet: full screen on phones, 800 px wide from 768 px (SPEC §9 modal widths).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { CalculatorConfig } from '../../../api/contract/calculation';
import { CALC } from '../../../api/contract/calculation-constants';
import { formatPrice } from '../../../lib/format';
import { Button } from '../../../ui/button/button';
import { CloseButton, dismissProps, useModalDialog } from '../../../ui/modal/modal';
import { hasConsent, openConsentSettings } from '../../consent';
import { useLocale } from '../../locale';
import { zipPatternFor } from '../../../lib/locale';
import { fetchUpselling } from '../calc-api';
import {
  selectParameter,
  setAppointmentPlus,
  setClimateNeutral,
  setProduct,
  setStations,
  setSuperProduct,
} from '../options';
import { calculatorState, hasInstallment, loadCalculatorInit } from '../store';
import { texts as formTexts } from '../texts';
import { smallestDifference } from '../upsell';
import { texts } from './texts';
import styles from './settings-panel.module.css';

export interface SettingsPanelProps {
  open: boolean;
  onClose: () => void;
}

type UpsellKey = typeof CALC.UPSELL_CLIMATE_NEUTRAL | typeof CALC.UPSELL_PRODUCT;

export function SettingsPanel({ open, onClose }: SettingsPanelProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref, open);
  const locale = useLocale();
  const state = useSnapshot(calculatorState, { sync: true }); // controlled inputs
  const { init, config } = state;
  const name = formTexts.calculatorName(config.ProductGroupId);

  const products = init?.Products ?? [];
  const current = products.find((p) => p.Id === config.Product.Id);
  const baseId = current?.IsUpselling ? (current.BaseProductId ?? current.Id) : config.Product.Id;
  const bases = products.filter((p) => !p.IsUpselling);
  const base = products.find((p) => p.Id === baseId);
  const premium = products.find((p) => p.IsUpselling && p.BaseProductId === baseId);
  const premiumOn = current?.IsUpselling ?? false;
  const climateItem = init?.ClimateNeutralList.find((c) => c.IsUpselling);
  // SPEC §4/§9: installment means one unloading point; the others wait for another payment.
  const oneStationOnly = hasInstallment(config.Parameters);
  const stationsNoteId = `${id}-stations-installment`;

  // A well-formed code that is not known to be wrong: on the offer list the code comes from the
  // address and was never checked on its own; an unknown one makes the server answer 400, and
  // a failed call only hides the hint (SPEC §8).
  const knownWrong =
    state.zipCheck.status === 'invalid' &&
    state.zipCheck.zip === config.ZipCode &&
    state.zipCheck.countryId === config.CountryId;
  const zipConfirmed = zipPatternFor(config.CountryId).test(config.ZipCode) && !knownWrong;
  const wanted: UpsellKey[] = [];
  if (climateItem && !config.Product.ClimateNeutral) wanted.push(CALC.UPSELL_CLIMATE_NEUTRAL);
  if (premium && !premiumOn) wanted.push(CALC.UPSELL_PRODUCT);
  const prices = useUpsellPrices(
    open && zipConfirmed && init !== null,
    JSON.stringify({ ...config, UpsellCount: undefined }),
    wanted,
  );
  const hint = (key: UpsellKey) => {
    const value = prices[key];
    return value === undefined || value === null || value <= 0
      ? undefined
      : formatPrice(value, locale.currencyCode);
  };

  return (
    <dialog
      ref={ref}
      className={styles.panel}
      aria-labelledby={`${id}-title`}
      {...dismissProps(onClose)}
    >
      <div className={styles.head}>
        <h2 id={`${id}-title`}>{texts.title(name)}</h2>
        <CloseButton label={texts.closeIcon} onClick={onClose} className={styles.closeIcon} />
      </div>
      <div className={styles.body}>
        {!init ? (
          state.initError && !state.initialising ? (
            <div role="alert" className={styles.state}>
              <p>{texts.loadError}</p>
              <Button variant="secondary" onClick={() => void loadCalculatorInit()}>
                {texts.retry}
              </Button>
            </div>
          ) : (
            <p className={styles.state} aria-busy="true">
              {texts.loading}
            </p>
          )
        ) : (
          <>
            <p className={styles.intro}>{texts.intro}</p>
            <div className={styles.grid}>
              <Section title={texts.product}>
                {bases.length > 1 ? (
                  <RadioList
                    name={`${id}-product`}
                    legend={texts.product}
                    items={bases.map((p) => ({
                      id: p.Id,
                      name: p.Name,
                      description: p.Description,
                    }))}
                    selected={baseId}
                    onSelect={(productId) => {
                      setProduct(productId);
                      if (premiumOn) setSuperProduct(true);
                    }}
                  />
                ) : (
                  base && (
                    <p className={styles.fixed}>
                      <strong>{base.Name}</strong>
                      <span>{base.Description}</span>
                    </p>
                  )
                )}
                {premium && (
                  <Switch
                    label={texts.premium}
                    description={premium.Description}
                    checked={premiumOn}
                    price={premiumOn ? undefined : hint(CALC.UPSELL_PRODUCT)}
                    onChange={setSuperProduct}
                  />
                )}
                {climateItem && (
                  <Switch
                    label={texts.climateNeutral}
                    description={climateItem.Description}
                    checked={config.Product.ClimateNeutral}
                    price={
                      config.Product.ClimateNeutral ? undefined : hint(CALC.UPSELL_CLIMATE_NEUTRAL)
                    }
                    onChange={setClimateNeutral}
                  />
                )}
              </Section>
              {init.Groups.map((group) => (
                <Section key={group.Id} title={group.Name}>
                  <RadioList
                    name={`${id}-group-${group.Id}`}
                    legend={group.Name}
                    items={group.Parameters.map((p) => ({
                      id: p.Id,
                      name: p.Name,
                      description: p.Description,
                    }))}
                    selected={
                      config.Parameters.find((p) => group.Parameters.some((gp) => gp.Id === p.Id))
                        ?.Id
                    }
                    onSelect={(parameterId) => selectParameter(group.Id, parameterId)}
                  />
                </Section>
              ))}
              <Section title={texts.stations}>
                <fieldset className={styles.fieldset}>
                  <legend className="visually-hidden">{texts.stations}</legend>
                  <p className={styles.hint}>{texts.stationsHint}</p>
                  {oneStationOnly && (
                    <p id={stationsNoteId} className={styles.constraint}>
                      {texts.stationsInstallment}
                    </p>
                  )}
                  <div className={styles.chips}>
                    {(init.StationsList.length > 0
                      ? init.StationsList
                      : Array.from({ length: CALC.STATIONS_MAX }, (_, i) => ({
                          Id: i + 1,
                          Name: texts.stationCount(i + 1),
                        }))
                    ).map((s) => (
                      <label key={s.Id} className={styles.chip}>
                        <input
                          type="radio"
                          name={`${id}-stations`}
                          checked={config.Stations === s.Id}
                          disabled={oneStationOnly}
                          onChange={() => setStations(s.Id)}
                          aria-label={s.Name}
                          aria-describedby={oneStationOnly ? stationsNoteId : undefined}
                        />
                        <span aria-hidden="true">{s.Id}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              </Section>
              <Section title={texts.appointmentSection}>
                <Switch
                  label={init.AppointmentPlus.Name || texts.appointmentPlus}
                  description={init.AppointmentPlus.Description}
                  checked={config.AppointmentPlus}
                  onChange={setAppointmentPlus}
                />
              </Section>
            </div>
          </>
        )}
      </div>
      <div className={styles.foot}>
        <p className={styles.note}>
          {state.storageError ??
            (hasConsent('preferences') ? (
              texts.storageNote
            ) : (
              <>
                {texts.notStoredNote}{' '}
                <button type="button" className={styles.linkButton} onClick={openConsentSettings}>
                  {texts.consentLink}
                </button>
              </>
            ))}
        </p>
        <Button onClick={onClose}>{texts.close}</Button>
      </div>
    </dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

interface RadioItem {
  id: number;
  name: string;
  description: string;
}

function RadioList({
  name,
  legend,
  items,
  selected,
  onSelect,
}: {
  name: string;
  legend: string;
  items: RadioItem[];
  selected: number | undefined;
  onSelect: (id: number) => void;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className="visually-hidden">{legend}</legend>
      {items.map((item) => (
        <label key={item.id} className={styles.option}>
          <input
            type="radio"
            name={name}
            value={item.id}
            checked={selected === item.id}
            onChange={() => onSelect(item.id)}
          />
          <span>
            <span className={styles.optionName}>{item.name}</span>
            {item.description && (
              <span className={styles.optionDescription}>{item.description}</span>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function Switch({
  label,
  description,
  checked,
  price,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  price?: string | undefined;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className={styles.switch}>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className={styles.track} aria-hidden="true" />
      <span className={styles.switchText}>
        <span className={styles.optionName}>
          {label}
          {price && (
            <span className={styles.price}>
              <span aria-hidden="true">{texts.priceFrom(price)}</span>
              <span className="visually-hidden">{texts.priceHintLabel(price)}</span>
            </span>
          )}
        </span>
        {description && <span className={styles.optionDescription}>{description}</span>}
      </span>
    </label>
  );
}

/**
 * The smallest extra cost per upsell key for the current configuration; refetched when the
 * configuration changes while the panel is open. undefined = not (yet) known, null = none.
 */
function useUpsellPrices(
  active: boolean,
  body: string,
  keys: readonly UpsellKey[],
): Partial<Record<UpsellKey, number | null>> {
  const wanted = keys.join(',');
  const [result, setResult] = useState<{
    body: string;
    prices: Partial<Record<UpsellKey, number | null>>;
  }>({ body: '', prices: {} });

  useEffect(() => {
    if (!active || wanted === '') return;
    const controller = new AbortController();
    const parsed = JSON.parse(body) as CalculatorConfig;
    for (const key of wanted.split(',').map(Number) as UpsellKey[]) {
      fetchUpselling(key, parsed, controller.signal).then(
        (items) =>
          setResult((r) => ({
            body,
            prices: { ...(r.body === body ? r.prices : {}), [key]: smallestDifference(items) },
          })),
        () => undefined, // SPEC §8 quiet failure: no hint
      );
    }
    return () => controller.abort();
  }, [active, body, wanted]);

  return active && result.body === body ? result.prices : {};
}
