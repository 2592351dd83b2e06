// POST /api/invoice/aging (issue 29): the open invoices of the list's accounts by days past due, per currency. Same
// scope as the totals cards (the same account check, the same excluded sold-tos), and read from the same maintained
// balances by the ERP, so that the buckets add up to the cards.
import type { InvoiceAgingRequest, InvoiceAgingResponse } from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../plugins/auth';
import { balancesRequest } from './invoice-scope';

export async function getInvoiceAging(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof InvoiceAgingRequest>,
): Promise<InvoiceAgingResponse> {
  return ctx.erp.getInvoiceAging(await balancesRequest(ctx, actor, request));
}
