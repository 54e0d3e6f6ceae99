/** The legacy pages: login + registration side by side, password forgotten, errors. */
import { CSRF_FIELD } from '../modules/account';
import { LOGIN_PATH, RETURN_URL_PARAM } from '../../src/api/contract/account';
import { alert, esc, field, hidden, notice, page, withReturnUrl } from './html';
import { texts } from './texts';

export const FORGOT_PATH = '/konto/passwort-vergessen';
export const LOGOUT_PATH = '/konto/abmelden';

export interface RegisterValues {
  title1: string;
  firstName: string;
  lastName: string;
  email: string;
}

export type RegisterErrors = Partial<
  Record<keyof RegisterValues | 'password' | 'passwordRepeat', string>
>;

export interface LoginPageState {
  csrf: string;
  returnUrl: string;
  /** Signed in already (legacy session): offer "Weiter" and "Abmelden" instead of the forms. */
  signedInAs?: string;
  login?: { email: string; error?: string };
  register?: { values: RegisterValues; errors: RegisterErrors; formError?: string };
  /** A page-wide problem (CSRF failed). */
  pageError?: string;
}

function salutationSelect(value: string): string {
  const option = (v: string, label: string) =>
    `<option value="${esc(v)}"${v === value ? ' selected' : ''}>${esc(label)}</option>`;
  return `<div class="field">
<label for="registrieren-anrede">${esc(texts.salutation)}</label>
<select id="registrieren-anrede" name="Title1" autocomplete="honorific-prefix">
${option('', texts.salutationNone)}${option('Frau', texts.salutationWoman)}${option('Herr', texts.salutationMan)}
</select>
</div>`;
}

export function loginPage(s: LoginPageState): string {
  const action = esc(withReturnUrl(LOGIN_PATH, s.returnUrl));
  const common = hidden(CSRF_FIELD, s.csrf) + hidden(RETURN_URL_PARAM, s.returnUrl);
  if (s.signedInAs) {
    return page(
      texts.titleLogin,
      `<h1>${esc(texts.titleLogin)}</h1>
<div class="card narrow">
<p>${esc(texts.loggedInAs(s.signedInAs))}</p>
<div class="actions">
<a class="button primary" href="${esc(s.returnUrl)}">${esc(texts.continue)}</a>
<form method="post" action="${esc(withReturnUrl(LOGOUT_PATH, s.returnUrl))}">${common}<button class="button secondary" type="submit">${esc(texts.logout)}</button></form>
</div>
</div>`,
    );
  }
  const login = s.login ?? { email: '' };
  const reg = s.register ?? {
    values: { title1: '', firstName: '', lastName: '', email: '' },
    errors: {},
  };
  const e = reg.errors;
  // After a failed registration the first problem gets the focus (and the scroll on phones,
  // where the registration sits below the login).
  const firstError = (
    ['firstName', 'lastName', 'email', 'password', 'passwordRepeat'] as const
  ).find((k) => e[k]);
  const focus = (key: string) => firstError === key;
  return page(
    texts.titleLogin,
    `<h1>${esc(texts.titleLogin)}</h1>
<p class="lead">${esc(texts.intro)}</p>
${alert(s.pageError)}
<div class="columns">
<section class="card" aria-labelledby="anmelden-titel">
<h2 id="anmelden-titel">${esc(texts.loginHeading)}</h2>
<p>${esc(texts.loginLead)}</p>
${alert(login.error)}
<form method="post" action="${action}" novalidate>
${common}${hidden('Form', 'login')}
${field({ id: 'anmelden-email', name: 'Email', label: texts.email, type: 'email', value: login.email, autocomplete: 'username', autofocus: login.error !== undefined || !s.register })}
${field({ id: 'anmelden-kennwort', name: 'Password', label: texts.password, type: 'password', autocomplete: 'current-password' })}
<button class="button primary" type="submit">${esc(texts.loginButton)}</button>
</form>
<p class="aside"><a href="${esc(withReturnUrl(FORGOT_PATH, s.returnUrl))}">${esc(texts.forgotLink)}</a></p>
</section>
<section class="card" aria-labelledby="registrieren-titel">
<h2 id="registrieren-titel">${esc(texts.registerHeading)}</h2>
<p>${esc(texts.registerLead)}</p>
${alert(reg.formError)}
<form method="post" action="${action}" novalidate>
${common}${hidden('Form', 'register')}
${salutationSelect(reg.values.title1)}
<div class="row">
${field({ id: 'registrieren-vorname', name: 'FirstName', label: texts.firstName, value: reg.values.firstName, error: e.firstName, autocomplete: 'given-name', autofocus: focus('firstName') })}
${field({ id: 'registrieren-nachname', name: 'LastName', label: texts.lastName, value: reg.values.lastName, error: e.lastName, autocomplete: 'family-name', autofocus: focus('lastName') })}
</div>
${field({ id: 'registrieren-email', name: 'Email', label: texts.email, type: 'email', value: reg.values.email, error: e.email, autocomplete: 'email', autofocus: focus('email') })}
${field({ id: 'registrieren-kennwort', name: 'Password', label: texts.passwordNew, type: 'password', error: e.password, autocomplete: 'new-password', autofocus: focus('password') })}
${field({ id: 'registrieren-kennwort2', name: 'PasswordRepeat', label: texts.passwordRepeat, type: 'password', error: e.passwordRepeat, autocomplete: 'new-password', autofocus: focus('passwordRepeat') })}
<button class="button primary" type="submit">${esc(texts.registerButton)}</button>
</form>
</section>
</div>`,
  );
}

