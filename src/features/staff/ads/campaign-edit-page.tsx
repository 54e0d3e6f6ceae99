/**
 * /support/campaigns/create and /support/campaigns/{campaignId} (guard adManager): type, weight,
 * period in days, countries and the postal-code filter as text ("80331, 80333-80999"), checked
 * with the contract's CampaignBodySchema here and again on the server.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  CampaignBodySchema,
  COUNTRY_IDS,
  type Campaign,
  type CampaignBodyInput,
} from '../../../api/contract/iam';
import { berlinDay } from '../../../lib/dates';
import { staffPath, staffPaths } from '../../../lib/staff-routes';
import {
  AuditHistory,
  Badge,
  CheckField,
  Field,
  formGridClass,
  StaffPage,
  StaffSection,
  useStaffData,
} from '../kit';
import { deleteCampaign, fetchCampaign, historyUrl, saveCampaign } from './api';
import { STATUS_TONES } from './campaign-list-page';
import { fieldErrorsOf } from './form-errors';
import { SaveActions, useSaveFlow } from './save-flow';
import { LoadState } from './parts';
import { CAMPAIGN_TYPE_LABELS, COUNTRY_NAMES, STATUS_LABELS, texts } from './texts';
import styles from './ads.module.css';

const t = texts.campaigns;

interface Form {
  Name: string;
  CampaignTypeId: number;
  Weight: string;
  StartsAt: string;
  EndsAt: string;
  CountryIds: number[];
  ZipRanges: string;
  Active: boolean;
}

function formOf(c: Campaign | null): Form {
  if (!c) {
    return {
      Name: '',
      CampaignTypeId: 1,
      Weight: '10',
      StartsAt: berlinDay(new Date()),
      EndsAt: '',
      CountryIds: [1],
      ZipRanges: '',
      Active: true,
    };
  }
  return {
    Name: c.Name,
    CampaignTypeId: c.CampaignTypeId,
    Weight: String(c.Weight),
    StartsAt: c.StartsAt,
    EndsAt: c.EndsAt ?? '',
    CountryIds: [...c.CountryIds],
    ZipRanges: c.ZipRanges,
    Active: c.Active,
  };
}

/** The form as the request body: a weight that is no whole number stays NaN and is refused. */
export function campaignBodyOf(form: Form): CampaignBodyInput {
  const weight = form.Weight.trim();
  return {
    Name: form.Name,
    CampaignTypeId: form.CampaignTypeId,
    Weight: /^\d{1,7}$/.test(weight) ? Number(weight) : Number.NaN,
    StartsAt: form.StartsAt,
    EndsAt: form.EndsAt.trim() ? form.EndsAt : null,
    CountryIds: form.CountryIds,
    ZipRanges: form.ZipRanges,
    Active: form.Active,
  };
}

export function CampaignEditPage() {
  const { campaignId } = useParams();
  if (!campaignId) return <CampaignScreen key="new" campaign={null} />;
  return <CampaignLoader key={campaignId} id={Number(campaignId)} />;
}

function CampaignLoader({ id }: { id: number }) {
  const data = useStaffData(
    (signal) => fetchCampaign(id, signal),
    `campaign-${id}`,
    texts.common.loadFailed,
  );
  if (data.status === 'ready') return <CampaignScreen campaign={data.data} />;
  return (
    <StaffPage title={t.listTitle} back={{ to: staffPaths.supportCampaigns, label: t.back }}>
      <LoadState data={data} />
    </StaffPage>
  );
}

