// POST /api/statements (issue 29): what a statement holds, before it is written as PDF, CSV or JSON. The account is
// authorised like the invoice list's (the same account check and excluded sold-tos, 404 for anything else) and the
// period checked by the domain's rules; the ERP gives the opening balances, the movements and the aging, and the
// running balance is added here, line by line, as the movements stream in (flat memory whatever the period).
import {
  agingBucketNames,
  type AgingBucket,
  type HeaderItem,
  type StatementLine,
  type StatementRequest,
} from '@portal/contracts';
import { formatMinorUnits, parseMinorUnits, toIsoDate, validateStatementPeriod } from '@portal/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { assertNoFieldErrors } from '../../errors';
import type { AccountHolder } from '../customers/account-access';
import { resolveInvoiceScope } from '../invoices/invoice-scope';

export type StatementSection = {
  currencyKey: string;
  decimals: number;
  openingBalance: string;
  aging: AgingBucket[];
  /** The period's lines with the running balance, in batches; read once. */
  lines: () => AsyncIterable<StatementLine[]>;
  /** The balance after the last line read (the closing balance once lines() is done). */
  closingBalance: () => string;
};

export type StatementSource = {
  account: Pick<HeaderItem, 'PrimaryAcct' | 'Name' | 'CompanyCode'>;
  /** ISO days. */
  dateFrom: string;
  dateTo: string;
  asOf: string;
  sections: StatementSection[];
};

export async function buildStatement(
  ctx: AppContext,
  holder: AccountHolder,
  request: Omit<z.output<typeof StatementRequest>, 'format'>,
): Promise<StatementSource> {
  const dateFrom = toIsoDate(request.date_from) ?? '';
  const dateTo = toIsoDate(request.date_to) ?? '';
  const scope = await resolveInvoiceScope(ctx, holder, request.payer_data, request.soldto_data, true);
  assertNoFieldErrors(validateStatementPeriod({ dateFrom, dateTo, today: ctx.now().toISOString().slice(0, 10) }));
  const account = {
    payer_data: scope.payerData,
    soldto_data: scope.soldTos,
    date_from: request.date_from,
    date_to: request.date_to,
  };
  const [opening, aging] = await Promise.all([
    ctx.erp.getStatementOpening(account),
    ctx.erp.getInvoiceAging({ payer_data: scope.payerData, soldto_data: scope.soldTos }),
  ]);
  const sections = opening.balances.map((balance): StatementSection => {
    const decimals = balance.currency_decimals;
    let running = parseMinorUnits(balance.opening_balance, decimals) ?? 0n;
    const buckets =
      aging.aging.find((entry) => entry.currency_key === balance.currency_key)?.buckets ??
      agingBucketNames.map((bucket) => ({ bucket, amount: formatMinorUnits(0n, decimals), count: 0 }));
    return {
      currencyKey: balance.currency_key,
      decimals,
      openingBalance: balance.opening_balance,
      aging: buckets,
      closingBalance: () => formatMinorUnits(running, decimals),
      lines: async function* () {
        for await (const batch of ctx.erp.streamStatementLines({ ...account, currency_key: balance.currency_key })) {
          yield batch.map((movement) => {
            running += parseMinorUnits(movement.amount, decimals) ?? 0n;
            return { ...movement, balance: formatMinorUnits(running, decimals) };
          });
        }
      },
    };
  });
  return {
    account: { PrimaryAcct: scope.item.PrimaryAcct, Name: scope.item.Name, CompanyCode: scope.item.CompanyCode },
    dateFrom,
    dateTo,
    asOf: toIsoDate(aging.as_of) ?? '',
    sections,
  };
}
