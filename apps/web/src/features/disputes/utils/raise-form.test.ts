import { describe, expect, it } from 'vitest';
import { checkDisputeAmount, checkRaise, hasRaiseErrors, newRaiseDraft, toRaiseRequest } from './raise-form';

const invoice = {
  payer: { customer_number: '0000100001', company_code: '1000' },
  billingDocumentNumber: '0090000123',
  currency: 'USD',
  openAmount: '150.00',
  lines: [],
};

describe('the disputed amount', () => {
  it('takes one minor unit up to the open amount, as the server does', () => {
    expect(checkDisputeAmount('0.01', '150.00', 2)).toBeUndefined();
    expect(checkDisputeAmount('150', '150.00', 2)).toBeUndefined();
    expect(checkDisputeAmount(' 150.00 ', '150.00', 2)).toBeUndefined();
  });

  it('refuses nothing, zero, a negative, more than open, and more decimals than the currency has', () => {
    expect(checkDisputeAmount('', '150.00', 2)).toBe('disputes.raise.errors.amount_required');
    expect(checkDisputeAmount('0.00', '150.00', 2)).toBe('disputes.raise.errors.amount_positive');
    expect(checkDisputeAmount('-5', '150.00', 2)).toBe('disputes.raise.errors.amount_positive');
    expect(checkDisputeAmount('150.01', '150.00', 2)).toBe('disputes.raise.errors.amount_too_high');
    expect(checkDisputeAmount('10.001', '150.00', 2)).toBe('disputes.raise.errors.amount_invalid');
    expect(checkDisputeAmount('1e2', '150.00', 2)).toBe('disputes.raise.errors.amount_invalid');
    expect(checkDisputeAmount('1.5', '100', 0)).toBe('disputes.raise.errors.amount_invalid');
  });
});

describe('the raise form', () => {
  it('starts at the open amount and needs a reason and a comment', () => {
    const draft = newRaiseDraft(invoice);
    expect(draft.amount).toBe('150.00');
    expect(checkRaise(draft, invoice, 2)).toEqual({
      reason: 'disputes.raise.errors.reason_required',
      comment: 'disputes.raise.errors.comment_required',
    });
  });

  it('refuses a comment of only spaces or over 4000 characters, and names a file problem', () => {
    const base = { ...newRaiseDraft(invoice), reasonCode: 'DM' };
    expect(checkRaise({ ...base, comment: '   ' }, invoice, 2).comment).toBe('disputes.raise.errors.comment_required');
    expect(checkRaise({ ...base, comment: 'x'.repeat(4001) }, invoice, 2).comment).toBe(
      'disputes.raise.errors.comment_too_long',
    );
    expect(hasRaiseErrors(checkRaise({ ...base, comment: 'x'.repeat(4000) }, invoice, 2))).toBe(false);
    const svg = new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' });
    expect(checkRaise({ ...base, comment: 'ok', files: [svg] }, invoice, 2).files).toEqual({
      key: 'disputes.files.errors.type',
      name: 'a.svg',
    });
  });

  it('sends the amount in the currency’s decimals, the comment trimmed, and the lines only when some are chosen', () => {
    const draft = { ...newRaiseDraft(invoice), reasonCode: 'DM', amount: '40.5', comment: ' Freight twice ' };
    expect(toRaiseRequest(invoice, draft, 2)).toEqual({
      payer_data: invoice.payer,
      billing_document_number: '0090000123',
      reason_code: 'DM',
      amount: '40.50',
      comment: 'Freight twice',
    });
    expect(toRaiseRequest(invoice, { ...draft, lines: ['000020', '000020', '000010'] }, 2).lines).toEqual([
      { item_number: '000020' },
      { item_number: '000010' },
    ]);
  });
});
