/**
 * The save of the ad manager's edit screens (adverts, campaigns, slots), once: check with the
 * shared schema before sending, keep the input on a failure with the server's message at its
 * field, move a new object to its own address, count saves for the audit history; and the row
 * of the save and delete buttons under each form.
 */
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button/button';
import { FormActions, FormMessage } from '../kit';
import { saveErrorOf, type FieldErrors } from './form-errors';
import { DeleteConfirm, useNotice } from './parts';
import { texts } from './texts';

export interface SaveMessage {
  kind: 'error' | 'success';
  text: string;
}

export interface SaveRun<T> {
  /** Field errors found before sending (null: the form is fine). */
  invalid: FieldErrors | null;
  save: () => Promise<T>;
  /** A new object's address: the screen moves there after the create. */
  createdPath: ((saved: T) => string) | null;
  /** Takes the saved object; returns the success text. */
  onSaved: (saved: T) => string;
}

export function useSaveFlow<T>() {
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
      setMessage({ kind: 'error', text: texts.common.fixErrors });
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
          state: { notice: texts.common.created },
        });
        return;
      }
      const text = onSaved(saved);
      setVersion((v) => v + 1);
      setMessage({ kind: 'success', text });
    } catch (error) {
      const failed = saveErrorOf(error, texts.common.saveFailed);
      setErrors(failed.fields);
      setMessage({ kind: 'error', text: failed.message });
    } finally {
      setBusy(false);
    }
  };

  return { errors, message, busy, version, run };
}

/** The outcome of the last save, "Speichern", and "Löschen" once the object exists. */
export function SaveActions({
  message,
  busy,
  remove,
}: {
  message: SaveMessage | null;
  busy: boolean;
  /** Given once the object exists: the delete question, what goes with it, and the delete. */
  remove: { question: string; detail: ReactNode; onConfirm: () => Promise<void> } | null;
}) {
  return (
    <>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      <FormActions>
        <Button type="submit" disabled={busy}>
          {busy ? texts.common.saving : texts.common.save}
        </Button>
        {remove && <DeleteConfirm {...remove} />}
      </FormActions>
    </>
  );
}
