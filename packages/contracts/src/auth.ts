import { z } from 'zod';
import { defineRoute, permissions } from './route';

export const userRoles = ['admin', 'manager', 'internal', 'user'] as const;
export const UserRole = z.enum(userRoles);
export type UserRole = z.infer<typeof UserRole>;

export const userStatuses = ['active', 'deactivated', 'waiting-confirmation', 'locked'] as const;
export const UserStatus = z.enum(userStatuses);

export const accountTypes = ['SoldTo', 'Payer', 'PayerAll'] as const;
export const AccountType = z.enum(accountTypes);
export type AccountType = z.infer<typeof AccountType>;

export const Permission = z.enum(permissions);
export type Permission = z.infer<typeof Permission>;

export const LoginRequest = z.object({ login: z.string().max(320), password: z.string().max(1024) });
export const TokenResponse = z.object({
  token: z.string(),
  /** The refresh token travels only in the httpOnly cookie; the field keeps the spec's shape and is always null. */
  refreshToken: z.null(),
  expiresIn: z.number().int(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const login = defineRoute({
  method: 'POST',
  path: '/api/token/login',
  duringBlackout: true,
  public: true,
  summary: 'Sign in with login (e-mail) and password.',
  body: LoginRequest,
  response: TokenResponse,
});

export const refresh = defineRoute({
  method: 'POST',
  path: '/api/token/refresh',
  duringBlackout: true,
  public: true,
  summary: 'Rotate the refresh token (cookie) and issue a new access token.',
  body: z.object({ refreshToken: z.string().nullish() }).nullish(),
  response: TokenResponse,
});

export const logout = defineRoute({
  method: 'POST',
  path: '/api/token/logout',
  duringBlackout: true,
  public: true,
  summary: 'End the session and clear the refresh cookie.',
  response: z.object({ message: z.literal('Success') }),
});

export const LoginStatusResponse = z.object({
  isLoggedIn: z.boolean(),
  token: z.string().nullable(),
  refreshToken: z.null(),
});
export const loginStatus = defineRoute({
  method: 'GET',
  path: '/api/token/login-status',
  duringBlackout: true,
  public: true,
  summary: 'Whether the browser holds a live session; if so, a fresh access token.',
  response: LoginStatusResponse,
});

export const LinkedAccount = z.object({
  account_id: z.number().int(),
  primary_account: z.string(),
  account_type: z.string(),
  company_code: z.string(),
  sales_organization: z.string(),
  distribution_channel: z.string(),
  division: z.string(),
});
export type LinkedAccount = z.infer<typeof LinkedAccount>;

export const UserProfile = z.object({
  user_id: z.number().int(),
  login: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  status: UserStatus,
  user_role: UserRole,
  primary_account_type_id: AccountType,
  third_party_id: z.string().nullable(),
  /** The language the user's e-mails go out in. */
  language: z.string(),
  /** Issue 29: the user gets a monthly statement e-mail (profile opt-in). */
  monthly_statement: z.boolean().optional(),
  /** Issue 38: the user gets payment reminders (on by default; the profile switches them off). */
  payment_reminders: z.boolean().optional(),
  last_login: z.string().nullable(),
  num_logins: z.number().int(),
  require_password_change: z.boolean(),
  Accounts: z.array(LinkedAccount),
  /** The permissions in force: while impersonating, the person's own capped by the user's (spec §4). */
  Permissions: z.array(Permission),
  /**
   * Set while the session works as this user (spec §4 impersonation): who is really signed in. The header then
   * says 'Working as {name}'.
   */
  impersonated_by: z.object({ user_id: z.number().int(), login: z.string() }).nullable(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const getUserAccounts = defineRoute({
  method: 'POST',
  path: '/api/token/getuseraccounts',
  allowUnconfirmed: true,
  // The browser learns who is signed in (and whether an administrator) during a maintenance window too.
  duringBlackout: true,
  summary: 'The signed-in user: profile, linked accounts and permissions.',
  response: UserProfile,
});

// ---------------------------------------------------------------------------------------------------------------
// Password reset and change (access spec §2 /request-password-reset, /reset-password/{id}; §5; §7; issue 13)
// ---------------------------------------------------------------------------------------------------------------

/** NIST SP 800-63B lengths (issue 13): the policy itself is checked on the server (password-policy.ts). */
export const passwordMinLength = 12;
export const passwordMaxLength = 128;

/** Lifetime of a password-reset link. */
export const passwordResetTtlMinutes = 60;

const EmailField = z.string().trim().max(320);
const PasswordField = z.string().max(1024);

export const requestPasswordReset = defineRoute({
  method: 'POST',
  path: '/api/users/password-reset-request',
  public: true,
  summary: 'Mail a reset link; the same answer, in about the same time, for a known and an unknown address.',
  body: z.object({ email: EmailField }),
  response: z.object({ message: z.literal('Success') }),
});

export const getPasswordReset = defineRoute({
  method: 'GET',
  path: '/api/users/password-reset/:id',
  public: true,
  summary: 'The first name of the user a live reset link belongs to; 404 for a wrong, used or expired link.',
  params: z.object({ id: z.string().max(200) }),
  response: z.object({ first_name: z.string() }),
});

export const completePasswordReset = defineRoute({
  method: 'POST',
  path: '/api/token/complete-password-reset',
  public: true,
  summary: 'Set a new password with a reset link: every session of the user ends; a "password changed" mail goes out.',
  body: z.object({ id: z.string().max(200), password: PasswordField, confirmPassword: PasswordField }),
  response: z.object({ message: z.literal('Success') }),
});

export const changePassword = defineRoute({
  method: 'POST',
  path: '/api/token/resetpassword',
  summary: "Change the signed-in user's password; the user's other sessions end.",
  body: z.object({ CurrentPassword: PasswordField, NewPassword: PasswordField, ConfirmNewPassword: PasswordField }),
  response: z.object({ message: z.literal('Success') }),
});
