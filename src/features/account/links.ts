/** The legacy page that sends a password reset link (server/legacy). */
export const FORGOT_PASSWORD_PATH = '/konto/passwort-vergessen';
