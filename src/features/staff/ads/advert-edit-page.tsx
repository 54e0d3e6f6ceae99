/**
 * /support/adverts/create and /support/adverts/{advertId} (guard adManager): an advert's HTML,
 * stylesheet and target link beside a live preview. The preview is what the server keeps: the
 * input goes through the same sanitiser (POST …/preview, 400 ms after the last keystroke) and is
 * rendered as a visitor sees it (shadow root, AdvertView).
 */
import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  AdvertBodySchema,
  type AdvertBodyInput,
  type AdvertDetail,
  type AdvertPreview,
} from '../../../api/contract/iam';
import { staffPath, staffPaths } from '../../../lib/staff-routes';
import { AdvertView } from '../../../ui/advert/advert-view';
import {
  AuditHistory,
  EditForm,
  errorMessage,
  Field,
  FormMessage,
  formGridClass,
  invalidOf,
  CreateOrEdit,
  StaffPage,
  StaffSection,
  TextField,
  useEditScreen,
  type EditTarget,
} from '../kit';
import kit from '../kit/kit.module.css';
import { deleteAdvert, fetchAdvert, historyUrl, previewAdvert, saveAdvert } from './api';
import { texts } from './texts';
import { UsageSection } from './usage-section';
import styles from './ads.module.css';

const t = texts.adverts;

/** Typing pauses this long before the preview is asked for. */
export const PREVIEW_DEBOUNCE_MS = 400;

/** Boxes to preview in: the public slots are 120 px high and as wide as the page allows. */
const PREVIEW_SIZES = [
  { id: 'phone', label: 'Handy (360 × 120)', width: 360, height: 120 },
  { id: 'tablet', label: 'Tablet (728 × 120)', width: 728, height: 120 },
  { id: 'desktop', label: 'Desktop (970 × 120)', width: 970, height: 120 },
  { id: 'box', label: 'Rechteck (300 × 250)', width: 300, height: 250 },
] as const;

type Form = Required<AdvertBodyInput>;

const EMPTY: Form = { Name: '', Html: '', Css: '', TargetUrl: '' };

/** The two code boxes: the advert's HTML and its stylesheet. */
const CODE_FIELDS = [
  { key: 'Html', label: t.html, hint: t.htmlHint },
  { key: 'Css', label: t.css, hint: t.cssHint },
] as const;

function formOf(advert: AdvertDetail | null): Form {
  return advert
    ? { Name: advert.Name, Html: advert.Html, Css: advert.Css, TargetUrl: advert.TargetUrl }
    : EMPTY;
}

export function AdvertEditPage() {
  const { advertId } = useParams();
  return (
    <CreateOrEdit id={advertId} load={fetchAdvert} name="advert" title={t.listTitle} back={BACK}>
      {(advert) => <AdvertScreen advert={advert} />}
    </CreateOrEdit>
  );
}

const BACK = { to: staffPaths.supportAdverts, label: t.back };

