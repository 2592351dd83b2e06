import { and, eq, ne } from 'drizzle-orm';
import { formatMinorUnits } from '@portal/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, documents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { writeSetting } from '../system/app-settings.repository';
import { openInvoices, type OpenInvoice } from '../payments/payments.test-helpers';
import { guestHeader, guestTokenFor, lookup, tripleOf } from './guest-payment.test-helpers';

let t: TestApp;
let invoices: OpenInvoice[] = [];

beforeAll(async () => {
  // Limits out of the way here: guest-lookup.security.test.ts tests them.
  t = await createTestApp({
    ledgerDocuments: 3000,
    settings: {
      GUEST_LOOKUP_MAX_PER_ADDRESS: '10000',
      GUEST_LOOKUP_MAX_PER_ACCOUNT: '10000',
      GUEST_LOOKUP_MIN_MS: '0',
    },
  });
  invoices = (await openInvoices(t.database.db, 100)).filter((invoice) => invoice.billingDocumentNumber !== '');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await writeSetting(t.database.db, 'application', { allowGuestPayment: true });
});

describe('PUT /api/users/account/validateGuestPayment', () => {
  it('finds the invoice by account, invoice number and total, with its card data and a guest token', async () => {
    const invoice = invoices[0]!;
    const response = await lookup(t.app, {
      accountNumber: invoice.payerNumber.replace(/^0+/, ''),
      invoiceNumber: invoice.billingDocumentNumber.replace(/^0+/, ''),
      invoiceAmount: formatMinorUnits(invoice.totalAmount, 2),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.account_number).toBe('0000100001');
    expect(body.invoice.detail.header_data).toMatchObject({
      billing_document_number: invoice.billingDocumentNumber,
      currency_key: 'USD',
      company_code: '1000',
      open_amount: formatMinorUnits(invoice.openAmount, 2),
      total_amount: formatMinorUnits(invoice.totalAmount, 2),
    });
    expect(
      body.invoice.detail.partner_data.map((partner: { partner_function: string }) => partner.partner_function),
    ).toEqual(['WE', 'RG']);
    expect(body.invoice.document).toMatchObject({
      billing_document_number: invoice.billingDocumentNumber,
      reference_number: invoice.referenceNumber,
      soldto_number: invoice.soldtoNumber,
    });
    expect(body.invoice).toMatchObject({ currency_decimals: 2, payable_currency: true, secure_3ds: true });
    expect(body.invoice.reason_codes.every((reason: { payment_type: string }) => reason.payment_type === 'O')).toBe(
      true,
    );
    expect(body.invoice.reason_codes.length).toBeGreaterThan(0);
    expect(typeof body.guest_token).toBe('string');
    expect(new Date(body.guest_token_expires_at).getTime() - t.clock.now().getTime()).toBe(15 * 60 * 1000);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'guest_lookup'), eq(auditEvents.subject, '100001')));
    expect(event?.ip).toBe('127.0.0.1');
  });

  it('finds it by the sold-to number too', async () => {
    const invoice = invoices[1]!;
    const response = await lookup(t.app, tripleOf(invoice, invoice.soldtoNumber));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().account_number).toBe(invoice.soldtoNumber);
  });

  it('answers unknown account, wrong invoice number and wrong amount identically (404 no_account_found)', async () => {
    const invoice = invoices[2]!;
    const [otherPayers] = await t.database.db
      .select()
      .from(documents)
      .where(and(ne(documents.payerNumber, '0000100001'), ne(documents.billingDocumentNumber, '')))
      .limit(1);
    const wrong = [
      { ...tripleOf(invoice), accountNumber: '999999' },
      { ...tripleOf(invoice), invoiceNumber: '12345' },
      { ...tripleOf(invoice), invoiceAmount: formatMinorUnits(invoice.totalAmount + 1n, 2) },
      { ...tripleOf(invoice), invoiceAmount: formatMinorUnits(invoice.totalAmount - 100n, 2) },
      // Another payer's invoice with its true amount, asked under this account.
      { ...tripleOf(otherPayers!), accountNumber: invoice.payerNumber },
    ];
    const bodies = [];
    for (const body of wrong) {
      const response = await lookup(t.app, body);
      expect(response.statusCode).toBe(404);
      const { uniqueId: _id, ...rest } = response.json();
      bodies.push(rest);
    }
    expect(bodies[0]).toEqual({
      error: 'NOT_FOUND',
      messageKey: 'errors.account.no_account_found',
      message: 'No account was found with these details.',
    });
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    const failures = await t.database.db.select().from(auditEvents).where(eq(auditEvents.event, 'guest_lookup_failed'));
    expect(failures.length).toBeGreaterThanOrEqual(wrong.length);
  });

  it('refuses a duplicate of this visit (409, reason duplicate, already_added)', async () => {
    const invoice = invoices[3]!;
    const token = await guestTokenFor(t.app, invoice);
    const again = await lookup(t.app, { ...tripleOf(invoice), guest_tokens: [token] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'GUEST_ALREADY_ADDED',
      reason: 'duplicate',
      messageKey: 'errors.account.already_added',
    });
    // Another invoice of the same account is no duplicate.
    expect((await lookup(t.app, { ...tripleOf(invoices[4]!), guest_tokens: [token] })).statusCode).toBe(200);
  });

  it('caps a visit at four accounts (GUEST_MAX_ACCOUNTS), more invoices of a held account still allowed', async () => {
    const tokens: string[] = [];
    const accounts = await t.database.db
      .selectDistinctOn([documents.soldtoNumber])
      .from(documents)
      .where(
        and(
          eq(documents.payerNumber, '0000100001'),
          ne(documents.billingDocumentNumber, ''),
          eq(documents.itemIsAPayment, false),
        ),
      )
      .limit(5);
    expect(accounts.length).toBeGreaterThanOrEqual(4);
    // Four accounts: the payer and three of its sold-tos.
    tokens.push(await guestTokenFor(t.app, invoices[5]!));
    for (const row of accounts.filter((row) => row.soldtoNumber !== '0000100001').slice(0, 3)) {
      const response = await lookup(t.app, { ...tripleOf(row, row.soldtoNumber), guest_tokens: tokens });
      expect(response.statusCode, response.body).toBe(200);
      tokens.push(response.json().guest_token);
    }
    const fifth = await lookup(t.app, {
      accountNumber: '0000100002',
      invoiceNumber: '1',
      invoiceAmount: '1.00',
      guest_tokens: tokens,
    });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().error).toBe('GUEST_MAX_ACCOUNTS');
    const held = new Set([invoices[5]!.id, ...accounts.map((row) => row.id)]);
    const more = invoices.slice(20).find((invoice) => !held.has(invoice.id))!;
    const sixth = await lookup(t.app, { ...tripleOf(more), guest_tokens: tokens });
    expect(sixth.statusCode, sixth.body).toBe(200);
  });

  it('answers 403 GUEST_PAYMENT_DISABLED on every guest route while the setting is off', async () => {
    const token = await guestTokenFor(t.app, invoices[7]!);
    await writeSetting(t.database.db, 'application', { allowGuestPayment: false });
    expect((await lookup(t.app, tripleOf(invoices[7]!))).json().error).toBe('GUEST_PAYMENT_DISABLED');
    for (const url of ['/api/GuestPayment', '/api/guestPayment/guestPayer', '/api/guestPayment/payments']) {
      const response = await t.app.inject({ method: 'POST', url, headers: guestHeader(token), payload: {} });
      expect([400, 403]).toContain(response.statusCode);
    }
    const payer = await t.app.inject({
      method: 'POST',
      url: '/api/guestPayment/guestPayer',
      headers: guestHeader(token),
    });
    expect(payer.statusCode).toBe(403);
    expect(payer.json().error).toBe('GUEST_PAYMENT_DISABLED');
  });
});