export interface ForgotPageState {
  csrf: string;
  returnUrl: string;
  email: string;
  sent?: boolean;
  error?: string;
  pageError?: string;
}

export function forgotPage(s: ForgotPageState): string {
  return page(
    texts.titleForgot,
    `<h1>${esc(texts.titleForgot)}</h1>
<div class="card narrow">
${alert(s.pageError)}
${s.sent ? notice(texts.forgotSent) : `<p>${esc(texts.forgotLead)}</p>`}
<form method="post" action="${esc(withReturnUrl(FORGOT_PATH, s.returnUrl))}" novalidate>
${hidden(CSRF_FIELD, s.csrf)}${hidden(RETURN_URL_PARAM, s.returnUrl)}
${field({ id: 'vergessen-email', name: 'Email', label: texts.email, type: 'email', value: s.email, error: s.error, autocomplete: 'email', autofocus: !s.sent })}
<button class="button primary" type="submit">${esc(texts.forgotButton)}</button>
</form>
<p class="aside"><a href="${esc(withReturnUrl(LOGIN_PATH, s.returnUrl))}">${esc(texts.backToLogin)}</a></p>
</div>`,
  );
}

/**
 * What the service worker shows for a /konto/ page offline (precached, so it never
 * shows anyone's data). "Erneut versuchen" is a link to the address it stands in for (href="").
 */
export function offlinePage(): string {
  return page(
    texts.titleOffline,
    `<h1>${esc(texts.titleOffline)}</h1>
<div class="card narrow">
<p>${esc(texts.offline)}</p>
<p>${esc(texts.offlineNext)}</p>
<div class="actions">
<a class="button primary" href="">${esc(texts.offlineRetry)}</a>
<a class="button secondary" href="/">${esc(texts.toHome)}</a>
</div>
</div>`,
  );
}

/** SPEC §2/§8: an unknown page of the legacy layer (404), with the ways back. */
export function notFoundPage(): string {
  return page(
    texts.titleNotFound,
    `<h1>${esc(texts.titleNotFound)}</h1>
<div class="card narrow">
<p><strong lang="en">${esc(texts.notFoundSpec)}</strong></p>
<p>${esc(texts.notFound)}</p>
<div class="actions">
<a class="button primary" href="${esc(LOGIN_PATH)}">${esc(texts.toLogin)}</a>
<a class="button secondary" href="/">${esc(texts.toHome)}</a>
</div>
</div>`,
  );
}
