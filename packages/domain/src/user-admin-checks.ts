// The form rules of user administration (access spec §5 user form, linked account, exclusion list, registration
// request; issue 14). Run by each form and again by the server, which adds the password policy's dictionary half.
import { isValidEmail } from './guest-payment-checks';
import type { FieldErrors } from './payment-cards';
import { passwordLengthProblem } from './self-service-checks';

export const userRoleOptions = ['admin', 'manager', 'internal', 'user'] as const;
export const userStatusOptions = ['active', 'deactivated', 'waiting-confirmation', 'locked'] as const;
export const primaryAccountTypeOptions = ['SoldTo', 'Payer', 'PayerAll'] as const;
export const linkedAccountTypeOptions = ['master', 'transactional', 'both'] as const;

export type UserFormInput = {
  login: string;
  email: string;
  first_name: string;
  last_name: string;
  company: string;
  status: string;
  primary_account_type_id: string;
  user_role: string;
  set_password?: boolean;
  password?: string;
  verify_password?: string;
};

const oneOf = (options: readonly string[], value: string): boolean => options.includes(value);

/**
 * spec §5 "User form": each field required with its own message, the e-mail well-formed; with "set password" on,
 * the password under the length policy and confirmed.
 */
export function validateUserForm(input: UserFormInput): FieldErrors<keyof UserFormInput> {
  const errors: FieldErrors<keyof UserFormInput> = {};
  if (input.login.trim() === '') errors.login = 'validation.user.login_required';
  if (input.first_name.trim() === '') errors.first_name = 'validation.user.first_name_required';
  if (input.last_name.trim() === '') errors.last_name = 'validation.user.last_name_required';
  if (input.company.trim() === '') errors.company = 'validation.user.company_required';
  if (input.email.trim() === '') errors.email = 'validation.user.email_required';
  else if (!isValidEmail(input.email.trim())) errors.email = 'validation.user.email_invalid';
  if (!oneOf(userStatusOptions, input.status)) errors.status = 'validation.user.status_required';
  if (!oneOf(primaryAccountTypeOptions, input.primary_account_type_id))
    errors.primary_account_type_id = 'validation.user.primary_account_type_required';
  if (!oneOf(userRoleOptions, input.user_role)) errors.user_role = 'validation.user.user_role_required';
  if (input.set_password) {
    const password = input.password ?? '';
    if (password === '') errors.password = 'validation.user.password_required';
    else {
      const problem = passwordLengthProblem(password);
      if (problem) errors.password = problem;
    }
    if ((input.verify_password ?? '') !== password) errors.verify_password = 'validation.password.mismatch';
  }
  return errors;
}

export type LinkedAccountFormInput = {
  primary_account: string;
  account_type: string;
  company_code: string;
  sales_organization: string;
  distribution_channel: string;
  division: string;
};

const alphanumericFields = [
  'primary_account',
  'sales_organization',
  'company_code',
  'division',
  'distribution_channel',
] as const;

/** spec §5 "Linked account": five fields alphanumeric and required, the account type required. */
export function validateLinkedAccount(input: LinkedAccountFormInput): FieldErrors<keyof LinkedAccountFormInput> {
  const errors: FieldErrors<keyof LinkedAccountFormInput> = {};
  for (const field of alphanumericFields) {
    const value = input[field].trim();
    if (value === '') errors[field] = 'validation.required';
    else if (!/^[A-Za-z0-9]+$/.test(value)) errors[field] = 'validation.invalid_characters';
  }
  if (!oneOf(linkedAccountTypeOptions, input.account_type))
    errors.account_type = 'validation.linked_account.account_type_required';
  return errors;
}

/** spec §5 "Exclusion entry must be non-empty"; entries are account numbers (alphanumeric). */
export function exclusionProblem(entry: string): string | undefined {
  const value = entry.trim();
  if (value === '') return 'validation.linked_account.exclusion_required';
  if (!/^[A-Za-z0-9]{1,20}$/.test(value)) return 'validation.invalid_characters';
  return undefined;
}

export type RegistrationRequestFormInput = {
  first_name: string;
  last_name: string;
  company: string;
  email: string;
  message: string;
};

/** The registration-request form: names, company and a valid e-mail required; the message is optional. */
export function validateRegistrationRequestForm(
  input: RegistrationRequestFormInput,
): FieldErrors<keyof RegistrationRequestFormInput> {
  const errors: FieldErrors<keyof RegistrationRequestFormInput> = {};
  if (input.first_name.trim() === '') errors.first_name = 'validation.registration.first_name_required';
  if (input.last_name.trim() === '') errors.last_name = 'validation.registration.last_name_required';
  if (input.company.trim() === '') errors.company = 'validation.registration.company_required';
  if (input.email.trim() === '') errors.email = 'validation.registration.email_required';
  else if (!isValidEmail(input.email.trim())) errors.email = 'validation.registration.email_invalid';
  return errors;
}
