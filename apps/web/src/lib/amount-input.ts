// spec §5: the letter e cannot be typed in an amount (it would make an exponent). Every amount field of the pay
// page, the deposit form and the guest forms uses these.
import type { KeyboardEvent } from 'react';

export const isBlockedAmountKey = (key: string): boolean => key === 'e' || key === 'E';

/** onKeyDown of an amount field. */
export function preventExponentKey(event: KeyboardEvent<HTMLInputElement>): void {
  if (isBlockedAmountKey(event.key)) event.preventDefault();
}

/** Pasted or autofilled text loses the letter e as well. */
export const withoutExponent = (value: string): string => value.replace(/[eE]/g, '');
