// User administration (access spec §2 Settings area: users, add and edit; §3 User, Linked account, Exclusion list;
// §4 impersonation; §5 user form and linked-account validation; §6; §7 Users; issue 14). Field rules and their
// spec §5 messages are packages/domain user-form-checks (the form and the server); the schemas bound the sizes.
import { z } from 'zod';
import { AccountType, LinkedAccount, Permission, UserRole, UserStatus } from './auth';
import { defineRoute } from './route';
import { passwordMaxLength } from './auth';

/** spec §9 Account-type options of a linked account. */
export const linkedAccountTypes = ['master', 'transactional', 'both'] as const;

/** The list filter's values (spec §2: deactivated is filtered as "deactive"); `all` lists every status. */
export const userStatusFilters = ['all', 'active', 'deactive', 'waiting-confirmation', 'locked'] as const;
export const UserStatusFilter = z.enum(userStatusFilters);
export type UserStatusFilter = z.infer<typeof UserStatusFilter>;

export const usersPageSize = 50;
/** The list counts matching users up to this many, then says "1000+" (a count over 100,000 users costs too much). */
export const usersCountCap = 1000;

export const UserListItem = z.object({
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
  last_login: z.string().nullable(),
  /** The linked account numbers, for the list's Accounts column and its search. */
  accounts: z.array(z.string()),
});
export type UserListItem = z.infer<typeof UserListItem>;

export const listUsers = defineRoute({
  method: 'GET',
  path: '/api/users',
  permission: 'CanViewUsers',
  summary:
    'Users matching a status, a profile and a search (login, e-mail, names, company, linked account), keyset-paged by login. Without any filter the list is empty (spec §7).',
  querystring: z.object({
    status: z.union([UserStatusFilter, z.literal('')]).optional(),
    profile: z.string().max(100).optional(),
    search: z.string().max(200).optional(),
    /** The last login of the page before. */
    cursor: z.string().max(400).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  }),
  response: z.object({
    items: z.array(UserListItem),
    nextCursor: z.string().nullable(),
    /** Matching users, counted up to usersCountCap. */
    total: z.number().int(),
    /** More than usersCountCap match. */
    total_capped: z.boolean(),
  }),
});

/** The user form (spec §3 User, §5). A password is set only when `set_password` is on; else an invite is mailed. */
export const UserInput = z.object({
  login: z.string().max(320),
  email: z.string().max(320),
  first_name: z.string().max(100),
  last_name: z.string().max(100),
  company: z.string().max(200),
  status: z.string().max(40),
  primary_account_type_id: z.string().max(20),
  user_role: z.string().max(20),
  language: z.string().max(5).optional(),
  set_password: z.boolean().optional(),
  password: z
    .string()
    .max(passwordMaxLength * 4)
    .optional(),
  verify_password: z
    .string()
    .max(passwordMaxLength * 4)
    .optional(),
  /** The permission strings; omitted on create: the role's defaults (ADR 0004). */
  Permissions: z.array(Permission).max(20).optional(),
  /** The registration request this user is created from: it is marked completed with the save. */
  registration_request_id: z.number().int().positive().optional(),
});
export type UserInput = z.input<typeof UserInput>;

export const UserDetail = UserListItem.extend({
  language: z.string(),
  num_logins: z.number().int(),
  is_confirmed: z.boolean(),
  created_date: z.string(),
  updated_date: z.string(),
  last_password_change: z.string().nullable(),
  require_password_change: z.boolean(),
  /** Whether an unused invite link is out (the user has no password yet). */
  invite_pending: z.boolean(),
  Accounts: z.array(LinkedAccount),
  Permissions: z.array(Permission),
  exclusions: z.array(z.string()),
});
export type UserDetail = z.infer<typeof UserDetail>;

const UserIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const createUser = defineRoute({
  method: 'POST',
  path: '/api/users',
  permission: 'CanManageUsers',
  summary:
    'Create a user; with no password set, an invite e-mail goes out. Only an admin may create an admin; a manager gives the role user.',
  body: UserInput,
  response: UserDetail,
});

export const getUser = defineRoute({
  method: 'GET',
  path: '/api/users/:id',
  permission: 'CanManageUsers',
  summary: 'One user with linked accounts, permissions and exclusions.',
  params: UserIdParams,
  response: UserDetail,
});

export const updateUser = defineRoute({
  method: 'PUT',
  path: '/api/users/:id',
  permission: 'CanManageUsers',
  summary:
    "Edit a user. Deactivating or locking ends the user's sessions; the last active admin cannot lose the role or the active status.",
  params: UserIdParams,
  body: UserInput,
  response: UserDetail,
});

