import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, paymentIntents } from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { openInvoices, pay, payRequest, reloadDocument, saveCard } from './payments.test-helpers';

let t: TestApp;
let payer: string;
let amex: string;
beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 300 });
  payer = (await signInAs(t.app, 'payer@example.com')).token;
  amex = await saveCard(t.app, payer, { number: '3782 822463 10005', cvv: '1234', type: 'AMEX' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/invoice/payments', () => {
  it('pays two invoices in full: S per document, cleared in the ledger, intent posted, mail queued', async () => {
    const invoices = await openInvoices(t.database.db, 2);
    const answer = await pay(t.app, payer, payRequest(invoices, { cardToken: amex }));
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.payment.state).toBe('posted');
    expect(answer.body.status.map((entry) => entry.message_type)).toEqual(['S', 'S']);
    for (const invoice of invoices) {
      const after = await reloadDocument(t.database.db, invoice.id);
      expect(after.openAmount).toBe(0n);
      expect(after.documentStatus).toBe('02');
      expect(after.clearingDocumentNumberFinance).toBe(answer.body.payment.payment_document_number);
    }
    const [intent] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.orderNumber, answer.body.payment.reference_code));
    expect(intent?.state).toBe('posted');
    const mails = await t.database.db.select().from(mailOutbox);
    expect(mails.some((mail) => mail.payload.reference_code === answer.body.payment.reference_code)).toBe(true);
  });
});
