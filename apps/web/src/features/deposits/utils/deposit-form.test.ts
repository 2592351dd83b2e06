import type { DepositSettingsResponse, HeaderItem } from '@portal/contracts';
import { checkDeposit } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  buildDepositRequest,
  checkInput,
  depositFieldErrors,
  depositMaximum,
  emptyDepositForm,
  formFromRequest,
  payerOptions,
  rulesFromSettings,
  threeDsApplies,
  unavailableMessageKey,
  type DepositForm,
} from './deposit-form';

const settings: DepositSettingsResponse = {
  deposits_allowed: true,
  unavailable_reason: null,
  company_code: '1000',
  currency_key: 'USD',
  currency_decimals: 2,
  reason_codes: [
    { reason_code: 'DP', description: 'Down payment', comments_required: '', company_code: '1000', payment_type: 'D' },
    { reason_code: 'OT', description: 'Other', comments_required: 'X', company_code: '1000', payment_type: 'D' },
  ],
  minimum_amount: '1.00',
  maximum_card_payment: '5000',
  maximum_echeck_payment: '0',
  cvv_required: true,
  secure_3ds: true,
  secure_3ds_version: '2.2.0',
  echeck_enabled: true,
};

const visa = { payment_card_token: '-VISA-1111-ABCDEF0123456789', payment_card_type: 'VISA' as const };
const payer = { customer_number: '0000100001', company_code: '1000' };
const form: DepositForm = {
  payer_option: '0000200001',
  reason_code: 'DP',
  amount_to_process: ' 250.00 ',
  reference_number: ' PO-77 ',
  comment: ' advance ',
};

describe('deposit form fields', () => {
  it('asks for a number, then for at least 1 (spec §5 deposit amount)', () => {
    expect(depositFieldErrors({ ...form, amount_to_process: '' }, settings).amount_to_process).toBe(
      'validation.deposit.amount_required',
    );
    expect(depositFieldErrors({ ...form, amount_to_process: 'abc' }, settings).amount_to_process).toBe(
      'validation.deposit.amount_required',
    );
    expect(depositFieldErrors({ ...form, amount_to_process: '0' }, settings).amount_to_process).toBe(
      'validation.deposit.amount_minimum',
    );
    expect(depositFieldErrors({ ...form, amount_to_process: '0.99' }, settings).amount_to_process).toBe(
      'validation.deposit.amount_minimum',
    );
    expect(depositFieldErrors({ ...form, amount_to_process: '1' }, settings)).toEqual({});
  });

  it('reports every field at once: amount, reason and the comment a reason requires', () => {
    expect(depositFieldErrors({ ...emptyDepositForm(), reason_code: '' }, settings)).toEqual({
      amount_to_process: 'validation.deposit.amount_required',
      reason_code: 'validation.deposit.reason_required',
    });
    expect(depositFieldErrors({ ...form, reason_code: 'OT', comment: '  ' }, settings)).toEqual({
      comment: 'validation.invoice_detail.reason_comment_required',
    });
  });

  it('needs no reason when the company code offers none for deposits', () => {
    expect(depositFieldErrors({ ...form, reason_code: '' }, { ...settings, reason_codes: [] })).toEqual({});
  });
});

describe('deposit checks on the page', () => {
  it('refuses a missing CVV and an amount above the maximum card payment, like the server', () => {
    const rules = rulesFromSettings(settings);
    expect(checkDeposit(checkInput(form, settings, visa, ''), rules)?.key).toBe('validation.payment.cvv_empty');
    expect(checkDeposit(checkInput({ ...form, amount_to_process: '5000.01' }, settings, visa, '123'), rules)).toEqual(
      expect.objectContaining({ key: 'validation.payment.maximum_card_payment_exceeded_message' }),
    );
    expect(checkDeposit(checkInput(form, settings, visa, '123'), rules)).toBeNull();
    expect(checkDeposit(checkInput(form, settings, null, ''), rules)?.key).toBe('validation.payment.card_not_selected');
  });

  it('names the maximum of the chosen method, none for an unlimited e-check', () => {
    expect(depositMaximum(settings, visa)).toBe(500000n);
    expect(depositMaximum(settings, null)).toBe(500000n);
    expect(depositMaximum(settings, { payment_card_type: 'EC' })).toBeNull();
  });

  it('maps the unavailable reasons to the page gates and their messages', () => {
    const disabled = { ...settings, deposits_allowed: false, unavailable_reason: 'payments_disabled' as const };
    expect(rulesFromSettings(disabled)).toEqual(expect.objectContaining({ paymentsAllowed: false }));
    expect(unavailableMessageKey('internal_user')).toBe('deposits.unavailable.internal_user');
    expect(unavailableMessageKey(null)).toBe('deposits.unavailable.deposits_disabled');
  });
});

describe('3-D Secure', () => {
  it('applies to Visa and Mastercard when the settings say so, never to Amex or e-checks', () => {
    expect(threeDsApplies(settings, visa)).toBe(true);
    expect(threeDsApplies(settings, { payment_card_type: 'MC' })).toBe(true);
    expect(threeDsApplies(settings, { payment_card_type: 'AMEX' })).toBe(false);
    expect(threeDsApplies(settings, { payment_card_type: 'EC' })).toBe(false);
    expect(threeDsApplies({ secure_3ds: false }, visa)).toBe(false);
  });
});

describe('the deposit request', () => {
  it('carries the form trimmed, the account currency, the sold-to and the CVV of a card (spec §3, §7)', () => {
    expect(buildDepositRequest({ payer, settings, form, method: visa, cvv: '123' })).toEqual({
      payer_data: payer,
      soldto: { account_number: '0000200001' },
      deposit_detail: {
        amount_to_process: '250.00',
        currency_key: 'USD',
        reason_code: 'DP',
        reference_number: 'PO-77',
        comment: 'advance',
      },
      payment_detail: { ...visa, card_validation_code: '123' },
      log: { id: 'POST_DEPOSIT' },
    });
  });

  it('sends no sold-to for the account itself and no CVV for an e-check', () => {
    const request = buildDepositRequest({
      payer,
      settings,
      form: { ...form, payer_option: '' },
      method: { payment_card_token: '-EC-6789-X', payment_card_type: 'EC' },
      cvv: '123',
    });
    expect(request.soldto).toBeUndefined();
    expect(request.payment_detail).toEqual({ payment_card_token: '-EC-6789-X', payment_card_type: 'EC' });
  });

  it('restores the form and the method from a cached request, without the CVV', () => {
    const request = buildDepositRequest({ payer, settings, form, method: visa, cvv: '123' });
    expect(formFromRequest(request)).toEqual({
      form: { ...form, amount_to_process: '250.00', reference_number: 'PO-77', comment: 'advance' },
      methodToken: visa.payment_card_token,
    });
  });
});

describe('the account selector', () => {
  const item = (PrimaryAcct: string) => ({
    PrimaryAcct,
    Name: `Account ${PrimaryAcct}`,
    name_2: '',
    CompanyCode: '1000',
    CurrencyKey: 'USD',
    SalesOrganization: '',
    DistributionChannel: '',
    Division: '',
  });
  const header: HeaderItem = { ...item('0000100001'), AccountType: 'Payer', DropDownItems: [item('0000200001')] };

  it('offers the secondary accounts of the primary account, and nothing without one', () => {
    expect(payerOptions(header).map((option) => option.PrimaryAcct)).toEqual(['0000200001']);
    expect(payerOptions({ ...header, DropDownItems: [] })).toEqual([]);
    expect(payerOptions(null)).toEqual([]);
  });
});
