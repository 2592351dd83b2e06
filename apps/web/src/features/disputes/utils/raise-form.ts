// A dispute as the raise dialog builds it (ADR 0034): a reason of the company code, an amount from the smallest unit
// of the invoice's currency up to its open amount (a decimal string, never a float), a comment (required, at most
// disputeCommentMaxLength), optionally some of the invoice's lines, and up to five files. The server runs the same
// checks; the files it decides by their bytes.
import { disputeCommentMaxLength, type PayerData, type RaiseDisputeRequest } from '@portal/contracts';
import { formatMinorUnits, parseMinorUnits } from '@portal/domain';
import { checkDisputeFiles, type FileProblem } from './dispute-files';

/** The invoice a dispute is raised on, as the invoice list or detail hands it over. */
export type DisputableInvoice = {
  payer: PayerData;
  billingDocumentNumber: string;
  currency: string;
  /** The open amount, a decimal string in the currency's decimals. */
  openAmount: string;
  /** The invoice's lines where the detail has them (none from the list: the whole invoice). */
  lines: { item_number: string; description: string; amount: string }[];
};

export type RaiseDraft = {
  reasonCode: string;
  amount: string;
  comment: string;
  /** Item numbers of the lines disputed; none: the whole invoice. */
  lines: string[];
  files: File[];
};

export type RaiseErrors = { reason?: string; amount?: string; comment?: string; files?: FileProblem };

const errorKey = (name: string) => `disputes.raise.errors.${name}`;

export const newRaiseDraft = (invoice: Pick<DisputableInvoice, 'openAmount'>): RaiseDraft => ({
  reasonCode: '',
  amount: invoice.openAmount,
  comment: '',
  lines: [],
  files: [],
});

/** The disputed amount's problem, or undefined: more than zero, at most the open amount, the currency's decimals. */
export function checkDisputeAmount(amount: string, openAmount: string, decimals: number): string | undefined {
  const text = amount.trim();
  if (!text) return errorKey('amount_required');
  const minor = parseMinorUnits(text, decimals);
  if (minor === undefined) return errorKey('amount_invalid');
  if (minor <= 0n) return errorKey('amount_positive');
  if (minor > (parseMinorUnits(openAmount, decimals) ?? 0n)) return errorKey('amount_too_high');
  return undefined;
}

export function checkRaise(draft: RaiseDraft, invoice: Pick<DisputableInvoice, 'openAmount'>, decimals: number) {
  const errors: RaiseErrors = {};
  if (!draft.reasonCode) errors.reason = errorKey('reason_required');
  const amount = checkDisputeAmount(draft.amount, invoice.openAmount, decimals);
  if (amount) errors.amount = amount;
  const comment = draft.comment.trim();
  if (!comment) errors.comment = errorKey('comment_required');
  else if (comment.length > disputeCommentMaxLength) errors.comment = errorKey('comment_too_long');
  const files = checkDisputeFiles(draft.files);
  if (files) errors.files = files;
  return errors;
}

export const hasRaiseErrors = (errors: RaiseErrors): boolean => Object.values(errors).some(Boolean);

export function toRaiseRequest(invoice: DisputableInvoice, draft: RaiseDraft, decimals: number): RaiseDisputeRequest {
  const minor = parseMinorUnits(draft.amount.trim(), decimals) ?? 0n;
  const lines = [...new Set(draft.lines)].map((item_number) => ({ item_number }));
  return {
    payer_data: invoice.payer,
    billing_document_number: invoice.billingDocumentNumber,
    reason_code: draft.reasonCode,
    amount: formatMinorUnits(minor, decimals),
    comment: draft.comment.trim(),
    ...(lines.length > 0 ? { lines } : {}),
  };
}
