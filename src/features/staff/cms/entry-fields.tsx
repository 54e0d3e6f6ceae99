/**
 * The CMS editor's fields: title, address (with a suggestion from the title), teaser, country,
 * for an article its author, tags and the featured mark, and the picture with its text.
 */
import { useState, type Dispatch, type SetStateAction } from 'react';
import { cmsEntryPath, slugify, type CmsKind } from '../../../api/contract/cms';
import { Button } from '../../../ui/button/button';
import { CheckField, Field, formGridClass, StaffSection, TextField } from '../kit';
import type { CmsForm } from './drafts';
import { ImagePanel } from './markdown-editor';
import { texts } from './texts';
import type { FieldErrors } from './use-entry-actions';
import styles from './cms.module.css';

export function EntryFields({
  kind,
  form,
  setForm,
  set,
  fieldErrors,
  builtIn,
}: {
  kind: CmsKind;
  form: CmsForm;
  setForm: Dispatch<SetStateAction<CmsForm>>;
  set: <K extends keyof CmsForm>(field: K, value: CmsForm[K]) => void;
  fieldErrors: FieldErrors;
  builtIn: boolean;
}) {
  const [imagePanel, setImagePanel] = useState(false);
  const address = cmsEntryPath(kind, form.Slug || '…');
  /** A text field's value, error and change, to spread into a TextField. */
  const bind = (key: 'Title' | 'Author' | 'TagsText' | 'ImageAlt') => ({
    value: form[key],
    error: fieldErrors[key],
    onChange: (value: string) => set(key, value),
  });
  return (
    <StaffSection title={texts.fieldsTitle}>
      <div className={formGridClass}>
        <TextField label={texts.fieldTitle} {...bind('Title')} required maxLength={200} />
        <Field
          label={texts.fieldSlug}
          hint={builtIn ? texts.slugFixed : texts.slugHint(address)}
          error={fieldErrors.Slug}
        >
          {(a11y) => (
            <div className={styles.slugRow}>
              <input
                {...a11y}
                type="text"
                value={form.Slug}
                readOnly={builtIn}
                required
                autoCapitalize="none"
                spellCheck={false}
                maxLength={120}
                onChange={(e) => set('Slug', e.target.value.toLowerCase())}
              />
              {!builtIn && (
                <Button
                  variant="ghost"
                  disabled={!form.Title.trim()}
                  onClick={() => set('Slug', slugify(form.Title))}
                >
                  {texts.suggestSlug}
                </Button>
              )}
            </div>
          )}
        </Field>
        <Field
          label={kind === 'page' ? texts.fieldTeaserPage : texts.fieldTeaserArticle}
          hint={texts.teaserHint}
          wide
        >
          {(a11y) => (
            <textarea
              {...a11y}
              className={`${a11y.className} ${styles.teaser}`}
              value={form.Teaser}
              maxLength={600}
              rows={2}
              onChange={(e) => set('Teaser', e.target.value)}
            />
          )}
        </Field>
        <Field label={texts.fieldCountry}>
          {(a11y) => (
            <select
              {...a11y}
              value={form.CountryId ?? ''}
              onChange={(e) => set('CountryId', e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{texts.countryAll}</option>
              {[1, 2, 3].map((c) => (
                <option key={c} value={c}>
                  {texts.country[c]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {kind === 'article' && (
          <>
            <TextField label={texts.fieldAuthor} {...bind('Author')} maxLength={120} />
            <TextField label={texts.fieldTags} hint={texts.tagsHint} {...bind('TagsText')} />
            <CheckField
              label={texts.fieldFeatured}
              checked={form.Featured}
              onChange={(v) => set('Featured', v)}
            />
          </>
        )}
        <div className={styles.imageField}>
          <p className={styles.fieldLabel}>{texts.fieldImage}</p>
          {form.ImagePath ? (
            <div className={styles.imageRow}>
              <img src={form.ImagePath} alt={form.ImageAlt} className={styles.thumb} />
              <code className={styles.address}>{form.ImagePath}</code>
              <Button variant="ghost" onClick={() => set('ImagePath', null)}>
                {texts.imageRemove}
              </Button>
            </div>
          ) : (
            <p className={styles.muted}>{texts.imageNone}</p>
          )}
          {imagePanel ? (
            <ImagePanel
              submitLabel={texts.imageUpload}
              onCancel={() => setImagePanel(false)}
              onInsert={(path, alt) => {
                setImagePanel(false);
                setForm((f) => ({ ...f, ImagePath: path, ImageAlt: alt }));
              }}
            />
          ) : (
            <Button variant="secondary" onClick={() => setImagePanel(true)}>
              {texts.imageUpload}
            </Button>
          )}
        </div>
        {form.ImagePath && (
          <TextField
            label={texts.fieldImageAlt}
            hint={texts.imageAltHint}
            {...bind('ImageAlt')}
            maxLength={300}
          />
        )}
      </div>
    </StaffSection>
  );
}
