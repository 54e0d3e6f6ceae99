/**
 * SPEC §3 (Logged-in user, Auth state, Token refresh request) and §7 (account, jwt and session
 * calls). How the pieces fit (cookies, tokens, CSRF) is in docs/decisions/008-sessions-and-tokens.md.
 */
import { z } from 'zod/mini';
import { requestId, requestText, SuccessResponseSchema, textLength } from './common';

export * from './account-constants';

// ---------------------------------------------------------------------------------------------
// Token claims (SPEC §3 Logged-in user). Flags may arrive as booleans or as boolean text
// ("True", "ja", "1": SPEC §5), so the schema keeps them loose and the readers parse them.

const Flag = z.optional(z.union([z.boolean(), z.string()]));

export const TokenClaimsSchema = z.object({
  sub: z.string(),
  id: z.union([z.number(), z.string()]),
  title1: z.optional(z.string()),
  title2: z.optional(z.string()),
  /** SPEC §6: the role claim, a single value or a list. */
  role: z.optional(z.union([z.string(), z.array(z.string())])),
  isImpersonatedS: Flag,
  hasMexEnabled: Flag,
  hasAnyOrder: Flag,
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  isAdManager: Flag,
  /** Staff may see support info (SPEC §6 AllowSupportInfo). */
  allowSupportInfo: Flag,
  exp: z.number(),
  iat: z.optional(z.number()),
});
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;

// ---------------------------------------------------------------------------------------------
// SPEC §7 calls.

/** POST /api/account/anmelden-cookie */
export const CookieLoginRequestSchema = z.object({
  Type: z.enum(['v4', 'legacy'], { error: "Type muss 'v4' oder 'legacy' sein." }),
  /**
   * The cookie value. Empty: the server reads the cookie itself (the legacy cookie is HttpOnly,
   * so the app cannot send its value).
   */
  AuthCookieValue: requestText(
    'AuthCookieValue muss als Text angegeben werden.',
    z.maxLength(4096, 'AuthCookieValue ist zu lang.'),
  ),
});
export type CookieLoginRequest = z.infer<typeof CookieLoginRequestSchema>;

export const CookieLoginResponseSchema = z.object({
  success: z.boolean(),
  token: z.nullable(z.string()),
});
export type CookieLoginResponse = z.infer<typeof CookieLoginResponseSchema>;

/** POST /api/account/v2/get/token and /api/account/get/token (SPEC §3 Token refresh request). */
export const TokenRefreshRequestSchema = z.object({
  CurrentToken: requestText(
    'CurrentToken muss als Text angegeben werden.',
    z.maxLength(4096, 'CurrentToken ist zu lang.'),
  ),
  /** Only /api/account/get/token; the app's v2 call relies on the HttpOnly cookie instead. */
  RefreshToken: z.optional(
    requestText(
      'RefreshToken muss als Text angegeben werden.',
      z.maxLength(512, 'RefreshToken ist zu lang.'),
    ),
  ),
});
export type TokenRefreshRequest = z.infer<typeof TokenRefreshRequestSchema>;

export const TokenRefreshResponseSchema = z.object({
  success: z.boolean(),
  /** The app must reload (the user behind the session changed, e.g. impersonation ended). */
  reload: z.boolean(),
  token: z.nullable(z.string()),
});
export type TokenRefreshResponse = z.infer<typeof TokenRefreshResponseSchema>;

/** POST /api/account/jwt/abmelden */
export const LogoutResponseSchema = z.object({
  Success: z.boolean(),
  /** Impersonation ended: the session now belongs to the staff user again; the app reloads. */
  UserSwitched: z.boolean(),
});
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;

/** GET /api/jwt/kunde/hat-bestellungen */
export const HasOrdersResponseSchema = z.boolean();

/** POST /api/jwt/kunde/set/favourite: UserId is the dealer to mark (SPEC §3: IsFavourite, Id). */
export const SetFavouriteRequestSchema = z.object({
  UserId: requestId('UserId'),
  State: z.boolean(),
});
export type SetFavouriteRequest = z.infer<typeof SetFavouriteRequestSchema>;

export const SetFavouriteResponseSchema = z.object({ Success: z.boolean(), State: z.boolean() });
export type SetFavouriteResponse = z.infer<typeof SetFavouriteResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Password reset (app page /neues-kennwort-setzen/{token}; the link comes from the e-mail that
// the legacy page /konto/passwort-vergessen sends).

/** SPEC-independent product rule, shared with the registration form: at least 10 characters. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export const PasswordSchema = requestText(
  'Bitte geben Sie ein Kennwort ein.',
  ...textLength('Das Kennwort', PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH),
);

/** The token from the link: 32 random bytes, base64url. */
export const ResetTokenSchema = requestText(
  'Der Link ist ungültig.',
  z.minLength(1, 'Der Link ist unvollständig.'),
  z.maxLength(128, 'Der Link ist ungültig.'),
);

/** GET /api/account/kennwort/{token} */
export const PasswordResetCheckParamsSchema = z.object({ token: ResetTokenSchema });
export const PasswordResetCheckResponseSchema = z.object({
  /** Unused and not expired (60 minutes). */
  Valid: z.boolean(),
});
export type PasswordResetCheckResponse = z.infer<typeof PasswordResetCheckResponseSchema>;

/** POST /api/account/kennwort: single use; signs the user out everywhere. */
export const PasswordResetRequestSchema = z.object({
  Token: ResetTokenSchema,
  Password: PasswordSchema,
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;
/** 400 { message } when the token is unknown, used or expired. */
export const PasswordResetResponseSchema = SuccessResponseSchema;
export type PasswordResetResponse = z.infer<typeof PasswordResetResponseSchema>;
