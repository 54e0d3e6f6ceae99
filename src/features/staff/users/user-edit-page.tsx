/**
 * /support/benutzer/{id}/bearbeiten (support guard): one account's salutation, names
 * and e-mail (checked with the contract's schema here and on the server), its roles (admins
 * only: the checkboxes follow the session's roles, the server checks again), lock and unlock,
 * the set-new-password mail, acting as the customer, and the audit log. A failed save keeps
 * what was typed and shows the server's German message at the field.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { CUSTOMER_ROLES, STAFF_ROLE_NAMES } from '../../../api/contract/account';
import {
  SALUTATIONS,
  SupportUserUpdateSchema,
  type SupportUserDetail,
  type SupportUserUpdate,
} from '../../../api/contract/support';
import { staffPaths } from '../../../lib/staff-routes';
import { hasStaffRole, isAdmin } from '../../../lib/roles';
import { Button } from '../../../ui/button/button';
import {
  AuditHistory,
  Badge,
  CheckField,
  ChoiceGroup,
  Confirm,
  errorMessage,
  Field,
  FormActions,
  FormMessage,
  formatDateTime,
  formGridClass,
  invalidOf,
  LoadedScreen,
  SaveActions,
  StaffPage,
  StaffSection,
  useSaveFlow,
  useStaffData,
  type SaveMessage,
} from '../kit';
import styles from '../kit/kit.module.css';
import { sessionState } from '../../session';
import {
  fetchUser,
  sendPasswordMail,
  setUserLocked,
  setUserRoles,
  updateUser,
  userHistoryUrl,
} from './api';
import { roleLabel } from './roles';
import { texts } from './texts';
import { useImpersonate } from './use-impersonate';

const t = texts.userEdit;

type Message = SaveMessage;

function fullName(user: Pick<SupportUserDetail, 'FirstName' | 'LastName' | 'Email'>): string {
  return `${user.FirstName} ${user.LastName}`.trim() || user.Email;
}

function formOf(user: SupportUserDetail): SupportUserUpdate {
  return {
    // A salutation the form does not offer stays as stored; the server explains a refusal.
    Title1: user.Title1 as SupportUserUpdate['Title1'],
    FirstName: user.FirstName,
    LastName: user.LastName,
    Email: user.Email,
  };
}

/** Role names of the stored roles (staff without prefix), and the ones this app does not know. */
function roleNamesOf(roles: readonly string[]): { names: Set<string>; unknown: string[] } {
  const names = new Set<string>();
  const unknown: string[] = [];
  for (const role of roles) {
    if ((CUSTOMER_ROLES as readonly string[]).includes(role)) names.add(role);
    else {
      const staff = STAFF_ROLE_NAMES.find((name) => hasStaffRole([role], name));
      if (staff) names.add(staff);
      else unknown.push(role);
    }
  }
  return { names, unknown };
}

export function UserEditPage() {
  const { id } = useParams();
  const userId = Number(id);
  const data = useStaffData(
    (signal) => fetchUser(userId, signal),
    `support-user-${id}`,
    t.loadFailed,
  );
  return (
    <LoadedScreen
      data={data}
      title={t.titleLoading}
      back={{ to: staffPaths.supportUserList, label: t.back }}
      texts={t}
    >
      {(user) => <UserScreen key={id} loaded={user} />}
    </LoadedScreen>
  );
}

function UserScreen({ loaded }: { loaded: SupportUserDetail }) {
  const [user, setUser] = useState(loaded);
  // Bumped after every change, so the audit log below loads again.
  const [version, setVersion] = useState(0);
  const changed = (next: SupportUserDetail) => {
    setUser(next);
    setVersion((v) => v + 1);
  };
  return (
    <StaffPage
      title={t.title(fullName(user))}
      intro={<p>{t.intro}</p>}
      back={{ to: staffPaths.supportUserList, label: t.back }}
    >
      <Facts user={user} />
      <PersonalForm user={user} onSaved={changed} />
      <RolesForm user={user} onSaved={changed} />
      <Access user={user} onChanged={changed} onMailed={() => setVersion((v) => v + 1)} />
      <AuditHistory url={userHistoryUrl(user.Id)} version={version} />
    </StaffPage>
  );
}

