// POST /api/invoice/totals: the list's totals cards, read from the ERP's maintained per-account balances.
import type { InvoiceTotalsRequest, InvoiceTotalsResponse } from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../plugins/auth';
import { balancesRequest } from './invoice-scope';

export async function getInvoiceTotals(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof InvoiceTotalsRequest>,
): Promise<InvoiceTotalsResponse> {
  return ctx.erp.getInvoiceTotals(await balancesRequest(ctx, actor, request));
}
