// Default permissions per role. The spec leaves the full mapping open (access spec §6 "not shown"); this is the
// decision recorded in docs/adr/0004-roles-and-permissions.md. A user row may carry other permissions.
import type { Permission, UserRole } from './auth';
import { permissions } from './route';

export const rolePermissions: Record<UserRole, readonly Permission[]> = {
  admin: permissions,
  // Not CanViewReceivedPayments nor CanRefundPayments: every customer's payments are the supplier's finance data, not user administration
  // (ADR 0004 addendum); an administrator may grant it to a manager.
  manager: [
    'CanViewUsers',
    'CanManageUsers',
    'CanImpersonate',
    'CanManageRegistrationRequests',
    'CanManagePaymentMethods',
    'CanMakePayment',
  ],
  // Internal staff look, but do not pay (spec §6: internal users see no pay controls).
  internal: ['CanViewUsers'],
  user: ['CanMakePayment', 'CanManagePaymentMethods', 'CanManageOwnSAPAccounts'],
};

/** A named preset of the user form (issue 38): a role and the permissions to start from. Plain data (browser manifest). */
export type RoleTemplate = { role: UserRole; permissions: readonly Permission[] };

// Role templates (issue 38): presets beyond the roles' defaults, chosen in the user form ("Start from a template"),
// which then sets the role and the permissions; the administrator may still adjust the permissions. A template grants
// nothing by itself: the server checks the saved permissions as it checks any others (whoever grants must hold them).
export const roleTemplates = {
  // The AR team's collector (ADR 0033): internal staff who work the collections worklist, the invoice disputes (issue 39,
  // ADR 0034) and see the payments received; no pay controls (internal), no user administration beyond looking users
  // up (the worklist gives accounts to users).
  collector: {
    role: 'internal',
    permissions: ['CanViewUsers', 'CanManageCollections', 'CanManageDisputes', 'CanViewReceivedPayments'],
  },
} as const satisfies Record<string, RoleTemplate>;

export type RoleTemplateName = keyof typeof roleTemplates;
export const roleTemplateNames = Object.keys(roleTemplates) as RoleTemplateName[];
