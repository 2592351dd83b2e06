// E-check rules of spec §5 (Echeck) and §9, shared by the form, the sandbox gateway's frame and the server.
import type { FieldErrors } from './payment-cards';

/** spec §3: C personal checking, X business checking, S savings. */
export const echeckAccountTypes = ['C', 'X', 'S'] as const;
export type EcheckAccountType = (typeof echeckAccountTypes)[number];

/** spec §5: 9 digits and the weighted 3-7-1 checksum, the sum divisible by 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((total, weight, i) => total + weight * (value.charCodeAt(i) - 48), 0);
  return sum % 10 === 0;
}

/** spec §5: digits only, 5 to 17 long. */
export function isValidBankAccountNumber(value: string): boolean {
  return /^\d{5,17}$/.test(value);
}

export type EcheckDetailsFields = {
  electronic_check_account_type: string;
  name: string;
  electronic_check_rdfi_number: string;
};

/** The portal side of the e-check form; the account number is typed in the gateway's frame. */
export function validateEcheckDetails(
  form: EcheckDetailsFields,
  options: { editing?: boolean } = {},
): FieldErrors<'electronic_check_account_type' | 'name' | 'electronic_check_rdfi_number'> {
  const errors: FieldErrors<'electronic_check_account_type' | 'name' | 'electronic_check_rdfi_number'> = {};
  if (!form.name.trim()) errors.name = 'validation.echeck.holder_required';
  // spec §5: editing requires only the name.
  if (options.editing) return errors;
  if (!echeckAccountTypes.includes(form.electronic_check_account_type as EcheckAccountType))
    errors.electronic_check_account_type = 'validation.echeck.account_type_required';
  if (!form.electronic_check_rdfi_number)
    errors.electronic_check_rdfi_number = 'validation.echeck.routing_number_required';
  else if (!isValidRoutingNumber(form.electronic_check_rdfi_number))
    errors.electronic_check_rdfi_number = 'validation.echeck.routing_number_invalid';
  return errors;
}

/** The account number as the frame and the gateway check it. */
export function validateBankAccountNumber(value: string): string | null {
  if (!value) return 'validation.echeck.account_number_required';
  return isValidBankAccountNumber(value) ? null : 'validation.echeck.account_number_invalid';
}
