/**
 * /support/campaigns/create and /support/campaigns/{campaignId} (guard adManager): type, weight,
 * period in days, countries and the postal-code filter as text ("80331, 80333-80999"), checked
 * with the contract's CampaignBodySchema here and again on the server.
 */
import { useId } from 'react';
import { Link, useParams } from 'react-router';
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
  Choice,
  ChoiceGroup,
  EditForm,
  Field,
  formGridClass,
  invalidOf,
  CreateOrEdit,
  StaffPage,
  TextField,
  useEditScreen,
  wholeNumber,
  type EditTarget,
} from '../kit';
import { deleteCampaign, fetchCampaign, historyUrl, saveCampaign } from './api';
import { STATUS_TONES } from './campaign-list-page';
import { CAMPAIGN_TYPE_LABELS, COUNTRY_NAMES, STATUS_LABELS, texts } from './texts';
import { UsageSection } from './usage-section';

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
  return (
    <CreateOrEdit
      id={campaignId}
      load={fetchCampaign}
      name="campaign"
      title={t.listTitle}
      back={BACK}
    >
      {(campaign) => <CampaignScreen campaign={campaign} />}
    </CreateOrEdit>
  );
}

const BACK = { to: staffPaths.supportCampaigns, label: t.back };

const TARGET: EditTarget = {
  edit: staffPaths.supportCampaign,
  list: staffPaths.supportCampaigns,
  remove: deleteCampaign,
  deleted: t.deleted,
};

function CampaignScreen({ campaign: loaded }: { campaign: Campaign | null }) {
  const screen = useEditScreen(loaded, formOf, TARGET);
  const { object: campaign, form, setForm, update, bind, errors, version } = screen;
  const typeName = useId();

  const toggleCountry = (countryId: number, on: boolean) =>
    setForm((f) => ({
      ...f,
      CountryIds: on
        ? [...f.CountryIds.filter((c) => c !== countryId), countryId].sort((a, b) => a - b)
        : f.CountryIds.filter((c) => c !== countryId),
    }));

  const submit = () => {
    const body = campaignBodyOf(form);
    screen.save(invalidOf(CampaignBodySchema.safeParse(body)), (id) => saveCampaign(id, body));
  };

  const title = campaign ? t.editTitle(campaign.Name) : t.createTitle;
  return (
    <StaffPage
      title={title}
      back={BACK}
      actions={
        campaign && (
          <Badge tone={STATUS_TONES[campaign.Status]}>{STATUS_LABELS[campaign.Status]}</Badge>
        )
      }
    >
      <EditForm
        title={title}
        onSubmit={submit}
        flow={screen.flow}
        remove={
          campaign && {
            question: t.deleteQuestion,
            detail: (
              <p>
                {campaign.Usage.length === 0 ? t.deleteUnused : t.deleteUsed(campaign.Usage.length)}
              </p>
            ),
            onConfirm: screen.remove,
          }
        }
      >
        <div className={formGridClass}>
          <TextField label={t.name} {...bind('Name')} maxLength={120} />
          <ChoiceGroup legend={t.type} hint={t.typeHint} error={errors.CampaignTypeId}>
            {[1, 2].map((type) => (
              <Choice
                key={type}
                label={CAMPAIGN_TYPE_LABELS[type] ?? ''}
                type="radio"
                name={typeName}
                value={type}
                checked={form.CampaignTypeId === type}
                onChange={() => update({ CampaignTypeId: type })}
              />
            ))}
          </ChoiceGroup>
          <TextField
            label={t.weight}
            hint={t.weightHint}
            {...bind('Weight')}
            {...wholeNumber(1, 1000)}
            step={1}
          />
          <ChoiceGroup legend={t.countries} error={errors.CountryIds}>
            {COUNTRY_IDS.map((countryId) => (
              <Choice
                key={countryId}
                label={COUNTRY_NAMES[countryId] ?? ''}
                type="checkbox"
                checked={form.CountryIds.includes(countryId)}
                onChange={(e) => toggleCountry(countryId, e.target.checked)}
              />
            ))}
          </ChoiceGroup>
          <TextField label={t.startsAt} hint={t.startsAtHint} {...bind('StartsAt')} type="date" />
          <TextField
            label={t.endsAt}
            hint={t.endsAtHint}
            {...bind('EndsAt')}
            type="date"
            min={form.StartsAt || undefined}
          />
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
      </EditForm>
      {campaign && (
        <UsageSection texts={t} usage={campaign.Usage} keyOf={(u) => u.AdvertId}>
          {(u) => (
            <>
              {' – '}
              <Link to={staffPath(staffPaths.supportAdvert, u.AdvertId)}>{u.AdvertName}</Link>
            </>
          )}
        </UsageSection>
      )}
      {campaign && <AuditHistory url={historyUrl.campaign(campaign.Id)} version={version} />}
    </StaffPage>
  );
}
