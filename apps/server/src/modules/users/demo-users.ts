// The demo users of the embedded default (README). One password for all, documented, never used in production:
// a database given by DATABASE_URL gets them only with --demo.
import type { AccountType, UserRole } from '@portal/contracts';
import { rolePermissions } from '@portal/contracts';

export const demoPassword = 'Portal-Demo-2026';

export type DemoUserKind = 'admin' | 'manager' | 'internal' | 'payer' | 'soldto' | 'payerall' | 'thirdparty';

export type DemoUser = {
  kind: DemoUserKind;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  accountType: AccountType;
  thirdPartyId?: string;
};

export const demoUsers: DemoUser[] = [
  {
    kind: 'admin',
    email: 'admin@example.com',
    firstName: 'Alex',
    lastName: 'Admin',
    role: 'admin',
    accountType: 'Payer',
  },
  {
    kind: 'manager',
    email: 'manager@example.com',
    firstName: 'Morgan',
    lastName: 'Manager',
    role: 'manager',
    accountType: 'Payer',
  },
  {
    kind: 'internal',
    email: 'internal@example.com',
    firstName: 'Ines',
    lastName: 'Internal',
    role: 'internal',
    accountType: 'Payer',
  },
  {
    kind: 'payer',
    email: 'payer@example.com',
    firstName: 'Pat',
    lastName: 'Payer',
    role: 'user',
    accountType: 'Payer',
  },
  {
    kind: 'soldto',
    email: 'soldto@example.com',
    firstName: 'Sam',
    lastName: 'Soldto',
    role: 'user',
    accountType: 'SoldTo',
  },
  {
    kind: 'payerall',
    email: 'payerall@example.com',
    firstName: 'Paula',
    lastName: 'Payerall',
    role: 'user',
    accountType: 'PayerAll',
  },
  {
    kind: 'thirdparty',
    email: 'thirdparty@example.com',
    firstName: 'Theo',
    lastName: 'Thirdparty',
    role: 'user',
    accountType: 'Payer',
    thirdPartyId: 'TP-100234',
  },
];

export function demoPermissions(user: DemoUser) {
  return [...rolePermissions[user.role]];
}
