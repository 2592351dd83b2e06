// The sandbox's documented test numbers (README.md). Any other valid number approves without a challenge.
export type SandboxBehaviour =
  | 'approve'
  | 'decline'
  | 'timeout'
  | 'challenge'
  | 'challenge_fail'
  // Issue 37: approved, then later (SANDBOX_RETURN_AFTER_SECONDS) returned by the bank or disputed by the cardholder.
  | 'return_insufficient_funds'
  | 'return_account_closed'
  | 'dispute';

export const cardTestNumbers: Record<string, SandboxBehaviour> = {
  '4111111111111111': 'approve',
  '5555555555554444': 'approve',
  '378282246310005': 'approve',
  '4000000000000002': 'decline',
  '4000000000000119': 'timeout',
  '4000000000001091': 'challenge',
  '5200000000001005': 'challenge',
  '4000000000001109': 'challenge_fail',
  // As Stripe's test card: approved, then disputed as fraudulent (the amount withdrawn).
  '4000000000000259': 'dispute',
};

/** The one-time code that passes a challenge (except for the challenge_fail numbers). */
export const CHALLENGE_CODE = '1234';

export function cardBehaviour(number: string): SandboxBehaviour {
  return cardTestNumbers[number] ?? 'approve';
}

/** E-checks: the last four digits of the account number pick the behaviour. */
export function echeckBehaviour(accountNumber: string): SandboxBehaviour {
  if (accountNumber.endsWith('0002')) return 'decline';
  if (accountNumber.endsWith('0119')) return 'timeout';
  // As Stripe's test accounts 000222222227 and 000111111113: approved, then returned by the bank.
  if (accountNumber.endsWith('2227')) return 'return_insufficient_funds';
  if (accountNumber.endsWith('1113')) return 'return_account_closed';
  return 'approve';
}

/** The NACHA return code and reason each returning account gets. */
export const bankReturns = {
  return_insufficient_funds: { code: 'R01', reason: 'insufficient_funds' },
  return_account_closed: { code: 'R02', reason: 'account_closed' },
} as const;
