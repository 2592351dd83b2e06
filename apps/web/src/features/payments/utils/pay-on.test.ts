import { PayInvoicesRequest } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { paymentCard } from '../../../lib/test-fixtures';
import {
  checkPayOnDate,
  defaultScheduleDate,
  dueDatesOf,
  scheduleBounds,
  scheduledPayRequest,
  scheduleMethods,
  schedulingOffered,
} from './pay-on';

const today = '2026-03-10';

describe('schedulingOffered', () => {
  it('offers Pay on only for the company codes that have scheduled payments switched on', () => {
    const settings = { scheduledPaymentsCompanyCodes: ['US01'] };
    expect(schedulingOffered(settings, 'US01')).toBe(true);
    expect(schedulingOffered(settings, 'DE01')).toBe(false);
    expect(schedulingOffered(undefined, 'US01')).toBe(false);
  });
});

describe('scheduleBounds', () => {
  it('runs from today to the latest due date when one is ahead', () => {
    const due = dueDatesOf([{ due_date: '03-20-2026' }, { due_date: '04-02-2026' }], today);
    expect(scheduleBounds(due, today, 30)).toEqual({ min: today, max: '2026-04-02' });
  });

  it('runs from today to today plus the horizon when every invoice is due', () => {
    const due = dueDatesOf([{ due_date: '02-01-2026' }, { due_date: '' }], today);
    expect(due).toEqual(['2026-02-01', today]);
    expect(scheduleBounds(due, today, 30)).toEqual({ min: today, max: '2026-04-09' });
  });
});

describe('defaultScheduleDate', () => {
  it('starts at the first due date from tomorrow on', () => {
    expect(defaultScheduleDate(['2026-02-01', '2026-03-25', '2026-03-15'], today, 30)).toBe('2026-03-15');
  });

  it('starts tomorrow when every invoice is due, and never past the last day allowed', () => {
    expect(defaultScheduleDate(['2026-02-01'], today, 30)).toBe('2026-03-11');
    expect(defaultScheduleDate(['2026-02-01'], today, 0)).toBe(today);
  });
});

describe('checkPayOnDate', () => {
  const due = ['2026-03-20'];
  it('asks for a day when none is chosen', () => {
    expect(checkPayOnDate(null, due, today, 30)).toBe('payments.pay_on.date_required');
  });

  it('refuses a day before today and one after the last due date', () => {
    expect(checkPayOnDate('2026-03-09', due, today, 30)).toBe('validation.payment.schedule_date_past');
    expect(checkPayOnDate('2026-03-21', due, today, 30)).toBe('validation.payment.schedule_date_late');
  });

  it('takes today and the last due date', () => {
    expect(checkPayOnDate(today, due, today, 30)).toBeNull();
    expect(checkPayOnDate('2026-03-20', due, today, 30)).toBeNull();
  });
});

describe('scheduleMethods', () => {
  it('keeps saved methods only, without cards expired by the day', () => {
    const saved = paymentCard();
    const session = paymentCard({ payment_card_token: '-VISA-4242-SESSION', is_session: 'X' });
    const expiring = paymentCard({ payment_card_token: '-MC-5454-OLD', valid_to: '03-31-2026' });
    const echeck = paymentCard({ payment_card_token: '-EC-6789-X', payment_card_type: 'EC', valid_to: '' });
    expect(scheduleMethods([saved, session, expiring, echeck], '2026-03-31')).toEqual([saved, expiring, echeck]);
    expect(scheduleMethods([saved, session, expiring, echeck], '2026-04-01')).toEqual([saved, echeck]);
  });
});

describe('scheduledPayRequest', () => {
  const request: PayInvoicesRequest = {
    payer_data: { customer_number: '100001', company_code: 'US01' },
    soldto: { account_number: '100001' },
    payment_detail: {
      payment_card_token: '-VISA-1111-ABCDEF0123456789',
      payment_card_type: 'VISA',
      card_validation_code: '123',
      three_ds_access_token: 'token',
    },
    documents: [
      {
        document_number_finance: '1800000123',
        line_item_in_the_relevant_invoice: '001',
        fiscal_year_of_the_relevant_invoice: '2026',
        open_amount: '150.00',
        amount_to_process: '150.00',
        currency_key: 'USD',
      },
    ],
    currency_key: 'USD',
    currency_decimals: 2,
    log: { id: 'POST_INVOICE' },
  };

  it('carries the day as MM-DD-YYYY and leaves out the CVV and the 3-D Secure token', () => {
    const scheduled = scheduledPayRequest(request, '2026-03-20');
    expect(scheduled.scheduled_date).toBe('03-20-2026');
    expect(scheduled.payment_detail).toEqual({
      payment_card_token: '-VISA-1111-ABCDEF0123456789',
      payment_card_type: 'VISA',
    });
    expect(scheduled.documents).toEqual(request.documents);
    expect(PayInvoicesRequest.safeParse(scheduled).success).toBe(true);
  });

  it('refuses a value that is not a day', () => {
    expect(() => scheduledPayRequest(request, '')).toThrow();
  });
});