export const deleteUser = defineRoute({
  method: 'DELETE',
  path: '/api/users/:id',
  permission: 'CanManageUsers',
  summary: 'Soft-delete a user (the audit trail keeps the name); the sessions end.',
  params: UserIdParams,
  response: z.object({ message: z.literal('Success') }),
});

export const resendInvite = defineRoute({
  method: 'POST',
  path: '/api/users/:id/invite',
  permission: 'CanManageUsers',
  summary: 'Mail a new invite link to a user without a password; the earlier link stops working.',
  params: UserIdParams,
  response: z.object({ message: z.literal('Success') }),
});

export const getInvite = defineRoute({
  method: 'GET',
  path: '/api/users/invite/:id',
  public: true,
  summary: 'The user a live invite link belongs to; 404 for a wrong, used or expired link.',
  params: z.object({ id: z.string().max(200) }),
  response: z.object({ first_name: z.string(), email: z.string() }),
});

export const completeRegistration = defineRoute({
  method: 'POST',
  path: '/api/token/complete-registration',
  public: true,
  summary: 'Set the password of an invited user with the invite link (once).',
  body: z.object({
    inviteId: z.string().max(200),
    password: z.string().max(1024),
    confirmPassword: z.string().max(1024),
  }),
  response: z.object({ message: z.literal('Success') }),
});

// ---------------------------------------------------------------------------------------------------------------
// Linked accounts (spec §3 Linked account, §5) and PayerAll exclusions (§3 Exclusion list)
// ---------------------------------------------------------------------------------------------------------------

export const LinkedAccountInput = z.object({
  primary_account: z.string().max(20),
  account_type: z.string().max(20),
  company_code: z.string().max(10),
  sales_organization: z.string().max(10),
  distribution_channel: z.string().max(10),
  division: z.string().max(10),
});
export type LinkedAccountInput = z.input<typeof LinkedAccountInput>;

const AccountsResponse = z.object({ Accounts: z.array(LinkedAccount) });

export const listUserAccounts = defineRoute({
  method: 'GET',
  path: '/api/users/:id/accounts',
  permission: 'CanManageUsers',
  summary: "A user's linked accounts.",
  params: UserIdParams,
  response: AccountsResponse,
});

export const addUserAccount = defineRoute({
  method: 'POST',
  path: '/api/users/:id/accounts',
  permission: 'CanManageUsers',
  summary: 'Link an account the ERP knows (at most 4 per user).',
  params: UserIdParams,
  body: LinkedAccountInput,
  response: AccountsResponse,
});

const AccountParams = UserIdParams.extend({ accountId: z.coerce.number().int().positive().max(2_147_483_647) });

export const updateUserAccount = defineRoute({
  method: 'PUT',
  path: '/api/users/:id/accounts/:accountId',
  permission: 'CanManageUsers',
  summary: 'Change one linked account.',
  params: AccountParams,
  body: LinkedAccountInput,
  response: AccountsResponse,
});

export const deleteUserAccount = defineRoute({
  method: 'DELETE',
  path: '/api/users/:id/accounts/:accountId',
  permission: 'CanManageUsers',
  summary: 'Remove one linked account; the user loses it on the next call.',
  params: AccountParams,
  response: AccountsResponse,
});

export const ExclusionsBody = z.object({ exclusions: z.array(z.string().max(20)).max(1000) });

export const getUserExclusions = defineRoute({
  method: 'GET',
  path: '/api/users/:id/exclusions',
  permission: 'CanManageUsers',
  summary: "A PayerAll user's excluded account numbers.",
  params: UserIdParams,
  response: ExclusionsBody,
});

export const putUserExclusions = defineRoute({
  method: 'PUT',
  path: '/api/users/:id/exclusions',
  permission: 'CanManageUsers',
  summary: "Replace a PayerAll user's excluded accounts: they disappear from everything the user sees and pays.",
  params: UserIdParams,
  body: ExclusionsBody,
  response: ExclusionsBody,
});

// ---------------------------------------------------------------------------------------------------------------
// Impersonation (spec §4; issue 14): the identity lives in the server session, never in a body field.
// ---------------------------------------------------------------------------------------------------------------

export const ImpersonationState = z.object({ user_id: z.number().int(), name: z.string() });
export type ImpersonationState = z.infer<typeof ImpersonationState>;

export const startImpersonation = defineRoute({
  method: 'POST',
  path: '/api/users/:id/impersonate',
  permission: 'CanImpersonate',
  summary:
    "Work as another user in this session: the target's accounts and exclusions, the actor's permissions capped by the target's. A manager cannot work as an admin.",
  params: UserIdParams,
  response: ImpersonationState,
});

export const stopImpersonation = defineRoute({
  method: 'DELETE',
  path: '/api/impersonation',
  summary: "Stop working as another user: the session's own user again.",
  response: z.object({ message: z.literal('Success') }),
});
