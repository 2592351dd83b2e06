// How a dispute's codes read: the reason (the ERP's description, OTHER in the reader's language), the status's tone.
import { otherDisputeReason, type DisputeOutcome, type InvoiceDisputeStatus } from '@portal/contracts';
import type { TFunction } from 'i18next';
import type { StatusTone } from '../../../components/ui/status-badge';

export function reasonLabel(t: TFunction, reasonCode: string, description: string): string {
  if (reasonCode === otherDisputeReason) return t('disputes.reasons.other');
  return description ? `${reasonCode} · ${description}` : reasonCode;
}

export const statusTones: Record<InvoiceDisputeStatus, StatusTone> = {
  open: 'warning',
  in_review: 'warning',
  resolved: 'good',
  withdrawn: 'neutral',
};

export const isActiveStatus = (status: InvoiceDisputeStatus): boolean => status === 'open' || status === 'in_review';

/** The outcomes the AR team resolves with (withdrawn is the customer's). */
export const resolveOutcomes = ['credit_issued', 'rejected', 'paid'] as const satisfies readonly DisputeOutcome[];
export type ResolveOutcome = (typeof resolveOutcomes)[number];