/** A group of radio buttons or checkboxes with its legend, hint and error. */
function ChoiceGroup({
  legend,
  hint,
  error,
  children,
}: {
  legend: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy || undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.choices}>{children}</div>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function CampaignScreen({ campaign: loaded }: { campaign: Campaign | null }) {
  const navigate = useNavigate();
  const [campaign, setCampaign] = useState(loaded);
  const [form, setForm] = useState<Form>(() => formOf(loaded));
  const { errors, message, busy, version, run } = useSaveFlow<Campaign>();
  const id = campaign?.Id ?? null;
  const typeName = useId();

  const update = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const toggleCountry = (countryId: number, on: boolean) =>
    setForm((f) => ({
      ...f,
      CountryIds: on
        ? [...f.CountryIds.filter((c) => c !== countryId), countryId].sort((a, b) => a - b)
        : f.CountryIds.filter((c) => c !== countryId),
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = campaignBodyOf(form);
    const checked = CampaignBodySchema.safeParse(body);
    void run({
      invalid: checked.success ? null : fieldErrorsOf(checked.error.issues),
      save: () => saveCampaign(id, body),
      createdPath: id === null ? (saved) => staffPath(staffPaths.supportCampaign, saved.Id) : null,
      onSaved: (saved) => {
        setCampaign(saved);
        setForm(formOf(saved));
        return texts.common.saved;
      },
    });
  };

  const remove = async () => {
    if (id === null) return;
    await deleteCampaign(id);
    void navigate(staffPaths.supportCampaigns, { state: { notice: t.deleted } });
  };

  return (
    <StaffPage
      title={campaign ? t.editTitle(campaign.Name) : t.createTitle}
      back={{ to: staffPaths.supportCampaigns, label: t.back }}
      actions={
        campaign && (
          <Badge tone={STATUS_TONES[campaign.Status]}>{STATUS_LABELS[campaign.Status]}</Badge>
        )
      }
    >
      <form className={styles.stack} onSubmit={(e) => void submit(e)} noValidate>
        <StaffSection title={campaign ? t.editTitle(campaign.Name) : t.createTitle}>
          <div className={formGridClass}>
            <Field label={t.name} error={errors.Name}>
              {(a11y) => (
                <input
                  {...a11y}
                  type="text"
                  value={form.Name}
                  maxLength={120}
                  onChange={(e) => update({ Name: e.target.value })}
                />
              )}
            </Field>
            <ChoiceGroup legend={t.type} hint={t.typeHint} error={errors.CampaignTypeId}>
              {[1, 2].map((type) => (
                <label key={type} className={styles.choice}>
                  <input
                    type="radio"
                    name={typeName}
                    value={type}
                    checked={form.CampaignTypeId === type}
                    onChange={() => update({ CampaignTypeId: type })}
                  />
                  {CAMPAIGN_TYPE_LABELS[type]}
                </label>
              ))}
            </ChoiceGroup>
            <Field label={t.weight} hint={t.weightHint} error={errors.Weight}>
              {(a11y) => (
                <input
                  {...a11y}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={1000}
                  step={1}
                  value={form.Weight}
                  onChange={(e) => update({ Weight: e.target.value })}
                />
              )}
            </Field>
            <ChoiceGroup legend={t.countries} error={errors.CountryIds}>
              {COUNTRY_IDS.map((countryId) => (
                <label key={countryId} className={styles.choice}>
                  <input
                    type="checkbox"
                    checked={form.CountryIds.includes(countryId)}
                    onChange={(e) => toggleCountry(countryId, e.target.checked)}
                  />
                  {COUNTRY_NAMES[countryId]}
                </label>
              ))}
            </ChoiceGroup>
            <Field label={t.startsAt} hint={t.startsAtHint} error={errors.StartsAt}>
              {(a11y) => (
                <input
                  {...a11y}
                  type="date"
                  value={form.StartsAt}
                  onChange={(e) => update({ StartsAt: e.target.value })}
                />
              )}
            </Field>
            <Field label={t.endsAt} hint={t.endsAtHint} error={errors.EndsAt}>
              {(a11y) => (
                <input
                  {...a11y}
                  type="date"
                  value={form.EndsAt}
                  min={form.StartsAt || undefined}
                  onChange={(e) => update({ EndsAt: e.target.value })}
                />
              )}
            </Field>
            <Field label={t.zipRanges} hint={t.zipRangesHint} error={errors.ZipRanges} wide>
              {(a11y) => (
                <textarea
                  {...a11y}
                  rows={3}
                  value={form.ZipRanges}
                  spellCheck={false}
                  onChange={(e) => update({ ZipRanges: e.target.value })}
                />
              )}
            </Field>
            <CheckField
              label={t.active}
              hint={t.activeHint}
              checked={form.Active}
              onChange={(Active) => update({ Active })}
            />
          </div>
          <SaveActions
            message={message}
            busy={busy}
            remove={
              campaign && {
                question: t.deleteQuestion,
                detail: (
                  <p>
                    {campaign.Usage.length === 0
                      ? t.deleteUnused
                      : t.deleteUsed(campaign.Usage.length)}
                  </p>
                ),
                onConfirm: remove,
              }
            }
          />
        </StaffSection>
      </form>
      {campaign && (
        <StaffSection title={t.usageTitle}>
          {campaign.Usage.length === 0 ? (
            <p className={styles.muted}>{t.usageNone}</p>
          ) : (
            <ul className={styles.list}>
              {campaign.Usage.map((u) => (
                <li key={`${u.SlotId}-${u.AdvertId}`}>
                  <Link to={staffPath(staffPaths.supportSlot, u.SlotId)}>{u.SlotKey}</Link>
                  {' – '}
                  <Link to={staffPath(staffPaths.supportAdvert, u.AdvertId)}>{u.AdvertName}</Link>
                </li>
              ))}
            </ul>
          )}
        </StaffSection>
      )}
      {campaign && <AuditHistory url={historyUrl.campaign(campaign.Id)} version={version} />}
    </StaffPage>
  );
}
