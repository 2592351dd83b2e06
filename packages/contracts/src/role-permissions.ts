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