function usePreview(form: Form) {
  const [state, setState] = useState<
    | { status: 'idle' }
    | { status: 'ready'; preview: AdvertPreview }
    | { status: 'error'; message: string }
  >({ status: 'idle' });
  const { Html, Css, TargetUrl } = form;
  useEffect(() => {
    if (!Html.trim()) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewAdvert({ Html, Css, TargetUrl }, controller.signal).then(
        (preview) => setState({ status: 'ready', preview }),
        (error: unknown) => {
          if (!controller.signal.aborted) {
            setState({ status: 'error', message: errorMessage(error, t.previewFailed) });
          }
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [Html, Css, TargetUrl]);
  return Html.trim() ? state : ({ status: 'idle' } as const);
}

function PreviewPane({ form }: { form: Form }) {
  const preview = usePreview(form);
  const [sizeId, setSizeId] = useState<string>(PREVIEW_SIZES[0].id);
  const size = PREVIEW_SIZES.find((s) => s.id === sizeId) ?? PREVIEW_SIZES[0];
  const selectId = useId();
  return (
    <div className={styles.previewPane}>
      <StaffSection
        title={t.preview}
        aside={
          <label className={kit.row} htmlFor={selectId}>
            <span className={kit.small}>{t.previewSize}</span>
            <select
              id={selectId}
              className={kit.small}
              value={sizeId}
              onChange={(e) => setSizeId(e.target.value)}
            >
              {PREVIEW_SIZES.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        }
      >
        {preview.status === 'idle' && <p className={kit.muted}>{t.previewWaiting}</p>}
        {preview.status === 'error' && <FormMessage kind="error">{preview.message}</FormMessage>}
        {preview.status === 'ready' && (
          <>
            <div
              className={styles.previewStage}
              tabIndex={0}
              role="group"
              aria-label={t.previewStage}
            >
              <div
                className={styles.previewBox}
                style={{ width: size.width, height: size.height }}
                data-testid="advert-preview"
              >
                <AdvertView
                  className={styles.previewHost}
                  html={preview.preview.Html}
                  css={preview.preview.Css}
                  stylesFileName={null}
                  label={t.previewLabel}
                />
              </div>
            </div>
            {(preview.preview.HtmlChanged || preview.preview.CssChanged) && (
              <p className={kit.muted} role="status">
                {t.previewChanged}
              </p>
            )}
          </>
        )}
        <p className={kit.hint}>{t.previewImages}</p>
      </StaffSection>
    </div>
  );
}

const TARGET: EditTarget = {
  edit: staffPaths.supportAdvert,
  list: staffPaths.supportAdverts,
  remove: deleteAdvert,
  deleted: t.deleted,
};

function AdvertScreen({ advert: loaded }: { advert: AdvertDetail | null }) {
  const screen = useEditScreen(loaded, formOf, TARGET);
  const { object: advert, form, update, bind, errors, version } = screen;

  const submit = () =>
    screen.save(
      invalidOf(AdvertBodySchema.safeParse(form)),
      (id) => saveAdvert(id, form),
      (saved) => {
        const cleaned = saved.Html !== form.Html.trim() || saved.Css !== form.Css.trim();
        return cleaned ? `${texts.common.saved} ${t.previewChanged}` : texts.common.saved;
      },
    );

  const title = advert ? t.editTitle(advert.Name) : t.createTitle;
  return (
    <StaffPage title={title} back={BACK}>
      <div className={styles.editor}>
        <EditForm
          title={title}
          onSubmit={submit}
          flow={screen.flow}
          remove={
            advert && {
              question: t.deleteQuestion,
              detail: (
                <p>
                  {advert.Usage.length === 0 ? t.deleteUnused : t.deleteUsed(advert.Usage.length)}
                </p>
              ),
              onConfirm: screen.remove,
            }
          }
        >
          <div className={formGridClass}>
            <TextField label={t.name} hint={t.nameHint} {...bind('Name')} maxLength={120} />
            <TextField
              label={t.targetUrl}
              hint={t.targetUrlHint}
              {...bind('TargetUrl')}
              inputMode="url"
              maxLength={500}
            />
            {CODE_FIELDS.map(({ key, label, hint }) => (
              <Field key={key} label={label} hint={hint} error={errors[key]} wide>
                {(a11y) => (
                  <textarea
                    {...a11y}
                    className={`${a11y.className} ${styles.code}`}
                    value={form[key]}
                    spellCheck={false}
                    onChange={(e) => update({ [key]: e.target.value })}
                  />
                )}
              </Field>
            ))}
          </div>
        </EditForm>
        <PreviewPane form={form} />
      </div>
      {advert && (
        <UsageSection texts={t} usage={advert.Usage} keyOf={(u) => u.CampaignId}>
          {(u) => (
            <>
              {' – '}
              {t.usageCampaign}{' '}
              <Link to={staffPath(staffPaths.supportCampaign, u.CampaignId)}>
                „{u.CampaignName}“
              </Link>
            </>
          )}
        </UsageSection>
      )}
      {advert && <AuditHistory url={historyUrl.advert(advert.Id)} version={version} />}
    </StaffPage>
  );
}
