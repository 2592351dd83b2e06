import type { HeaderItem } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  MAX_REMINDER_INVOICES,
  matchReminderAccount,
  parseReminderLink,
  reminderReturnPath,
  withoutReminderParams,
} from './reminder-link';

const link = '/invoices/pay?account=100001&company_code=US01&invoices=90000123%2C90000124';

const account = (PrimaryAcct: string, CompanyCode: string, AccountType: HeaderItem['AccountType']): HeaderItem => {
  const summary = {
    PrimaryAcct,
    Name: `Customer ${PrimaryAcct}`,
    name_2: '',
    CompanyCode,
    CurrencyKey: 'USD',
    SalesOrganization: '1000',
    DistributionChannel: '10',
    Division: '00',
  };
  return { ...summary, AccountType, DropDownItems: [summary] };
};

describe('parseReminderLink', () => {
  it('reads the account, the company code and the invoices of a reminder link', () => {
    expect(parseReminderLink(link.slice(link.indexOf('?')))).toEqual({
      account: '100001',
      companyCode: 'US01',
      invoices: ['90000123', '90000124'],
    });
  });

  it('drops leading zeros, blanks, repeats and what is no document number', () => {
    const parsed = parseReminderLink(
      '?account=000100001&company_code=US01&invoices=0090000123,,90000123, 18000005,x%3Cy',
    );
    expect(parsed).toEqual({ account: '100001', companyCode: 'US01', invoices: ['90000123', '18000005'] });
  });

  it('is no reminder link without an account, a company code or an invoice', () => {
    expect(parseReminderLink('')).toBeNull();
    expect(parseReminderLink('?company_code=US01&invoices=1')).toBeNull();
    expect(parseReminderLink('?account=100001&invoices=1')).toBeNull();
    expect(parseReminderLink('?account=100001&company_code=US01&invoices=,')).toBeNull();
    expect(parseReminderLink('?account=1%3B2&company_code=US01&invoices=1')).toBeNull();
  });

  it(`takes at most ${MAX_REMINDER_INVOICES} invoices of an edited link`, () => {
    const numbers = Array.from({ length: MAX_REMINDER_INVOICES + 5 }, (_, index) => String(index + 1));
    expect(parseReminderLink(`?account=1&company_code=US01&invoices=${numbers.join(',')}`)?.invoices).toHaveLength(
      MAX_REMINDER_INVOICES,
    );
  });
});

describe('withoutReminderParams', () => {
  it('removes the link parameters and keeps any other', () => {
    expect(withoutReminderParams('?account=1&company_code=US01&invoices=2')).toBe('');
    expect(withoutReminderParams('?lang=fr&account=1&company_code=US01&invoices=2')).toBe('?lang=fr');
  });
});

describe('reminderReturnPath', () => {
  it('returns to a reminder link after sign-in with its query', () => {
    expect(reminderReturnPath(link)).toBe(link);
  });

  it('leaves every other remembered address to the after-login rule', () => {
    expect(reminderReturnPath(null)).toBeNull();
    expect(reminderReturnPath('/invoices/pay')).toBeNull();
    expect(reminderReturnPath('/invoices?account=100001&company_code=US01&invoices=1')).toBeNull();
  });

  it('never follows an address to another site', () => {
    expect(reminderReturnPath(`https://evil.example${link}`)).toBeNull();
    expect(reminderReturnPath(`//evil.example${link}`)).toBeNull();
    expect(reminderReturnPath(`/\\evil.example${link}`)).toBeNull();
  });
});

describe('matchReminderAccount', () => {
  const payer = account('0000100001', 'US01', 'Payer');
  const sameNumberElsewhere = account('0000100001', 'CA01', 'Payer');
  const soldTo = account('0000200003', 'US01', 'SoldTo');
  const items = [sameNumberElsewhere, payer, soldTo];

  it('finds the header account by its number without leading zeros and its company code', () => {
    expect(matchReminderAccount({ account: '100001', companyCode: 'US01', invoices: ['1'] }, items)).toBe(payer);
    expect(matchReminderAccount({ account: '100001', companyCode: 'ca01', invoices: ['1'] }, items)).toBe(
      sameNumberElsewhere,
    );
  });

  it("finds a sold-to user's account by the sold-to", () => {
    expect(matchReminderAccount({ account: '200003', companyCode: 'US01', invoices: ['1'] }, items)).toBe(soldTo);
  });

  it('finds nothing for an account the user does not work with', () => {
    expect(matchReminderAccount({ account: '100002', companyCode: 'US01', invoices: ['1'] }, items)).toBeNull();
    expect(matchReminderAccount({ account: '100001', companyCode: 'DE01', invoices: ['1'] }, items)).toBeNull();
    expect(matchReminderAccount({ account: '100001', companyCode: 'US01', invoices: ['1'] }, [])).toBeNull();
  });
});
