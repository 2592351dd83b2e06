// What the guest invoice card shows and allows (spec invoices-and-payments §4 Guest flow; access-and-administration
// §2 guest invoice detail card): the lookup's invoice is already paid (back to the form), a credit or nothing open
// (credit_amount_validation, no paying), not in USD (cannot be paid as guest), or payable.
import type { GuestInvoice } from '@portal/contracts';
import { parseScaledAmount, type InvoicePaymentRules } from '@portal/domain';

export type GuestInvoiceState = 'paid' | 'nothing_open' | 'currency' | 'payable';

export function guestInvoiceState(invoice: GuestInvoice): GuestInvoiceState {
  const decimals = invoice.currency_decimals;
  // The ledger's row as it stands now (the detail's header says the same at the time of the lookup).
  const { document } = invoice;
  const total = parseScaledAmount(document.total_amount, decimals);
  const paid = parseScaledAmount(document.paid_amount, decimals);
  // A zero invoice has nothing paid and nothing to pay: it gets the credit warning below, not "already paid".
  if (total !== undefined && paid !== undefined && total === paid && total !== 0n) return 'paid';
  const open = parseScaledAmount(document.open_amount, decimals);
  if (open === undefined || open <= 0n) return 'nothing_open';
  if (!invoice.payable_currency) return 'currency';
  return 'payable';
}

/** access §2: the pay amount shows only when total_amount is zero or more. */
export function showsPayAmount(invoice: GuestInvoice): boolean {
  const total = parseScaledAmount(invoice.document.total_amount, invoice.currency_decimals);
  return total !== undefined && total >= 0n;
}

/** access §2: the open amount is labelled Credit when negative, otherwise Open. */
export function isCreditAmount(amount: string): boolean {
  return amount.trim().startsWith('-');
}

/** The currency's symbol in the user's language ($, €, ¥…), for the pay amount input. */
export function currencySymbol(currency: string, language: string): string {
  try {
    const parts = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/**
 * The payment rules of the card, as the lookup answered them (the server applies the same, and more: payments
 * disabled, a changed document). E-checks are no guest method.
 */
export function guestPaymentRules(invoice: GuestInvoice): InvoicePaymentRules {
  return {
    paymentsAllowed: true,
    overpaymentAllowed: invoice.overpayment_allowed,
    partialAllowed: invoice.partial_payment_allowed,
    // The CVV is typed in the provider's frame with the number (packages/domain checkGuestPayment).
    cvvRequired: false,
    reasonsRequired: false,
    limits: { maximumCardPayment: invoice.maximum_card_payment, maximumEcheckPayment: '0' },
    reasonCodes: invoice.reason_codes,
  };
}
