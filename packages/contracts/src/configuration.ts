import { z } from 'zod';
import { InvoiceTableSetting } from './invoices';
import { DecimalAmount, ErpFlag } from './ledger';
import { defineRoute } from './route';

/**
 * What the payment screens need to know (access spec §3 Application configuration; invoices spec §4 "Payments
 * disabled", §7 maximum card/echeck payment): the portal-wide switch with its per-language messages, the limits
 * (0 means no limit) and the company codes' payment flags from the ERP.
 */
export const PaymentSettings = z.object({
  isPaymentsDisable: z.boolean(),
  /** Messages by language (en fr de es it ja pt ru); the web falls back to English, then any. */
  paymentDisabledMessages: z.record(z.string(), z.string()),
  maxPaymentAllowed: DecimalAmount,
  maxECheckPaymentAllowed: DecimalAmount,
  company_codes: z.array(
    z.object({
      company_code: z.string(),
      disable_payments: ErpFlag,
      enable_deposits: ErpFlag,
      enable_echeck: ErpFlag,
    }),
  ),
});
export type PaymentSettings = z.infer<typeof PaymentSettings>;

export const paymentSettings = defineRoute({
  method: 'GET',
  path: '/api/configuration/payment-settings',
  summary: 'Payments-disabled switch and messages, payment limits, and the company codes payment flags.',
  response: PaymentSettings,
});

/** The invoice_table setting (invoices spec §2): which columns the invoice lists show, in order. */
export const invoiceTableSetting = defineRoute({
  method: 'GET',
  path: '/api/configuration/invoice-table',
  summary: 'The columns of the invoice table (the invoice_table setting).',
  response: InvoiceTableSetting,
});
