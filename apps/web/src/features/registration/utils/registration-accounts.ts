// The accounts proven on /auto-register/accounts, kept in session storage for /auto-register/create (a reload keeps
// them; closing the tab or signing out forgets them). Each carries the server's short-lived proof, which the server
// checks again when the registration is sent: what is read back here only has to have the shape this page writes.
import { maxLinkedAccounts, type ProvenAccount } from '@portal/contracts';
import { accountLabel } from '../../../lib/account-label';
import { sessionStore } from '../../../lib/browser-storage';

const key = 'portal.registrationAccounts';
const provenAccountFields = [
  'primary_account',
  'account_type',
  'company_code',
  'sales_organization',
  'distribution_channel',
  'division',
  'name',
  'proof',
] as const satisfies ReadonlyArray<keyof ProvenAccount>;

const isProvenAccount = (value: unknown): value is ProvenAccount =>
  typeof value === 'object' &&
  value !== null &&
  provenAccountFields.every((field) => typeof (value as Record<string, unknown>)[field] === 'string');

export const registrationAccounts = {
  list(): ProvenAccount[] {
    try {
      const accounts: unknown = JSON.parse(sessionStore.get(key) ?? '[]');
      if (!Array.isArray(accounts) || accounts.length > maxLinkedAccounts) return [];
      return accounts.every(isProvenAccount) ? accounts : [];
    } catch {
      return [];
    }
  },
  /** false when the account is already in the list. */
  add(account: ProvenAccount): boolean {
    const accounts = registrationAccounts.list();
    if (accounts.some((a) => sameAccount(a, account))) return false;
    sessionStore.set(key, JSON.stringify([...accounts, account].slice(0, maxLinkedAccounts)));
    return true;
  },
  remove(account: ProvenAccount): void {
    sessionStore.set(key, JSON.stringify(registrationAccounts.list().filter((a) => !sameAccount(a, account))));
  },
  clear(): void {
    sessionStore.remove(key);
  },
};

export function sameAccount(a: ProvenAccount, b: ProvenAccount): boolean {
  return a.primary_account === b.primary_account && a.company_code === b.company_code;
}

/** spec §2: the payer's address name, a dash and the payer number without leading zeros. */
export function accountListLabel(account: Pick<ProvenAccount, 'name' | 'primary_account'>): string {
  const number = accountLabel(account.primary_account);
  return account.name ? `${account.name} - ${number}` : number;
}
