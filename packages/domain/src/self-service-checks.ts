// The form rules of the self-service screens (access spec §5; issue 13): password set or reset by token, the
// signed-in password change, the reset request, the registration form, the account-by-invoice form and admin
// recovery. Run by each form and again by the server, which adds the dictionary half of the password policy
// (apps/server/src/modules/auth/password-policy.ts).
import { isValidEmail } from './guest-payment-checks';
import type { FieldErrors } from './payment-cards';

/** NIST SP 800-63B (issue 13): 12 to 128 characters after NFKC normalisation, any characters, no composition rules. */
export const passwordLength = { min: 12, max: 128 } as const;

export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** The length half of the password policy: the key of the broken rule, or undefined. */
export function passwordLengthProblem(password: string): string | undefined {
  const length = [...normalizePassword(password)].length;
  if (length < passwordLength.min) return 'validation.password_policy.too_short';
  if (length > passwordLength.max) return 'validation.password_policy.too_long';
  return undefined;
}

export type NewPasswordInput = { password: string; confirmPassword: string };

/** spec §5 "Password set/reset by token": required, confirmation required and equal; then the length policy. */
export function validateNewPassword(input: NewPasswordInput): FieldErrors<keyof NewPasswordInput> {
  const errors: FieldErrors<keyof NewPasswordInput> = {};
  if (input.password === '') errors.password = 'validation.password.required';
  else {
    const problem = passwordLengthProblem(input.password);
    if (problem) errors.password = problem;
  }
  if (input.confirmPassword === '') errors.confirmPassword = 'validation.password.confirm_required';
  else if (input.password !== '' && input.confirmPassword !== input.password)
    errors.confirmPassword = 'validation.password.mismatch';
  return errors;
}

export type ChangePasswordInput = { CurrentPassword: string; NewPassword: string; ConfirmNewPassword: string };

/** spec §5 "Reset password (signed in)": each field 'Required.'; the new one under the policy and confirmed. */
export function validateChangePassword(input: ChangePasswordInput): FieldErrors<keyof ChangePasswordInput> {
  const errors: FieldErrors<keyof ChangePasswordInput> = {};
  if (input.CurrentPassword === '') errors.CurrentPassword = 'validation.required';
  if (input.NewPassword === '') errors.NewPassword = 'validation.required';
  else {
    const problem = passwordLengthProblem(input.NewPassword);
    if (problem) errors.NewPassword = problem;
  }
  if (input.ConfirmNewPassword === '') errors.ConfirmNewPassword = 'validation.required';
  else if (input.NewPassword !== '' && input.ConfirmNewPassword !== input.NewPassword)
    errors.ConfirmNewPassword = 'validation.password.mismatch';
  return errors;
}

/** spec §5 "Password-reset request": e-mail required and valid. */
export function validateResetRequest(email: string): string | undefined {
  if (email.trim() === '') return 'validation.password_reset_request.email_required';
  if (!isValidEmail(email)) return 'validation.password_reset_request.email_invalid';
  return undefined;
}

export type RegistrationFormInput = {
  email: string;
  first_name: string;
  last_name: string;
  company: string;
  password: string;
  verify_password: string;
};

/** spec §5 "Registration form", with its messages word for word, then the length policy. */
export function validateRegistrationForm(input: RegistrationFormInput): FieldErrors<keyof RegistrationFormInput> {
  const errors: FieldErrors<keyof RegistrationFormInput> = {};
  if (input.email.trim() === '') errors.email = 'validation.registration.email_required';
  else if (!isValidEmail(input.email)) errors.email = 'validation.registration.email_invalid';
  if (input.first_name.trim() === '') errors.first_name = 'validation.registration.first_name_required';
  if (input.last_name.trim() === '') errors.last_name = 'validation.registration.last_name_required';
  if (input.company.trim() === '') errors.company = 'validation.registration.company_required';
  if (input.password === '') errors.password = 'validation.registration.password_required';
  else {
    const problem = passwordLengthProblem(input.password);
    if (problem) errors.password = problem;
  }
  if (input.verify_password !== input.password) errors.verify_password = 'validation.registration.passwords_must_match';
  return errors;
}

export type AccountByInvoiceInput = { accountNumber: string; invoiceNumber: string; invoiceAmount: string };

/** spec §5 "Add account by invoice": account alphanumeric and required; invoice required; amount -?digits(.dd)?. */
export function validateAccountByInvoice(input: AccountByInvoiceInput): FieldErrors<keyof AccountByInvoiceInput> {
  const errors: FieldErrors<keyof AccountByInvoiceInput> = {};
  const account = input.accountNumber.trim();
  if (account === '') errors.accountNumber = 'validation.account_lookup.account_number_required';
  else if (!/^[A-Za-z0-9]{1,20}$/.test(account)) errors.accountNumber = 'validation.invalid_characters';
  if (input.invoiceNumber.trim() === '') errors.invoiceNumber = 'validation.account_lookup.invoice_number_required';
  const amount = input.invoiceAmount.trim();
  if (amount === '') errors.invoiceAmount = 'validation.account_lookup.invoice_amount_required';
  else if (!/^-?\d{1,15}(\.\d{2})?$/.test(amount)) errors.invoiceAmount = 'validation.invalid_amount';
  return errors;
}

export type AdminRecoveryInput = {
  key: string;
  user: string;
  mode: 'C' | 'R';
  password: string;
  confirmPassword: string;
  firstname: string;
  lastname: string;
  company: string;
  email: string;
};

/**
 * spec §5 "Admin recovery", in its order: key, user, password and confirmation required (and in create mode the
 * names, company and e-mail) else 'admin.recovery.missing'; e-mail pattern else 'invalidemail'; passwords equal else
 * 'pwdmismatch'. Then the length policy.
 */
export function validateAdminRecovery(input: AdminRecoveryInput): string | undefined {
  const required = [input.key, input.user, input.password, input.confirmPassword];
  if (input.mode === 'C') required.push(input.firstname, input.lastname, input.company, input.email);
  if (required.some((value) => value.trim() === '')) return 'validation.admin_recovery.missing';
  if (input.mode === 'C' && !isValidEmail(input.email)) return 'validation.admin_recovery.invalidemail';
  if (input.password !== input.confirmPassword) return 'validation.admin_recovery.pwdmismatch';
  return passwordLengthProblem(input.password);
}
