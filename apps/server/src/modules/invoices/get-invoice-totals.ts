// POST /api/invoice/totals: the list's totals cards, read from the ERP's maintained per-account balances.
import type { InvoiceTotalsRequest, InvoiceTotalsResponse } from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../plugins/auth';
import { resolveInvoiceScope } from './invoice-scope';

export async function getInvoiceTotals(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof InvoiceTotalsRequest>,
): Promise<InvoiceTotalsResponse> {
  const scope = await resolveInvoiceScope(ctx, actor, request.payer_data, request.soldto_data, true);
  return ctx.erp.getInvoiceTotals({
    payer_data: scope.payerData,
    soldto_data: scope.soldTos,
    currency_key: request.currency_key,
  });
}
