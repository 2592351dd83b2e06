// The guest payment request (spec §3 Guest form, §7 POST /api/guestPayment/payments; currency fixed USD) and the
// inputs of the guest checks (packages/domain checkGuestPayment), from what the guest card and pay form hold.
import { guestPaymentCurrency, type GuestInvoice, type GuestPaymentRequest } from '@portal/contracts';
import type { GuestPaymentInput, PaymentCardType } from '@portal/domain';

export type GuestPayer = { first_name: string; last_name: string; email: string };
export type GuestAmount = { amount: string; reason: string; comment: string };
/** A card the hosted frame tokenised in this guest visit. */
export type GuestCard = {
  accessToken: string;
  token: string;
  type: 'VISA' | 'MC' | 'AMEX';
  lastFour: string;
  expirationMonth: string;
  expirationYear: string;
};

export function guestCheckInput(input: {
  invoice: GuestInvoice;
  payer: GuestPayer;
  amount: GuestAmount;
  cardType: string;
}): GuestPaymentInput {
  const { invoice, amount } = input;
  return {
    company_code: invoice.document.company_code,
    currency_decimals: invoice.currency_decimals,
    guest: input.payer,
    document: {
      open_amount: invoice.document.open_amount,
      amount_to_process: amount.amount.trim(),
      reason_code: amount.reason,
      comment: amount.comment.trim(),
    },
    payment_method: input.cardType ? { payment_card_type: input.cardType as PaymentCardType } : null,
  };
}

export function buildGuestPayRequest(input: {
  invoice: GuestInvoice;
  payer: GuestPayer;
  amount: GuestAmount;
  card: GuestCard;
  /** Only where a reason shows (isGuestReasonShown): a hidden reason is not sent. */
  reasonShown: boolean;
}): GuestPaymentRequest {
  const { invoice, amount, card } = input;
  return {
    guest: {
      first_name: input.payer.first_name.trim(),
      last_name: input.payer.last_name.trim(),
      email: input.payer.email.trim(),
    },
    document: {
      billing_document_number: invoice.document.billing_document_number,
      open_amount: invoice.document.open_amount,
      amount_to_process: amount.amount.trim(),
      reason_code: input.reasonShown ? amount.reason : '',
      comment: input.reasonShown ? amount.comment.trim() : '',
    },
    currency_key: guestPaymentCurrency,
    payment_detail: {
      payment_card_token: card.token,
      payment_card_type: card.type,
      card_access_token: card.accessToken,
    },
    log: { id: 'POST_INVOICE' },
  };
}

/** spec §4: 3-D Secure for Visa and Mastercard when the invoice's company code has it; never for AMEX. */
export function guestThreeDsApplies(invoice: GuestInvoice, cardType: string): boolean {
  return invoice.secure_3ds && cardType !== 'AMEX';
}
