// The pay page's form as data (spec §3 per-selected-invoice detail, §4 selection and 3-D Secure, §5 pay amount):
// pure functions, so that the page, the 3-D Secure return and the tests build the same request.
import type {
  BackendConfiguration,
  LedgerDocument,
  PayInvoicesRequest,
  PayerData,
  PaymentCard,
} from '@portal/contracts';
import {
  parseScaledAmount,
  selectInvoiceDetail,
  type InvoicePaymentInput,
  type SelectedInvoiceDetail,
} from '@portal/domain';

export type PayLine = { key: string; document: LedgerDocument; detail: SelectedInvoiceDetail };

/** spec §4: every selected invoice starts at its open amount, scaled to the currency. */
export function initialLines(selected: { key: string; document: LedgerDocument }[], decimals: number): PayLine[] {
  return selected.map(({ key, document }) => ({
    key,
    document,
    detail: selectInvoiceDetail(document.open_amount, decimals),
  }));
}

/** The totals of the payment section in minor units: invoices, credits (≤ 0) and what is paid. */
export function payTotals(lines: PayLine[], decimals: number): { invoices: bigint; credits: bigint; pay: bigint } {
  let invoices = 0n;
  let credits = 0n;
  let pay = 0n;
  for (const line of lines) {
    const open = parseScaledAmount(line.document.open_amount, decimals) ?? 0n;
    if (open < 0n) credits += open;
    else invoices += open;
    pay += parseScaledAmount(line.detail.amount, decimals) ?? 0n;
  }
  return { invoices, credits, pay };
}

/** What checkInvoicePayment (packages/domain, checks 1-8) reads. */
export function checkInput(
  lines: PayLine[],
  companyCode: string,
  decimals: number,
  method: PaymentCard | null,
  cvv: string,
): InvoicePaymentInput {
  return {
    company_code: companyCode,
    currency_decimals: decimals,
    documents: lines.map((line) => ({
      open_amount: line.document.open_amount,
      amount_to_process: line.detail.amount,
      reason_code: line.detail.reason,
      comment: line.detail.comment,
    })),
    payment_method: method ? { payment_card_type: method.payment_card_type, card_validation_code: cvv } : null,
  };
}

/**
 * spec §4: 3-D Secure is active when secure_3ds_enabled is X and the company code is not disable_3ds, except for
 * AMEX; e-checks are no cards.
 */
export function threeDsApplies(
  configuration: Pick<BackendConfiguration, 'payment_provider' | 'company_codes'>,
  companyCode: string,
  method: Pick<PaymentCard, 'payment_card_type'>,
): boolean {
  const provider = configuration.payment_provider[0];
  const company = configuration.company_codes.find((code) => code.company_code === companyCode);
  return (
    provider?.secure_3ds_enabled === 'X' &&
    company?.disable_3ds !== 'X' &&
    method.payment_card_type !== 'AMEX' &&
    method.payment_card_type !== 'EC'
  );
}

export function buildPayRequest(input: {
  payer: PayerData;
  soldto: string;
  currency: string;
  decimals: number;
  lines: PayLine[];
  method: PaymentCard;
  cvv: string;
  threeDsAccessToken?: string;
}): PayInvoicesRequest {
  const isCard = input.method.payment_card_type !== 'EC';
  return {
    payer_data: input.payer,
    soldto: { account_number: input.soldto },
    payment_detail: {
      payment_card_token: input.method.payment_card_token,
      payment_card_type: input.method.payment_card_type,
      ...(isCard && input.cvv ? { card_validation_code: input.cvv } : {}),
      ...(input.threeDsAccessToken ? { three_ds_access_token: input.threeDsAccessToken } : {}),
    },
    documents: input.lines.map(({ document, detail }) => ({
      document_number_finance: document.document_number_finance,
      line_item_in_the_relevant_invoice: document.line_item_in_the_relevant_invoice,
      fiscal_year_of_the_relevant_invoice: document.fiscal_year_of_the_relevant_invoice,
      open_amount: document.open_amount,
      amount_to_process: detail.amount.trim(),
      currency_key: document.currency_key,
      reason_code: detail.reason,
      comment: detail.comment.trim(),
      reference_number: document.reference_number,
      billing_document_number: document.billing_document_number,
      document_date: document.document_date,
    })),
    currency_key: input.currency,
    currency_decimals: input.decimals,
    log: { id: 'POST_INVOICE' },
  };
}
