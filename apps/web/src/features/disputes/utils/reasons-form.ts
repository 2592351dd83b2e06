// Settings → Collections → Dispute reasons (ADR 0034): which of a company code's invoice-payment reason codes are
// dispute reasons, each with its target days (the SLA), and OTHER's days, always a reason.
import {
  defaultDisputeTargetDays,
  defaultOtherDisputeTargetDays,
  otherDisputeReason,
  type DisputeReasonsResponse,
  type SaveDisputeReasonsRequest,
} from '@portal/contracts';

export const targetDaysBounds = { min: 1, max: 365 } as const;

export type ReasonRow = {
  reasonCode: string;
  description: string;
  disputeReason: boolean;
  /** '' while the field holds no whole number. */
  targetDays: number | '';
};

export type ReasonsDraft = { rows: ReasonRow[]; otherDays: number | '' };

/** The ERP's invoice-payment reason codes of the company code (payment type O), each once. */
export function invoicePaymentCodes(
  codes: readonly { reason_code: string; description: string; company_code: string; payment_type: string }[],
  companyCode: string,
): { reason_code: string; description: string }[] {
  const seen = new Set<string>();
  return codes.filter((code) => {
    if (code.company_code !== companyCode || code.payment_type !== 'O' || seen.has(code.reason_code)) return false;
    seen.add(code.reason_code);
    return true;
  });
}

/**
 * The form from what the server answered: each of the ERP's codes, checked when it is a dispute reason, with its days
 * (the default for one that is not). A saved reason the ERP no longer offers stays listed, so that it can be unchecked.
 */
export function reasonsDraft(
  codes: readonly { reason_code: string; description: string }[],
  saved: Pick<DisputeReasonsResponse, 'reasons'>,
): ReasonsDraft {
  const reasons = new Map(saved.reasons.map((reason) => [reason.reason_code, reason]));
  const other = reasons.get(otherDisputeReason);
  const rows: ReasonRow[] = codes
    .filter((code) => code.reason_code !== otherDisputeReason)
    .map((code) => {
      const reason = reasons.get(code.reason_code);
      return {
        reasonCode: code.reason_code,
        description: code.description,
        disputeReason: Boolean(reason),
        targetDays: reason?.target_days ?? defaultDisputeTargetDays,
      };
    });
  const listed = new Set(rows.map((row) => row.reasonCode));
  for (const reason of saved.reasons) {
    if (reason.reason_code === otherDisputeReason || listed.has(reason.reason_code)) continue;
    rows.push({
      reasonCode: reason.reason_code,
      description: reason.description,
      disputeReason: true,
      targetDays: reason.target_days,
    });
  }
  return { rows, otherDays: other?.target_days ?? defaultOtherDisputeTargetDays };
}

const daysOk = (days: number | ''): days is number =>
  typeof days === 'number' && Number.isInteger(days) && days >= targetDaysBounds.min && days <= targetDaysBounds.max;

/** The fields whose days are not whole days within the bounds: a row's reason code, or OTHER. */
export function checkReasons(draft: ReasonsDraft): Set<string> {
  const wrong = new Set<string>();
  for (const row of draft.rows) if (row.disputeReason && !daysOk(row.targetDays)) wrong.add(row.reasonCode);
  if (!daysOk(draft.otherDays)) wrong.add(otherDisputeReason);
  return wrong;
}

export function toReasonsRequest(draft: ReasonsDraft): SaveDisputeReasonsRequest {
  return {
    reasons: [
      ...draft.rows
        .filter((row) => row.disputeReason && daysOk(row.targetDays))
        .map((row) => ({ reason_code: row.reasonCode, target_days: row.targetDays as number })),
      {
        reason_code: otherDisputeReason,
        target_days: daysOk(draft.otherDays) ? draft.otherDays : defaultOtherDisputeTargetDays,
      },
    ],
  };
}
