import { beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../lib/test-fixtures';
import { accountListLabel, registrationAccounts } from './registration-accounts';

const account = (primary: string, company = '1000') => ({
  primary_account: primary,
  account_type: 'Payer',
  company_code: company,
  sales_organization: company,
  distribution_channel: '10',
  division: '00',
  name: 'Acme Industrial Supply',
  proof: '1.abc',
});

describe('registration accounts', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'window', { value: { sessionStorage: memoryStorage() }, configurable: true });
  });

  it('keeps each account once, at most four', () => {
    expect(registrationAccounts.add(account('0000100001'))).toBe(true);
    expect(registrationAccounts.add(account('0000100001'))).toBe(false);
    expect(registrationAccounts.add(account('0000100001', '3000'))).toBe(true);
    for (const n of ['2', '3', '4']) registrationAccounts.add(account(`000010000${n}`));
    expect(registrationAccounts.list()).toHaveLength(4);
    registrationAccounts.remove(account('0000100001'));
    expect(registrationAccounts.list().map((a) => `${a.primary_account}|${a.company_code}`)).toEqual([
      '0000100001|3000',
      '0000100002|1000',
      '0000100003|1000',
    ]);
  });

  it('reads a damaged store as empty', () => {
    window.sessionStorage.setItem('portal.registrationAccounts', '{not json');
    expect(registrationAccounts.list()).toEqual([]);
  });

  it('labels an account as "name - number" without leading zeros', () => {
    expect(accountListLabel(account('0000100001'))).toBe('Acme Industrial Supply - 100001');
    expect(accountListLabel({ name: '', primary_account: 'A100' })).toBe('A100');
  });
});
