/**
 * /support/user/list (SPEC §2 support area, §6 support guard): search users by name or e-mail
 * and act as a customer (impersonation). The search runs 300 ms after the last keystroke, a
 * newer search cancels the older one, and the query lives in the address (?query=), so a reload
 * or the back button keeps it.
 */
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SUPPORT_USER_SEARCH_LIMIT, type SupportUser } from '../../../api/contract/support';
import { staffPath, staffPaths } from '../../../lib/staff-routes';
import { Button, ButtonLink } from '../../../ui/button/button';
import { StaffPage } from '../kit';
import { searchUsers } from './api';
import { canImpersonate, roleLabel } from './roles';
import { texts } from './texts';
import { useImpersonate } from './use-impersonate';
import kit from '../kit/kit.module.css';
import styles from './user-list-page.module.css';

/** Typing pauses this long before a search goes out (a support tool, not SPEC §9's 1500 ms form). */
export const SEARCH_DEBOUNCE_MS = 300;

type SearchResult =
  | { key: string; status: 'error'; message: string }
  | { key: string; status: 'done'; query: string; users: SupportUser[] };

type SearchState = { status: 'loading' } | SearchResult;

function fullName(user: SupportUser): string {
  return `${user.FirstName} ${user.LastName}`.trim() || texts.noName;
}

function ImpersonateButton({ user }: { user: SupportUser }) {
  const { busy, error, start } = useImpersonate();
  if (!canImpersonate(user.Roles)) return <span className={kit.muted}>{texts.staffOnly}</span>;
  return (
    <div className={styles.action}>
      {/* The visible words start the name, the customer follows for screen readers (
          an aria-label without the visible words failed label-content-name-mismatch). */}
      <Button variant="secondary" disabled={busy} onClick={() => void start(user.Id)}>
        {busy ? texts.impersonating : texts.impersonate}
        <span className="visually-hidden">{texts.impersonateWhom(fullName(user))}</span>
      </Button>
      {error && (
        <p className={kit.fieldError} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function UserListPage() {
  const [params, setParams] = useSearchParams();
  const initialQuery = params.get('query') ?? '';
  const [input, setInput] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<SearchResult | null>(null);
  // The answer for an older query or attempt is not shown: the newer search is still loading.
  const key = `${attempt}:${query}`;
  const state: SearchState = result?.key === key ? result : { status: 'loading' };
  const inputId = useId();
  const statusId = useId();

  // Debounce typing into the query that is searched for.
  useEffect(() => {
    const trimmed = input.trim();
    if (trimmed === query) return;
    const timer = setTimeout(() => setQuery(trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, query]);

  useEffect(() => {
    setParams(query ? { query } : {}, { replace: true });
  }, [query, setParams]);

  useEffect(() => {
    const controller = new AbortController();
    searchUsers(query, controller.signal).then(
      (users) => setResult({ key, status: 'done', query, users }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({
          key,
          status: 'error',
          message: error instanceof Error && error.message ? error.message : texts.error,
        });
      },
    );
    return () => controller.abort();
  }, [query, key]);

  // In the support frame, with its side menu (this page had none).
  return (
    <StaffPage title={texts.title} intro={<p>{texts.lead}</p>}>
      <form
        className={kit.search}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(input.trim());
        }}
      >
        <label htmlFor={inputId}>{texts.searchLabel}</label>
        <input
          id={inputId}
          type="search"
          value={input}
          placeholder={texts.searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          aria-describedby={statusId}
          onChange={(event) => setInput(event.target.value)}
        />
      </form>
      <p id={statusId} className={kit.status} role="status">
        {state.status === 'loading'
          ? texts.searching
          : state.status === 'done'
            ? texts.resultCount(state.users.length, SUPPORT_USER_SEARCH_LIMIT)
            : ''}
      </p>
      {state.status === 'error' && (
        <div className={kit.alertBox} role="alert">
          <p>
            {texts.error} {state.message !== texts.error && state.message}
          </p>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {texts.retry}
          </Button>
        </div>
      )}
      {state.status === 'done' && state.users.length === 0 && (
        <div className={kit.emptyBox}>
          <p>
            <strong>{texts.empty(state.query)}</strong>
          </p>
          {state.query && <p className={kit.muted}>{texts.emptyHint}</p>}
        </div>
      )}
      {state.status === 'loading' && <div className={kit.skeleton} aria-hidden="true" />}
      {state.status === 'done' && state.users.length > 0 && (
        <table className={kit.cardTable}>
          <thead>
            <tr>
              <th scope="col">{texts.columns.name}</th>
              <th scope="col">{texts.columns.email}</th>
              <th scope="col">{texts.columns.roles}</th>
              <th scope="col">
                <span className="visually-hidden">{texts.columns.action}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {state.users.map((user) => (
              <tr key={user.Id}>
                <th scope="row" data-label={texts.columns.name}>
                  {fullName(user)}
                </th>
                <td data-label={texts.columns.email}>{user.Email}</td>
                <td data-label={texts.columns.roles}>
                  <ul className={styles.roles}>
                    {user.Roles.map((role) => (
                      <li key={role}>{roleLabel(role)}</li>
                    ))}
                  </ul>
                </td>
                <td>
                  <div className={styles.rowActions}>
                    <ButtonLink
                      variant="ghost"
                      to={staffPath(staffPaths.supportUserEdit, user.Id)}
                      aria-label={texts.editLabel(fullName(user))}
                    >
                      {texts.edit}
                    </ButtonLink>
                    <ImpersonateButton user={user} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </StaffPage>
  );
}
