// CONTRACT READY
// Changelog (keep backward compatible; newest last):
// - v1 (issue 29): POST /api/statements (PDF, CSV or JSON); the monthly statement e-mail opt-in is in profile.ts.
//
// Account statements (issue 29, not in the spec): for an account (the list's payer_data and soldto_data) and a
// period, per currency: the opening balance, every invoice, credit and payment of the period in date order with a
// running balance, the closing balance and the aging. The balance is the open balance of the totals cards: the
// closing balance of a statement to today is the balance card, to the cent.
import { z } from 'zod';
import { AgingBucket } from './invoices';
import { DecimalAmount, ErpDate, ErpStatus, PayerData } from './ledger';
import { defineRoute } from './route';

/** The longest period one statement covers (two years, counted in days, inclusive). */
export const statementMaxDays = 731;

export const statementFormats = ['pdf', 'csv', 'json'] as const;
export const StatementFormat = z.enum(statementFormats);
export type StatementFormat = z.infer<typeof StatementFormat>;

/**
 * Validation (answered 400 VALIDATION_FAILED): date_to before date_from → validation.statements.period_order;
 * a period longer than statementMaxDays → validation.statements.period_too_long; date_to after today →
 * validation.statements.future.
 */
export const StatementRequest = z.object({
  payer_data: PayerData,
  /** The selected sold-tos; empty means all of the account's (after the user's exclusions). */
  soldto_data: z.array(z.string().max(20)).max(1000).default([]),
  date_from: ErpDate,
  date_to: ErpDate,
  format: StatementFormat.default('json'),
  /**
   * JSON only: each statement's lines hold at most this many (the first ones); line_count still counts them all and
   * the balances cover the whole period. For a screen that shows the start of a long statement.
   */
  line_limit: z.number().int().min(1).max(10_000).optional(),
});
export type StatementRequest = z.input<typeof StatementRequest>;

export const statementLineKinds = ['invoice', 'credit', 'payment'] as const;
export const StatementLineKind = z.enum(statementLineKinds);
export type StatementLineKind = z.infer<typeof StatementLineKind>;

/** One movement of the account: an invoice adds to the balance, a credit and a payment take from it. */
export const StatementLine = z.object({
  date: ErpDate,
  kind: StatementLineKind,
  /** The billing number, or the finance number of a document without one (payments), without leading zeros. */
  number: z.string(),
  reference: z.string(),
  /** Invoices and credits: their due date; '' for payments. */
  due_date: z.union([ErpDate, z.literal('')]),
  /** Signed: positive for an invoice, negative for a credit or a payment. */
  amount: DecimalAmount,
  /** The running balance after this line. */
  balance: DecimalAmount,
});
export type StatementLine = z.infer<typeof StatementLine>;

export const Statement = z.object({
  currency_key: z.string(),
  currency_decimals: z.number().int().min(0).max(3),
  /** The balance at the end of the day before date_from. */
  opening_balance: DecimalAmount,
  lines: z.array(StatementLine),
  /** How many movements the period has (more than lines.length when line_limit cut them). */
  line_count: z.number().int().min(0),
  /** opening_balance plus every line's amount: the balance at the end of date_to. */
  closing_balance: DecimalAmount,
  /** The open invoices by days past due on the statement's as_of (the aging chart's buckets). */
  aging: z.array(AgingBucket).length(5),
});
export type Statement = z.infer<typeof Statement>;

export const StatementResponse = z.object({
  status: ErpStatus,
  date_from: ErpDate,
  date_to: ErpDate,
  /** The day the aging is counted to (today). */
  as_of: ErpDate,
  /** One per currency with a balance or a movement in the period, sorted by currency key. */
  statements: z.array(Statement),
});
export type StatementResponse = z.infer<typeof StatementResponse>;

export const statements = defineRoute({
  method: 'POST',
  path: '/api/statements',
  download: 'pdf-csv-or-json',
  summary:
    'An account statement for a period, per currency: opening balance, movements with a running balance, closing ' +
    'balance and aging; as PDF (the theme logo, the reader language), CSV or JSON (StatementResponse), streamed.',
  body: StatementRequest,
  response: z.any(),
});

/** File names the server sets in Content-Disposition. */
export const statementFileNames = { pdf: 'Statement.pdf', csv: 'Statement.csv', json: 'Statement.json' } as const;

// ---------------------------------------------------------------------------------------------------------------
// The ERP side (ErpConnector and the ERP contract): the opening balances and the movements of a period.
// ---------------------------------------------------------------------------------------------------------------

export const StatementOpeningRequest = z.object({
  payer_data: PayerData,
  soldto_data: z.array(z.string().max(20)).max(1000).default([]),
  date_from: ErpDate,
  date_to: ErpDate,
});
export type StatementOpeningRequest = z.input<typeof StatementOpeningRequest>;

export const StatementOpeningResponse = z.object({
  status: ErpStatus,
  /** One per currency with a balance before date_from or a movement from date_from to date_to. */
  balances: z.array(
    z.object({
      currency_key: z.string(),
      currency_decimals: z.number().int().min(0).max(3),
      opening_balance: DecimalAmount,
    }),
  ),
});
export type StatementOpeningResponse = z.infer<typeof StatementOpeningResponse>;

export const StatementLinesRequest = StatementOpeningRequest.extend({ currency_key: z.string().min(1).max(5) });
export type StatementLinesRequest = z.input<typeof StatementLinesRequest>;

/** A movement as the ERP streams it: the line without the running balance, which the portal adds. */
export const StatementMovement = StatementLine.omit({ balance: true });
export type StatementMovement = z.infer<typeof StatementMovement>;
