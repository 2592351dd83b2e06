import * as contracts from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { manifestModules } from './contracts-manifest';

/** The generated module, evaluated as the browser would get it. */
async function manifest(exported: Record<string, unknown>): Promise<Record<string, unknown>> {
  const source = [...manifestModules(exported).values()].join('\n');
  return (await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as Record<
    string,
    unknown
  >;
}

describe('the browser manifest of @portal/contracts', () => {
  it('keeps each route as its method, path and flags, without its schemas or summary', async () => {
    const browser = await manifest(contracts);
    expect(browser.login).toEqual({ method: 'POST', path: contracts.login.path, duringBlackout: true, public: true });
    expect(browser.searchInvoices).toMatchObject({ method: contracts.searchInvoices.method });
    expect(browser.invoicePdfRequest).not.toHaveProperty('response');
    expect(JSON.stringify(browser.invoiceCsv)).toContain('"download":"csv"');
  });

  it('leaves every schema out and keeps every constant and helper as it is', async () => {
    const browser = await manifest(contracts);
    expect(browser).not.toHaveProperty('ErrorResponse');
    expect(browser).not.toHaveProperty('Theme');
    expect(browser.invoiceSorts).toEqual(contracts.invoiceSorts);
    expect(browser.rolePermissions).toEqual(contracts.rolePermissions);
    expect(browser.maxLinkedAccounts).toBe(contracts.maxLinkedAccounts);
    const key = browser.paymentDocumentKey as typeof contracts.paymentDocumentKey;
    const document = {
      company_code: '1000',
      document_number_finance: '1800000001',
      fiscal_year_of_the_relevant_invoice: '2026',
      line_item_in_the_relevant_invoice: '001',
    };
    expect(key(document)).toBe(contracts.paymentDocumentKey(document));
  });

  it('refuses an export that is not plain data, rather than send the browser something else', () => {
    expect(() => manifestModules({ when: new Date(0) })).toThrow(/when, which is not plain data/);
    expect(() => manifestModules({ pattern: /x/ })).toThrow(/pattern/);
    expect(manifestModules({ Schema: z.string(), limit: 5 })).toEqual(new Map([['limit', 'export const limit = 5;']]));
  });
});
