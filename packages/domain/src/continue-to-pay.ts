// spec §5 "Continue to pay": the list's button that opens the pay page.
import { sumScaledAmounts } from './decimal-amount';

export type ContinueToPayMessage =
  'validation.payment.no_invoices_selected' | 'validation.payment.credit_amount_validation';

/** spec §5: none selected, then a total (credits included) of 0 or less. */
export function checkContinueToPay(
  selected: readonly { amount: string }[],
  decimals: number,
): ContinueToPayMessage | null {
  if (selected.length === 0) return 'validation.payment.no_invoices_selected';
  const total = sumScaledAmounts(
    selected.map((invoice) => invoice.amount),
    decimals,
  );
  return total <= 0n ? 'validation.payment.credit_amount_validation' : null;
}
