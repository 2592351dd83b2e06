import type { ScheduledPayment } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { documentNumbers, splitScheduledPayments } from './split-scheduled-payments';

function payment(overrides: Partial<ScheduledPayment>): ScheduledPayment {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    cause: 'schedule',
    autopay_id: null,
    scheduled_date: '03-20-2026',
    status: 'scheduled',
    payer_data: { customer_number: '0000100001', company_code: 'US01' },
    currency_key: 'USD',
    currency_decimals: 2,
    total_amount: '150.00',
    payment_card_type: 'VISA',
    payment_method_label: 'VISA •••• 1111',
    documents: [{ billing_document_number: '0090000123', document_number_finance: '1800000123', amount: '150.00' }],
    reason: null,
    reason_detail: '',
    reference_code: '',
    payment_document_number: '',
    created_at: '2026-03-01T10:00:00.000Z',
    ran_at: null,
    ...overrides,
  };
}

describe('splitScheduledPayments', () => {
  it('lists waiting and in-progress payments soonest first, and keeps the others in the order they came', () => {
    const later = payment({ id: 'later', scheduled_date: '04-02-2026' });
    const sooner = payment({ id: 'sooner', scheduled_date: '03-12-2026', status: 'processing' });
    const paid = payment({ id: 'paid', status: 'paid', scheduled_date: '03-01-2026' });
    const notPaid = payment({ id: 'not-paid', status: 'not_paid', reason: 'declined', scheduled_date: '02-20-2026' });
    const cancelled = payment({ id: 'cancelled', status: 'cancelled', scheduled_date: '02-25-2026' });
    const { open, history } = splitScheduledPayments([later, paid, sooner, notPaid, cancelled]);
    expect(open.map((entry) => entry.id)).toEqual(['sooner', 'later']);
    expect(history.map((entry) => entry.id)).toEqual(['paid', 'not-paid', 'cancelled']);
  });
});

describe('documentNumbers', () => {
  it('names each document by its billing number without leading zeros, else its finance number', () => {
    const both = payment({
      documents: [
        { billing_document_number: '0090000123', document_number_finance: '1800000123', amount: '1.00' },
        { billing_document_number: '', document_number_finance: '1400000009', amount: '-1.00' },
      ],
    });
    expect(documentNumbers(both)).toEqual(['90000123', '1400000009']);
  });
});
