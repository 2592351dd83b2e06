import { defaultInvoiceTableSetting } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSetting } from '../system/app-settings.repository';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 200 });
});
afterAll(async () => {
  await t?.close();
});

async function getSettings() {
  const { token } = await signInAs(t.app, 'payer@example.com');
  return t.app.inject({
    method: 'GET',
    url: '/api/configuration/payment-settings',
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('GET /api/configuration/payment-settings', () => {
  it('reports payments enabled with no limits by default, and the company codes flags from the ERP', async () => {
    const response = await getSettings();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ isPaymentsDisable: false, maxPaymentAllowed: '0', maxECheckPaymentAllowed: '0' });
    expect(body.company_codes).toContainEqual(expect.objectContaining({ company_code: 'JP01', disable_payments: 'X' }));
    expect(body.company_codes).toContainEqual(expect.objectContaining({ company_code: '1000', disable_payments: '' }));
  });

  it('reports the portal-wide switch with its messages and the limits once configured', async () => {
    await writeSetting(t.app.ctx.db, 'application', {
      isPaymentsDisable: true,
      paymentDisabledMessages: { en: 'Payments are paused tonight.', de: 'Zahlungen pausieren heute Nacht.' },
      maxPaymentAllowed: '5000.00',
    });
    const body = (await getSettings()).json();
    expect(body).toMatchObject({
      isPaymentsDisable: true,
      paymentDisabledMessages: { de: 'Zahlungen pausieren heute Nacht.' },
      maxPaymentAllowed: '5000.00',
      maxECheckPaymentAllowed: '0',
    });
    await writeSetting(t.app.ctx.db, 'application', {});
  });

  it('refuses a caller without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/configuration/payment-settings' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/configuration/invoice-table', () => {
  async function getColumns() {
    const { token } = await signInAs(t.app, 'payer@example.com');
    return t.app.inject({
      method: 'GET',
      url: '/api/configuration/invoice-table',
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it('gives the default columns until the setting is configured, then the configured ones in order', async () => {
    expect((await getColumns()).json()).toEqual(defaultInvoiceTableSetting);
    await writeSetting(t.app.ctx.db, 'invoice_table', { columns: ['document_number', 'due_date', 'amount'] });
    expect((await getColumns()).json()).toEqual({ columns: ['document_number', 'due_date', 'amount'] });
  });

  it('falls back to the default columns when the stored setting is not valid', async () => {
    await writeSetting(t.app.ctx.db, 'invoice_table', { columns: ['no_such_column'] });
    expect((await getColumns()).json()).toEqual(defaultInvoiceTableSetting);
    await writeSetting(t.app.ctx.db, 'invoice_table', { columns: [] });
    expect((await getColumns()).json()).toEqual(defaultInvoiceTableSetting);
  });
});
