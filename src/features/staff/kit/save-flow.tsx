/**
 * The save of a staff edit form, once: check with the shared contract schema before sending,
 * keep the input on a failure with the server's message at its field, move a new object to its
 * own address, count saves for the audit history; and the edit form's frame: its section, the
 * outcome of the last save, "Speichern" ("Wird gespeichert …" while it runs) and "Löschen" with
 * its confirmation once the object exists.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { staffPath } from '../../../lib/staff-routes';
import { Button } from '../../../ui/button/button';
import { DeleteConfirm, type DeleteStep } from './confirm';
import { FormActions, FormMessage } from './fields';
import { fieldErrorsOf, saveErrorOf, type FieldErrors } from './form-errors';
import { StaffSection } from './staff-page';
import { kitTexts } from './texts';
import { errorMessage } from './use-staff-data';
import styles from './kit.module.css';

/** A message passed along with a navigation (after create or delete). */
export interface Notice {
  notice?: string;
}

export function useNotice(): string | undefined {
  const location = useLocation();
  const state = location.state as Notice | null;
  return typeof state?.notice === 'string' ? state.notice : undefined;
}

export interface SaveMessage {
  kind: 'error' | 'success';
  text: string;
}

export interface SaveRun<T> {
  /** Field errors found before sending (null: the form is fine). */
  invalid: FieldErrors | null;
  save: () => Promise<T>;
  /** A new object's address: the screen moves there after the create. */
  createdPath?: ((saved: T) => string) | null;
  /** Takes the saved object; returns the success text. */
  onSaved: (saved: T) => string;
}

export interface SaveTexts {
  fixErrors?: string;
  saveFailed?: string;
  /**
   * Only the server's own message, else `saveFailed` (a lost connection says `saveFailed` too);
   * by default any error's message is shown.
   */
  serverMessagesOnly?: boolean;
}

/** The field errors of a contract schema's failed check, or null when it passed. */
export function invalidOf(
  checked:
    { success: true } | { success: false; error: { issues: Parameters<typeof fieldErrorsOf>[0] } },
): FieldErrors | null {
  return checked.success ? null : fieldErrorsOf(checked.error.issues);
}

export function useSaveFlow<T>(saveTexts: SaveTexts = {}) {
  const {
    fixErrors = kitTexts.fixErrors,
    saveFailed = kitTexts.saveFailed,
    serverMessagesOnly = false,
  } = saveTexts;
  const navigate = useNavigate();
  const notice = useNotice();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<SaveMessage | null>(
    notice ? { kind: 'success', text: notice } : null,
  );
  const [busy, setBusy] = useState(false);
  /** Saves so far: the audit history reloads with it. */
  const [version, setVersion] = useState(0);

  const run = async ({ invalid, save, createdPath, onSaved }: SaveRun<T>) => {
    if (invalid) {
      setErrors(invalid);
      setMessage({ kind: 'error', text: fixErrors });
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      const saved = await save();
      if (createdPath) {
        void navigate(createdPath(saved), {
          replace: true,
          state: { notice: kitTexts.created },
        });
        return;
      }
      const text = onSaved(saved);
      setVersion((v) => v + 1);
      setMessage({ kind: 'success', text });
    } catch (error) {
      const failed = saveErrorOf(error, saveFailed);
      setErrors(failed.fields);
      setMessage({
        kind: 'error',
        text: serverMessagesOnly ? errorMessage(error, saveFailed) : failed.message,
      });
    } finally {
      setBusy(false);
    }
  };

  return { errors, message, busy, version, run };
}

/**
 * A create-or-edit screen's state: the object as last saved (null: not created yet), its form,
 * the save flow, the save (a new object moves to its edit address; a saved one and its form are
 * taken as the server returned them) and the delete, which goes back to the list with a notice.
 */
/** Where an object of one kind is edited and listed, and its delete. */
export interface EditTarget {
  /** The edit address of one object, with its id parameter. */
  edit: string;
  list: string;
  remove: (id: number) => Promise<unknown>;
  /** The notice on the list after the delete. */
  deleted: string;
}

export function useEditScreen<T extends { Id: number }, F>(
  loaded: T | null,
  formOf: (object: T | null) => F,
  target: EditTarget,
) {
  const navigate = useNavigate();
  const [object, setObject] = useState(loaded);
  const [form, setForm] = useState<F>(() => formOf(loaded));
  const flow = useSaveFlow<T>();
  const id = object?.Id ?? null;

  const update = (patch: Partial<F>) => setForm((f) => ({ ...f, ...patch }));
  /** A field's value, its error and its change, to spread into a TextField. */
  const bind = <K extends keyof F & string>(key: K) => ({
    value: form[key],
    error: flow.errors[key],
    onChange: (value: F[K]) => update({ [key]: value } as unknown as Partial<F>),
  });

  /** Saves with `save(id)`; `savedText` words the success (default "Gespeichert."). */
  const save = (
    invalid: FieldErrors | null,
    send: (id: number | null) => Promise<T>,
    savedText: (saved: T) => string = () => kitTexts.saved,
  ) =>
    void flow.run({
      invalid,
      save: () => send(id),
      createdPath: id === null ? (saved) => staffPath(target.edit, saved.Id) : null,
      onSaved: (saved) => {
        // Worded first: it may compare the form as sent with what the server kept.
        const text = savedText(saved);
        setObject(saved);
        setForm(formOf(saved));
        return text;
      },
    });

  const remove = async () => {
    if (id === null) return;
    await target.remove(id);
    void navigate(target.list, { state: { notice: target.deleted } });
  };

  const { errors, version } = flow;
  return { object, form, setForm, update, bind, flow, errors, version, save, remove };
}

/** The outcome of the last save, "Speichern", and "Löschen" once the object exists. */
export function SaveActions({
  message,
  busy,
  remove,
  hideSave = false,
}: {
  message: SaveMessage | null;
  busy: boolean;
  /** Given once the object exists: the delete question, what goes with it, and the delete. */
  remove?: DeleteStep | null;
  /** A read-only form: only the outcome. */
  hideSave?: boolean;
}) {
  return (
    <>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      {!hideSave && (
        <FormActions>
          <Button type="submit" disabled={busy}>
            {busy ? kitTexts.saving : kitTexts.save}
          </Button>
          {remove && <DeleteConfirm {...remove} />}
        </FormActions>
      )}
    </>
  );
}

/**
 * The edit form's frame: a form (browser checks off: the schema's German messages stand at the
 * fields) in a titled section, the fields, then `SaveActions`.
 */
export function EditForm({
  title,
  onSubmit,
  flow,
  remove,
  children,
}: {
  /** The section's heading; none: the children bring their own sections. */
  title?: string;
  onSubmit: () => void;
  flow: { message: SaveMessage | null; busy: boolean };
  remove?: DeleteStep | null;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const actions = <SaveActions message={flow.message} busy={flow.busy} remove={remove} />;
  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      {title === undefined ? (
        <>
          {children}
          {actions}
        </>
      ) : (
        <StaffSection title={title}>
          {children}
          {actions}
        </StaffSection>
      )}
    </form>
  );
}
