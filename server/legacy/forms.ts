/**
 * What the legacy pages accept: their query and their urlencoded forms, validated by
 * the same zod validator as the API. Every field is optional text without NUL and with a bound,
 * so a JSON body, a number, a list (a repeated key) or a NUL is a 400 page before any handler
 * runs; what a person can type wrong (an empty field, a bad e-mail) is still answered by the
 * page itself with its field messages (plugin.ts).
 */
import { z } from 'zod/mini';
import { RETURN_URL_PARAM } from '../../src/api/contract/account';
import { requestText } from '../../src/api/contract/common';
import { CSRF_FIELD } from '../modules/account';

const field = (name: string, max: number) =>
  z.optional(requestText(`${name} muss Text sein.`, z.maxLength(max, `${name} ist zu lang.`)));

/** ?ReturnUrl= of every legacy page (a relative path, decided by safeReturnUrl). */
export const LegacyQuerySchema = z.object({ [RETURN_URL_PARAM]: field('ReturnUrl', 4096) });

const common = {
  [CSRF_FIELD]: field('Das Sicherheitsmerkmal', 200),
  [RETURN_URL_PARAM]: field('ReturnUrl', 4096),
};

/** POST /konto/anmelden-registrieren: the login form or the registration form (Form). */
export const LoginFormSchema = z.object({
  ...common,
  Form: z.optional(z.enum(['login', 'register'], { error: 'Unbekanntes Formular.' })),
  Email: field('Die E-Mail-Adresse', 1000),
  Password: field('Das Kennwort', 1000),
  PasswordRepeat: field('Die Wiederholung des Kennworts', 1000),
  Title1: field('Die Anrede', 40),
  FirstName: field('Der Vorname', 1000),
  LastName: field('Der Nachname', 1000),
});

/** POST /konto/passwort-vergessen */
export const ForgotFormSchema = z.object({ ...common, Email: field('Die E-Mail-Adresse', 1000) });

/** POST /konto/abmelden */
export const LogoutFormSchema = z.object(common);

/** A validated legacy form: absent fields are undefined. */
export type LegacyForm = Partial<Record<string, string>>;
