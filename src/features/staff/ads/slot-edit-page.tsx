/**
 * /support/slots/create and /support/slots/{slotId} (guard adManager): a slot's key, size and
 * postal filtering, its items (campaign + advert, in order), and the draw made visible: the
 * shares of the items as they stand in the form, and for a saved slot the shares a page gets for
 * a country and postal code (asked from the public slot call).
 */
import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import {
  COUNTRY_IDS,
  SLOT_TYPE_IDS,
  SlotBodySchema,
  type AdvertListItem,
  type Campaign,
  type IamSlot,
  type Slot,
  type SlotBodyInput,
} from '../../../api/contract/iam';
import { zipPatternFor } from '../../../lib/locale';
import { staffPaths } from '../../../lib/staff-routes';
import { Button } from '../../../ui/button/button';
import {
  AuditHistory,
  CheckField,
  EditForm,
  errorMessage,
  fieldErrorsOf,
  Field,
  FormMessage,
  formGridClass,
  inputClass,
  LoadedScreen,
  StaffPage,
  StaffSection,
  TextField,
  useEditScreen,
  wholeNumber,
  useStaffData,
  type EditTarget,
} from '../kit';
import kit from '../kit/kit.module.css';
import {
  deleteSlot,
  fetchAdverts,
  fetchCampaigns,
  fetchPublicSlot,
  fetchSlot,
  historyUrl,
  saveSlot,
} from './api';
import { DrawShares, type ShareRow } from './draw-shares';
import { COUNTRY_NAMES, SLOT_TYPE_LABELS, STATUS_LABELS, texts } from './texts';
import styles from './ads.module.css';

const t = texts.slots;

interface ItemRow {
  key: number;
  CampaignId: number;
  AdvertId: number;
}

interface Form {
  SlotKey: string;
  Name: string;
  SlotTypeId: number;
  AppliesZipFiltering: boolean;
  Width: string;
  Height: string;
  Items: ItemRow[];
}

interface Choices {
  campaigns: Campaign[];
  adverts: AdvertListItem[];
}

let nextKey = 1;
const itemRow = (CampaignId = 0, AdvertId = 0): ItemRow => ({
  key: nextKey++,
  CampaignId,
  AdvertId,
});

function formOf(slot: Slot | null): Form {
  if (!slot) {
    return {
      SlotKey: '',
      Name: '',
      SlotTypeId: 1,
      AppliesZipFiltering: true,
      Width: '360',
      Height: '120',
      Items: [],
    };
  }
  return {
    SlotKey: slot.SlotKey,
    Name: slot.Name,
    SlotTypeId: slot.SlotTypeId,
    AppliesZipFiltering: slot.AppliesZipFiltering,
    Width: String(slot.Width),
    Height: String(slot.Height),
    Items: slot.Items.map((i) => itemRow(i.CampaignId, i.AdvertId)),
  };
}

const whole = (text: string) => (/^\d{1,5}$/.test(text.trim()) ? Number(text) : Number.NaN);

export function slotBodyOf(form: Form): SlotBodyInput {
  return {
    SlotKey: form.SlotKey,
    Name: form.Name,
    SlotTypeId: form.SlotTypeId,
    AppliesZipFiltering: form.AppliesZipFiltering,
    Width: whole(form.Width),
    Height: whole(form.Height),
    Items: form.Items.map((i) => ({ CampaignId: i.CampaignId, AdvertId: i.AdvertId })),
  };
}

export function SlotEditPage() {
  const { slotId } = useParams();
  return <SlotLoader key={slotId ?? 'new'} id={slotId ? Number(slotId) : null} />;
}

const BACK = { to: staffPaths.supportSlots, label: t.back };

function SlotLoader({ id }: { id: number | null }) {
  const data = useStaffData(
    async (signal) => {
      const [slot, campaigns, adverts] = await Promise.all([
        id === null ? Promise.resolve(null) : fetchSlot(id, signal),
        fetchCampaigns(signal),
        fetchAdverts(signal),
      ]);
      return { slot, choices: { campaigns, adverts } };
    },
    `slot-${id ?? 'new'}`,
    texts.common.loadFailed,
  );
  return (
    <LoadedScreen data={data} title={id === null ? t.createTitle : t.listTitle} back={BACK}>
      {({ slot, choices }) => <SlotScreen slot={slot} choices={choices} />}
    </LoadedScreen>
  );
}

function campaignLabel(c: Campaign): string {
  return t.campaignOption(c.Name, c.CampaignTypeId, c.Weight, STATUS_LABELS[c.Status]);
}

