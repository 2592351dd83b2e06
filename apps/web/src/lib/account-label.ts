/** Leading zeros are stripped from account numbers for display (spec §9); other account numbers stay as they are. */
export function accountLabel(primaryAccount: string): string {
  return /^\d+$/.test(primaryAccount) ? primaryAccount.replace(/^0+(?=\d)/, '') : primaryAccount;
}