describe('the guest token', () => {
  const search = (token: string, number: string, customer = '0000100001') =>
    t.app.inject({
      method: 'POST',
      url: '/api/GuestPayment',
      headers: guestHeader(token),
      payload: {
        payer_data: { customer_number: customer, company_code: '' },
        soldto_data: [],
        search_parameters: {
          date_from: '01-01-1800',
          date_to: '12-31-9999',
          status: 'OpenOrComplete',
          document_type: 'Invoice',
          filter: [{ filter_type: '01', value: number }],
        },
      },
    });

  it('reads its own invoice through the guest invoice search and the guest payer', async () => {
    const invoice = invoices[8]!;
    const token = await guestTokenFor(t.app, invoice);
    const found = await search(token, invoice.billingDocumentNumber.replace(/^0+/, ''));
    expect(found.statusCode, found.body).toBe(200);
    expect(
      found.json().document_list.map((row: { billing_document_number: string }) => row.billing_document_number),
    ).toEqual([invoice.billingDocumentNumber]);
    const payer = await t.app.inject({
      method: 'POST',
      url: '/api/guestPayment/guestPayer',
      headers: guestHeader(token),
    });
    expect(payer.statusCode, payer.body).toBe(200);
    expect(payer.json()).toMatchObject({ payer_number: '0000100001', company_code: '1000', currency_key: 'USD' });
  });

  it('cannot read any other document: another invoice of the same account, another account, none at all', async () => {
    const token = await guestTokenFor(t.app, invoices[9]!);
    expect((await search(token, invoices[10]!.billingDocumentNumber)).statusCode).toBe(404);
    expect((await search(token, invoices[9]!.billingDocumentNumber, '0000100003')).statusCode).toBe(404);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/GuestPayment',
      headers: guestHeader(token),
      payload: { payer_data: { customer_number: '0000100001', company_code: '' }, search_parameters: {} },
    });
    expect(none.statusCode).toBe(404);
  });

  it('is refused when missing, forged, signed-in bearer instead, or expired (403 GUEST_TOKEN_INVALID)', async () => {
    const invoice = invoices[11]!;
    const token = await guestTokenFor(t.app, invoice);
    const number = invoice.billingDocumentNumber;
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
    for (const bad of ['', 'nonsense', forged]) {
      const response = await search(bad, number);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('GUEST_TOKEN_INVALID');
    }
    const asBearer = await t.app.inject({
      method: 'POST',
      url: '/api/guestPayment/guestPayer',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.json().error).toBe('GUEST_TOKEN_INVALID');
    // A guest token is no access token either.
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/api/payment-methods?customer_number=0000100001&company_code=1000',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signedIn.statusCode).toBe(401);
    t.clock.advance(15 * 60 * 1000 + 1000);
    try {
      expect((await search(token, number)).json().error).toBe('GUEST_TOKEN_INVALID');
    } finally {
      t.clock.advance(-(15 * 60 * 1000 + 1000));
    }
  });
});