/** Share rows of items: campaign type and weight from the campaign, not in the draw unless active. */
function shareRows(
  items: readonly {
    key: string | number;
    CampaignId: number;
    AdvertId: number;
    position: number;
  }[],
  choices: Choices,
  statusMatters: boolean,
): ShareRow[] {
  return items.flatMap((item) => {
    const campaign = choices.campaigns.find((c) => c.Id === item.CampaignId);
    if (!campaign) return [];
    const advert = choices.adverts.find((a) => a.Id === item.AdvertId);
    return [
      {
        key: item.key,
        CampaignTypeId: campaign.CampaignTypeId,
        Weight: campaign.Weight,
        label: `${item.position}. ${campaign.Name} – ${advert?.Name ?? t.unknownAdvert}`,
        outReason:
          statusMatters && campaign.Status !== 'active'
            ? STATUS_LABELS[campaign.Status]
            : undefined,
      },
    ];
  });
}

function ItemsEditor({
  items,
  choices,
  error,
  onChange,
}: {
  items: ItemRow[];
  choices: Choices;
  error?: string;
  onChange: (items: ItemRow[]) => void;
}) {
  const errorId = useId();
  const addId = useId();
  const patch = (key: number, change: Partial<ItemRow>) =>
    onChange(items.map((i) => (i.key === key ? { ...i, ...change } : i)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    onChange(next);
  };
  const remove = (key: number) => {
    onChange(items.filter((i) => i.key !== key));
    // The removed row's buttons are gone: keep the keyboard in the list's tools.
    document.getElementById(addId)?.focus();
  };
  return (
    <StaffSection title={t.itemsTitle}>
      <p className={kit.muted}>{t.itemsIntro}</p>
      {items.length === 0 && <p className={kit.muted}>{t.itemsEmpty}</p>}
      {items.length > 0 && (
        <ol className={styles.items} aria-describedby={error ? errorId : undefined}>
          {items.map((item, index) => {
            const n = index + 1;
            return (
              <li key={item.key} className={styles.item}>
                <span className={styles.itemNumber} aria-hidden="true">
                  {n}.
                </span>
                <Field label={t.itemCampaign(n)}>
                  {(a11y) => (
                    <select
                      {...a11y}
                      value={item.CampaignId || ''}
                      onChange={(e) => patch(item.key, { CampaignId: Number(e.target.value) })}
                    >
                      <option value="">{t.choose}</option>
                      {choices.campaigns.map((c) => (
                        <option key={c.Id} value={c.Id}>
                          {campaignLabel(c)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field label={t.itemAdvert(n)}>
                  {(a11y) => (
                    <select
                      {...a11y}
                      value={item.AdvertId || ''}
                      onChange={(e) => patch(item.key, { AdvertId: Number(e.target.value) })}
                    >
                      <option value="">{t.choose}</option>
                      {choices.adverts.map((a) => (
                        <option key={a.Id} value={a.Id}>
                          {a.Name}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <div className={styles.itemButtons}>
                  <Button
                    variant="secondary"
                    className={styles.iconButton}
                    aria-label={t.moveUp(n)}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="secondary"
                    className={styles.iconButton}
                    aria-label={t.moveDown(n)}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="secondary"
                    className={`${styles.iconButton} ${kit.danger}`}
                    aria-label={t.removeItem(n)}
                    onClick={() => remove(item.key)}
                  >
                    ✕
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {error && (
        <p id={errorId} className={kit.fieldError} role="alert">
          {error}
        </p>
      )}
      <div>
        <Button id={addId} variant="secondary" onClick={() => onChange([...items, itemRow()])}>
          {t.addItem}
        </Button>
      </div>
    </StaffSection>
  );
}

/** The saved slot as a page in a country, at a postal code, gets it now. */
function PostalCheck({ slot, choices }: { slot: Slot; choices: Choices }) {
  const [countryId, setCountryId] = useState(1);
  const [zip, setZip] = useState('');
  const [zipError, setZipError] = useState<string | undefined>();
  const [result, setResult] = useState<
    | { status: 'idle' }
    | { status: 'loading' }
    | { status: 'ready'; slot: IamSlot; where: string }
    | { status: 'error'; message: string }
  >({ status: 'idle' });
  const countryFieldId = useId();

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const code = zip.trim();
    if (code && !zipPatternFor(countryId).test(code)) {
      setZipError(countryId === 1 ? t.zipNeedsFive : t.zipNeedsFour);
      return;
    }
    setZipError(undefined);
    setResult({ status: 'loading' });
    try {
      const answer = await fetchPublicSlot(slot.SlotKey, countryId, code);
      const where = t.where(COUNTRY_NAMES[countryId] ?? '', code);
      setResult({ status: 'ready', slot: answer, where });
    } catch (error) {
      setResult({ status: 'error', message: errorMessage(error, texts.common.loadFailed) });
    }
  };

  const rows =
    result.status === 'ready'
      ? shareRows(
          result.slot.Items.flatMap((item) => {
            const position = slot.Items.findIndex((i) => i.Id === item.Id);
            const saved = slot.Items[position];
            return saved
              ? [
                  {
                    key: item.Id,
                    CampaignId: saved.CampaignId,
                    AdvertId: saved.AdvertId,
                    position: position + 1,
                  },
                ]
              : [];
          }),
          choices,
          false,
        )
      : [];

  return (
    <StaffSection title={t.checkTitle}>
      <p className={kit.muted}>{t.checkIntro}</p>
      <form className={styles.checkForm} onSubmit={(e) => void check(e)} noValidate>
        <div className={kit.stack}>
          <label className={kit.legend} htmlFor={countryFieldId}>
            {t.checkCountry}
          </label>
          <select
            id={countryFieldId}
            className={inputClass}
            value={countryId}
            onChange={(e) => setCountryId(Number(e.target.value))}
          >
            {COUNTRY_IDS.map((c) => (
              <option key={c} value={c}>
                {COUNTRY_NAMES[c]}
              </option>
            ))}
          </select>
        </div>
        <Field label={t.checkZip} error={zipError}>
          {(a11y) => (
            <input
              {...a11y}
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              value={zip}
              onChange={(e) => setZip(e.target.value.replace(/\D/g, ''))}
            />
          )}
        </Field>
        <div>
          <Button type="submit" variant="secondary" disabled={result.status === 'loading'}>
            {t.checkButton}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {result.status === 'error' && <FormMessage kind="error">{result.message}</FormMessage>}
        {result.status === 'ready' && (
          <div className={kit.stack}>
            <h3 className={kit.legend}>{t.checkResult(result.where)}</h3>
            <DrawShares rows={rows} caption={t.checkResult(result.where)} empty={t.checkNone} />
          </div>
        )}
      </div>
    </StaffSection>
  );
}

const TARGET: EditTarget = {
  edit: staffPaths.supportSlot,
  list: staffPaths.supportSlots,
  remove: deleteSlot,
  deleted: t.deleted,
};

function SlotScreen({ slot: loaded, choices }: { slot: Slot | null; choices: Choices }) {
  const screen = useEditScreen(loaded, formOf, TARGET);
  const { object: slot, form, update, bind, errors, version } = screen;

  const submit = () => {
    const body = slotBodyOf(form);
    const incomplete = form.Items.some((i) => !i.CampaignId || !i.AdvertId);
    const checked = SlotBodySchema.safeParse(body);
    const fields = checked.success ? {} : fieldErrorsOf(checked.error.issues);
    screen.save(
      incomplete ? { ...fields, Items: t.itemRequired } : checked.success ? null : fields,
      (id) => saveSlot(id, body),
    );
  };

  const nowRows = shareRows(
    form.Items.filter((i) => i.CampaignId && i.AdvertId).map((i) => ({
      ...i,
      position: form.Items.indexOf(i) + 1,
    })),
    choices,
    true,
  );

  const title = slot ? t.editTitle(slot.SlotKey) : t.createTitle;
  return (
    <StaffPage title={title} back={BACK}>
      <EditForm
        onSubmit={submit}
        flow={screen.flow}
        remove={
          slot && {
            question: t.deleteQuestion,
            detail: <p>{t.deleteInfo(slot.Items.length)}</p>,
            onConfirm: screen.remove,
          }
        }
      >
        <StaffSection title={title}>
          <div className={formGridClass}>
            <TextField
              label={t.key}
              hint={t.keyHint}
              {...bind('SlotKey')}
              maxLength={40}
              spellCheck={false}
              autoCapitalize="none"
            />
            <TextField label={t.name} {...bind('Name')} maxLength={120} />
            <Field label={t.type} error={errors.SlotTypeId}>
              {(a11y) => (
                <select
                  {...a11y}
                  value={form.SlotTypeId}
                  onChange={(e) => update({ SlotTypeId: Number(e.target.value) })}
                >
                  {SLOT_TYPE_IDS.map((type) => (
                    <option key={type} value={type}>
                      {SLOT_TYPE_LABELS[type]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <CheckField
              label={t.zipFiltering}
              hint={t.zipFilteringHint}
              checked={form.AppliesZipFiltering}
              onChange={(AppliesZipFiltering) => update({ AppliesZipFiltering })}
            />
            <TextField
              label={t.width}
              hint={t.sizeHint}
              {...bind('Width')}
              {...wholeNumber(50, 2000)}
            />
            <TextField label={t.height} {...bind('Height')} {...wholeNumber(20, 2000)} />
          </div>
        </StaffSection>
        <ItemsEditor
          items={form.Items}
          choices={choices}
          error={errors.Items}
          onChange={(Items) => update({ Items })}
        />
      </EditForm>
      <StaffSection title={t.drawTitle}>
        <p className={kit.muted}>{t.drawIntro}</p>
        <h3 className={kit.legend}>{t.drawNow}</h3>
        <DrawShares rows={nowRows} caption={t.drawCaption} empty={t.drawEmpty} />
      </StaffSection>
      {slot && <PostalCheck slot={slot} choices={choices} />}
      {slot && <AuditHistory url={historyUrl.slot(slot.Id)} version={version} />}
    </StaffPage>
  );
}
