import type { PaymentReceivedDetail } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { checkRefund, emptyRefundDraft, offersPerDocument, refundFingerprint, type RefundDraft } from './refund-form';

function detail(overrides: { kind?: 'invoice' | 'deposit'; refundable?: string } = {}): PaymentReceivedDetail {
  return {
    payment: {
      id: '0b6c2a52-2c1f-4a55-9d47-5b8f6f4a1c01',
      cursor: '1',
      posted_at: '2026-11-02T10:00:00.000Z',
      kind: overrides.kind ?? 'invoice',
      company_code: '1000',
      payer_number: '0000100001',
      soldto_number: '0000100001',
      amount: '150.00',
      currency: 'USD',
      method: 'VISA',
      gateway_reference: 'AUTH1',
      order_number: 'ORD1',
      payment_document_number: '1400000001',
      acknowledged: false,
      acknowledged_at: null,
      erp_document_number: '',
      documents: [],
      reverses: null,
      reason: '',
      return_code: '',
    },
    money_back: {
      status: 'partially_refunded',
      refunded_amount: '25.00',
      returned_amount: '0.00',
      charged_back_amount: '0.00',
      refundable_amount: overrides.refundable ?? '125.00',
    },
    documents: [
      {
        billing_document_number: '90000001',
        document_number_finance: '1800000001',
        applied_amount: '100.00',
        refundable_amount: '75.00',
      },
      {
        billing_document_number: '90000002',
        document_number_finance: '1800000002',
        applied_amount: '50.00',
        refundable_amount: '50.00',
      },
      { billing_document_number: '', document_number_finance: '', applied_amount: '0.00', refundable_amount: '0.00' },
    ],
    reversals: [],
    disputes: [],
    payer_email: 'payer@example.com',
  };
}

const draft = (value: Partial<RefundDraft>): RefundDraft => ({ ...emptyRefundDraft, reason: 'overpayment', ...value });

describe('checkRefund', () => {
  it('refunds everything left in full, with the reason and the comment trimmed', () => {
    expect(checkRefund(draft({ comment: '  paid twice ' }), detail(), 2)).toEqual({
      ok: true,
      amount: '125.00',
      request: { amount: '125.00', reason: 'overpayment', comment: 'paid twice' },
    });
  });

  it('sends a partial amount with the currency decimals, as typed with fewer', () => {
    const check = checkRefund(draft({ mode: 'partial', amount: ' 25.5 ' }), detail(), 2);
    expect(check).toMatchObject({ ok: true, amount: '25.50', request: { amount: '25.50' } });
  });

  it('refuses an amount that is not one of the currency, zero or negative, or above what is left', () => {
    const problem = (amount: string, decimals = 2) => {
      const check = checkRefund(draft({ mode: 'partial', amount }), detail(), decimals);
      return check.ok ? undefined : check.errors.amount;
    };
    expect(problem('25.555')).toBe('money-back.errors.refund_amount_format');
    expect(problem('1,000.00')).toBe('money-back.errors.refund_amount_format');
    expect(problem('2e3')).toBe('money-back.errors.refund_amount_format');
    expect(problem('')).toBe('money-back.errors.refund_amount_format');
    expect(problem('25.5', 0)).toBe('money-back.errors.refund_amount_format');
    expect(problem('0.00')).toBe('money-back.errors.refund_amount_positive');
    expect(problem('-1')).toBe('money-back.errors.refund_amount_positive');
    expect(problem('125.01')).toBe('money-back.errors.refund_above_rest');
    expect(problem('125.00')).toBeUndefined();
  });

  it('refuses a full refund when nothing is left (a dispute opened since)', () => {
    expect(checkRefund(draft({}), detail({ refundable: '0.00' }), 2)).toEqual({
      ok: false,
      errors: { amount: 'money-back.errors.refund_above_rest' },
    });
  });

  it('asks for a reason', () => {
    expect(checkRefund({ ...draft({}), reason: '' }, detail(), 2)).toEqual({
      ok: false,
      errors: { reason: 'payments-received.refund.reason_required' },
    });
  });

  it('splits a refund per document, leaving out the documents left empty', () => {
    const check = checkRefund(
      draft({ mode: 'partial', amount: '60', perDocument: true, documents: { '90000001': '60.00', '90000002': ' ' } }),
      detail(),
      2,
    );
    expect(check).toMatchObject({
      ok: true,
      request: { amount: '60.00', documents: [{ billing_document_number: '90000001', amount: '60.00' }] },
    });
  });

  it('refuses a document amount above what is left on it, and a split that does not add up', () => {
    const over = checkRefund(
      draft({ mode: 'partial', amount: '80', perDocument: true, documents: { '90000001': '80.00' } }),
      detail(),
      2,
    );
    expect(over).toEqual({
      ok: false,
      errors: { document: { '90000001': 'money-back.errors.refund_document_above_rest' } },
    });
    const short = checkRefund(
      draft({ mode: 'partial', amount: '80', perDocument: true, documents: { '90000001': '50', '90000002': '20' } }),
      detail(),
      2,
    );
    expect(short).toEqual({ ok: false, errors: { documents: 'money-back.errors.refund_documents_sum' } });
  });

  it('offers amounts per document only for an invoice payment, and ignores a split otherwise', () => {
    expect(offersPerDocument(detail(), 2)).toBe(true);
    expect(offersPerDocument(detail({ kind: 'deposit' }), 2)).toBe(false);
    const check = checkRefund(
      draft({ perDocument: true, documents: { '90000001': '1' } }),
      detail({ kind: 'deposit' }),
      2,
    );
    expect(check).toMatchObject({ ok: true, request: { amount: '125.00' } });
    expect(check.ok && 'documents' in check.request).toBe(false);
  });
});

describe('refundFingerprint', () => {
  it('tells the same refund of the same payment from another', () => {
    const request = { amount: '25.00', reason: 'other' as const, comment: '' };
    const same = refundFingerprint({ paymentId: 'a', request });
    expect(refundFingerprint({ paymentId: 'a', request: { ...request } })).toBe(same);
    expect(refundFingerprint({ paymentId: 'a', request: { ...request, amount: '26.00' } })).not.toBe(same);
    expect(refundFingerprint({ paymentId: 'b', request })).not.toBe(same);
  });
});
