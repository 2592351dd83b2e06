// POST /api/invoice/detail: one invoice or credit of an account the user may see; anything else is 404.
import type { InvoiceDetailRequest, InvoiceDetailResponse } from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../plugins/auth';
import { accountsOfCustomer, belongsTo, notFound } from './invoice-scope';
import { reopenedOf } from '../payment-reversals/reopened-documents';
import { invoiceCollectionsOf } from '../collections/invoice-collections';
import { invoiceDisputeOf } from './invoice-disputes';

export async function getInvoiceDetail(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof InvoiceDetailRequest>,
): Promise<InvoiceDetailResponse> {
  const { billing_document_number: number, customer_number: customerNumber } = request.document_detail;
  // customer_number may be the account or one of its sold-tos; the ERP is asked with the account itself.
  for (const item of await accountsOfCustomer(ctx, actor, customerNumber)) {
    const answer = await ctx.erp.getInvoiceDetail({
      document_detail: { billing_document_number: number, document_type: '01', customer_number: item.PrimaryAcct },
    });
    const header = answer.detail?.header_data;
    if (answer.status.message_type === 'S' && header && belongsTo(item, header)) {
      // Issue 37: an open invoice a payment had paid says why it is open again (the portal's record of reversals).
      const reopened = header.document_status === '01' ? await reopenedOf(ctx.db, header) : [];
      // Issue 38: the reminders that listed it and the promise that holds it. Issue 39: its dispute, which whoever
      // sees the invoice sees.
      const [collections, dispute] = await Promise.all([
        invoiceCollectionsOf(ctx.db, header),
        invoiceDisputeOf(ctx.db, header),
      ]);
      return { ...answer, ...(reopened.length > 0 ? { reopened } : {}), collections, dispute };
    }
  }
  // Not the user's, or not there: one answer for both.
  throw notFound();
}
