// What the Result column says of a payment (spec §3: S success, E error), and of a declined one whether the payer's
// bank refused to confirm it (issue 36: 3-D Secure failed or not done, an off-session charge that needs the payer).
// The row has no code for it: the ERP keeps the server's message with the recorded decline ("Payment declined:
// authentication_required"). A bank debit still processing has no row yet: ADR 0031 posts it when the bank confirms.
import type { PaymentHistoryEntry } from '@portal/contracts';
import { isAuthenticationDecline } from '../../../lib/payment-outcome';

export type HistoryResult = 'success' | 'error' | 'authentication_failed';

export function historyResultOf(
  entry: Pick<PaymentHistoryEntry, 'message_type' | 'message_line_string'>,
): HistoryResult {
  if (entry.message_type === 'S') return 'success';
  return isAuthenticationDecline(entry.message_line_string) ? 'authentication_failed' : 'error';
}
