// POST /api/ledger/payments/{id}/acknowledge: the ERP applied the payment under its own document number. Once only:
// the same number again answers the same, another number is a conflict (the ERP would have applied it twice).
import type { FeedPayment } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../audit/audit.repository';
import { toFeedPayment } from './feed-payment';
import { acknowledgeFeedRow } from './payment-feed.repository';

export async function acknowledgeFeedPayment(
  ctx: AppContext,
  id: string,
  erpDocumentNumber: string,
  caller: { login: string; userId: number | null; ip: string; requestId: string },
): Promise<FeedPayment> {
  const { row, changed } = await acknowledgeFeedRow(ctx.db, id, {
    erpDocumentNumber,
    by: caller.login,
    at: ctx.now(),
  });
  if (!row) throw new AppError('NOT_FOUND');
  if (!changed && row.erpDocumentNumber !== erpDocumentNumber) {
    throw new AppError('CONFLICT', {
      messageKey: 'imports.errors.already_acknowledged',
      details: { erp_document_number: row.erpDocumentNumber },
    });
  }
  if (changed) {
    await recordAuditEvent(ctx.db, {
      at: ctx.now(),
      event: 'payment_acknowledged',
      userId: caller.userId,
      subject: caller.login,
      ip: caller.ip,
      requestId: caller.requestId,
      details: { payment_id: id, erp_document_number: erpDocumentNumber },
    });
  }
  return toFeedPayment(row);
}
