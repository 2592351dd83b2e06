// The sandbox's documented test numbers (README.md). Any other valid number approves without a challenge.
export type SandboxBehaviour = 'approve' | 'decline' | 'timeout' | 'challenge' | 'challenge_fail';

export const cardTestNumbers: Record<string, SandboxBehaviour> = {
  '4111111111111111': 'approve',
  '5555555555554444': 'approve',
  '378282246310005': 'approve',
  '4000000000000002': 'decline',
  '4000000000000119': 'timeout',
  '4000000000001091': 'challenge',
  '5200000000001005': 'challenge',
  '4000000000001109': 'challenge_fail',
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
  return 'approve';
}
