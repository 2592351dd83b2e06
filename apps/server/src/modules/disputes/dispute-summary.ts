// Issue 39: a dispute as both sides' lists show it: the invoice, the reason with the ERP's description, the amount,
// who raised it and who works on it, its target date, whether it is late (past the target date and not resolved or
// withdrawn) and its age in whole days.
import {
  activeInvoiceDisputeStatuses,
  otherDisputeReason,
  type DisputeSummary,
  type InvoiceDisputeStatus,
} from '@portal/contracts';
import { daysPastDue, formatMinorUnits } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { disputeMessages, invoiceDisputes, users } from '../../db/schema';
import type { DisputeRow } from './dispute-access';
import { disputeReference } from './dispute-events';

/** The columns a summary is made of: the dispute, its assignee's name, and the name it was raised under. */
export const summaryColumns = {
  dispute: invoiceDisputes,
  assigneeFirstName: users.firstName,
  assigneeLastName: users.lastName,
  raisedBy: sql<string | null>`(SELECT ${disputeMessages.authorName} FROM ${disputeMessages}
    WHERE ${and(eq(disputeMessages.disputeId, invoiceDisputes.id), eq(disputeMessages.kind, 'raised'))}
    ORDER BY ${disputeMessages.id} LIMIT 1)`,
};

export type SummaryRow = {
  dispute: DisputeRow;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  raisedBy: string | null;
};

/** The ERP's descriptions of the reason codes, by company code and code. */
export async function reasonDescriptions(ctx: AppContext): Promise<(companyCode: string, code: string) => string> {
  const configuration = await ctx.erp.getBackendConfiguration();
  const descriptions = new Map(
    configuration.payment_reason_codes
      .filter((reason) => reason.payment_type === 'O')
      .map((reason) => [`${reason.company_code}|${reason.reason_code}`, reason.description]),
  );
  // OTHER has no description: the screen translates it.
  return (companyCode, code) => (code === otherDisputeReason ? '' : (descriptions.get(`${companyCode}|${code}`) ?? ''));
}

export function isActive(status: InvoiceDisputeStatus): boolean {
  return activeInvoiceDisputeStatuses.includes(status);
}

export function toDisputeSummary(
  row: SummaryRow,
  describe: (companyCode: string, code: string) => string,
  today: string,
): DisputeSummary {
  const { dispute } = row;
  const assignee =
    dispute.assigneeUserId === null
      ? null
      : {
          user_id: dispute.assigneeUserId,
          name: `${row.assigneeFirstName ?? ''} ${row.assigneeLastName ?? ''}`.trim(),
        };
  return {
    id: dispute.id,
    reference: disputeReference(dispute),
    payer_data: { customer_number: dispute.payerNumber, company_code: dispute.companyCode },
    payer_name: dispute.payerName,
    soldto_number: dispute.soldtoNumber,
    billing_document_number: dispute.billingDocumentNumber,
    document_number_finance: dispute.documentNumberFinance,
    reason_code: dispute.reasonCode,
    reason_description: describe(dispute.companyCode, dispute.reasonCode),
    amount: formatMinorUnits(dispute.amountMinor, dispute.currencyDecimals),
    currency_key: dispute.currencyKey,
    currency_decimals: dispute.currencyDecimals,
    status: dispute.status,
    outcome: dispute.outcome ?? null,
    assignee,
    raised_by: row.raisedBy ?? '',
    source: dispute.source,
    created_at: dispute.createdAt.toISOString(),
    updated_at: dispute.updatedAt.toISOString(),
    target_date: dispute.targetDate,
    late: isActive(dispute.status) && dispute.targetDate < today,
    age_days: Math.max(0, daysPastDue(dispute.createdAt.toISOString().slice(0, 10), today)),
  };
}