function Facts({ user }: { user: SupportUserDetail }) {
  return (
    <StaffSection title={t.facts}>
      <dl className={styles.facts}>
        <div>
          <dt>{t.id}</dt>
          <dd>{user.Id}</dd>
        </div>
        <div>
          <dt>{t.createdAt}</dt>
          <dd>{formatDateTime(user.CreatedAt)}</dd>
        </div>
        <div>
          <dt>{t.status}</dt>
          <dd>
            <Badge tone={user.Active ? 'success' : 'danger'}>
              {user.Active ? t.active : t.locked}
            </Badge>
          </dd>
        </div>
        <div>
          <dt>{t.mex}</dt>
          <dd>{user.HasMexEnabled ? t.mexOn : t.mexOff}</dd>
        </div>
      </dl>
    </StaffSection>
  );
}

function PersonalForm({
  user,
  onSaved,
}: {
  user: SupportUserDetail;
  onSaved: (user: SupportUserDetail) => void;
}) {
  const [form, setForm] = useState(() => formOf(user));
  // A failed save keeps what was typed; only the server's own words, else t.saveFailed.
  const { errors, message, busy, run } = useSaveFlow<SupportUserDetail>({
    fixErrors: t.fixErrors,
    saveFailed: t.saveFailed,
    serverMessagesOnly: true,
  });
  const update = (patch: Partial<SupportUserUpdate>) => setForm((f) => ({ ...f, ...patch }));
  const readOnly = !user.CanEdit;
  const locked = readOnly;
  const salutations: string[] = [...SALUTATIONS];
  if (!salutations.includes(form.Title1)) salutations.push(form.Title1);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = SupportUserUpdateSchema.safeParse(form);
    void run({
      invalid: invalidOf(checked),
      save: () => updateUser(user.Id, checked.success ? checked.data : form),
      onSaved: (saved) => {
        setForm(formOf(saved));
        onSaved(saved);
        return t.saved;
      },
    });
  };

  const salutationLabel = (value: string) =>
    value === ''
      ? t.salutationNone
      : value === 'Frau'
        ? t.salutationWoman
        : value === 'Herr'
          ? t.salutationMan
          : value;

  return (
    <StaffSection title={t.personal}>
      {readOnly && <p className={styles.muted}>{t.staffReadOnly}</p>}
      <form className={styles.stack} onSubmit={submit} noValidate>
        <fieldset className={styles.fieldset}>
          <legend className="visually-hidden">{t.personal}</legend>
          <div className={formGridClass}>
            <Field label={t.salutation} error={errors.Title1}>
              {(a11y) => (
                <select
                  {...a11y}
                  disabled={locked}
                  value={form.Title1}
                  autoComplete="off"
                  onChange={(e) =>
                    update({ Title1: e.target.value as SupportUserUpdate['Title1'] })
                  }
                >
                  {salutations.map((s) => (
                    <option key={s} value={s}>
                      {salutationLabel(s)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t.firstName} error={errors.FirstName}>
              {(a11y) => (
                <input
                  {...a11y}
                  disabled={locked}
                  value={form.FirstName}
                  maxLength={100}
                  autoComplete="off"
                  onChange={(e) => update({ FirstName: e.target.value })}
                />
              )}
            </Field>
            <Field label={t.lastName} error={errors.LastName}>
              {(a11y) => (
                <input
                  {...a11y}
                  disabled={locked}
                  value={form.LastName}
                  maxLength={100}
                  autoComplete="off"
                  onChange={(e) => update({ LastName: e.target.value })}
                />
              )}
            </Field>
            <Field label={t.email} hint={t.emailHint} error={errors.Email}>
              {(a11y) => (
                <input
                  {...a11y}
                  disabled={locked}
                  type="email"
                  value={form.Email}
                  maxLength={254}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(e) => update({ Email: e.target.value })}
                />
              )}
            </Field>
          </div>
        </fieldset>
        <SaveActions message={message} busy={busy} hideSave={readOnly} />
      </form>
    </StaffSection>
  );
}

function RolesForm({
  user,
  onSaved,
}: {
  user: SupportUserDetail;
  onSaved: (user: SupportUserDetail) => void;
}) {
  const session = useSnapshot(sessionState);
  const mayEdit = isAdmin(session.User?.roles ?? []);
  const stored = roleNamesOf(user.Roles);
  const [selected, setSelected] = useState(() => stored.names);
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (name: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (selected.size === 0) {
      setMessage({ kind: 'error', text: t.rolesNone });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const roles = [...CUSTOMER_ROLES, ...STAFF_ROLE_NAMES].filter((r) => selected.has(r));
      const saved = await setUserRoles(user.Id, roles);
      setSelected(roleNamesOf(saved.Roles).names);
      setMessage({ kind: 'success', text: t.rolesSaved });
      onSaved(saved);
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error, t.rolesFailed) });
    } finally {
      setBusy(false);
    }
  };

  const group = (legend: string, names: readonly string[]) => (
    <ChoiceGroup legend={legend} grid>
      {names.map((name) => (
        <CheckField
          key={name}
          label={roleLabel(name)}
          checked={selected.has(name)}
          disabled={!mayEdit || busy}
          onChange={(on) => toggle(name, on)}
        />
      ))}
    </ChoiceGroup>
  );

  return (
    <StaffSection title={t.roles}>
      {!mayEdit && <p className={styles.muted}>{t.rolesAdminOnly}</p>}
      <form className={styles.stack} onSubmit={(e) => void submit(e)}>
        {group(t.customerRoles, CUSTOMER_ROLES)}
        {group(t.staffRoles, STAFF_ROLE_NAMES)}
        {stored.unknown.length > 0 && (
          <p className={styles.muted}>{t.rolesUnknown(stored.unknown.join(', '))}</p>
        )}
        {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
        {mayEdit && (
          <FormActions>
            <Button type="submit" disabled={busy}>
              {busy ? t.saving : t.rolesSave}
            </Button>
          </FormActions>
        )}
      </form>
    </StaffSection>
  );
}

function Access({
  user,
  onChanged,
  onMailed,
}: {
  user: SupportUserDetail;
  onChanged: (user: SupportUserDetail) => void;
  onMailed: () => void;
}) {
  const [confirmLock, setConfirmLock] = useState(false);
  const [busy, setBusy] = useState<'lock' | 'mail' | null>(null);
  const [lockMessage, setLockMessage] = useState<Message | null>(null);
  const [mailMessage, setMailMessage] = useState<Message | null>(null);
  const impersonation = useImpersonate();

  const setLocked = async (locked: boolean) => {
    setBusy('lock');
    setLockMessage(null);
    try {
      const next = await setUserLocked(user.Id, locked);
      setConfirmLock(false);
      setLockMessage({ kind: 'success', text: locked ? t.lockedDone : t.unlockedDone });
      onChanged(next);
    } catch (error) {
      setLockMessage({ kind: 'error', text: errorMessage(error, t.lockFailed) });
    } finally {
      setBusy(null);
    }
  };

  const mail = async () => {
    setBusy('mail');
    setMailMessage(null);
    try {
      if (!(await sendPasswordMail(user.Id))) throw new Error(t.passwordMailFailed);
      setMailMessage({ kind: 'success', text: t.passwordMailSent(user.Email) });
      onMailed();
    } catch (error) {
      setMailMessage({ kind: 'error', text: errorMessage(error, t.passwordMailFailed) });
    } finally {
      setBusy(null);
    }
  };

  let lockControl: ReactNode;
  if (!user.CanEdit) lockControl = <p className={styles.muted}>{t.staffReadOnly}</p>;
  else if (!user.Active) {
    lockControl = (
      <Button variant="secondary" disabled={busy !== null} onClick={() => void setLocked(false)}>
        {t.unlock}
      </Button>
    );
  } else if (confirmLock) {
    lockControl = (
      <Confirm
        question={t.lockConfirm}
        yes={t.lockYes}
        no={t.cancel}
        busy={busy === 'lock'}
        onConfirm={() => void setLocked(true)}
        onCancel={() => setConfirmLock(false)}
      />
    );
  } else {
    lockControl = (
      <Button variant="secondary" disabled={busy !== null} onClick={() => setConfirmLock(true)}>
        {t.lock}
      </Button>
    );
  }

  return (
    <StaffSection title={t.access}>
      <ul className={styles.actionList}>
        <li>
          {lockControl}
          <p className={styles.muted}>{t.lockHint}</p>
          {lockMessage && <FormMessage kind={lockMessage.kind}>{lockMessage.text}</FormMessage>}
        </li>
        <li>
          <Button
            variant="secondary"
            disabled={busy !== null || !user.Active}
            onClick={() => void mail()}
          >
            {busy === 'mail' ? t.passwordMailSending : t.passwordMail}
          </Button>
          <p className={styles.muted}>{t.passwordMailHint}</p>
          {mailMessage && <FormMessage kind={mailMessage.kind}>{mailMessage.text}</FormMessage>}
        </li>
        <li>
          <Button
            variant="secondary"
            disabled={!user.CanImpersonate || impersonation.busy}
            onClick={() => void impersonation.start(user.Id)}
          >
            {impersonation.busy ? texts.impersonating : t.impersonate}
          </Button>
          <p className={styles.muted}>
            {user.CanImpersonate ? t.impersonateHint : t.impersonateNotPossible}
          </p>
          {impersonation.error && <FormMessage kind="error">{impersonation.error}</FormMessage>}
        </li>
      </ul>
    </StaffSection>
  );
}
