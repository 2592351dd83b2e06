// The Application configuration form's rules (access spec §5 "Configuration"; issue 15). Run by the Application and
// Email tabs and again by the server, which answers 400 naming the fields.
import { isValidEmail } from './guest-payment-checks';
import type { FieldErrors } from './payment-cards';

export type ApplicationConfigurationInput = {
  companyName: string;
  applicationUrl: string;
  isPaymentsDisable: boolean;
  paymentDisabledMessages: Record<string, string>;
  registrationRequestEmail: string;
  smtpAddress: string;
  smtpPort: number | null;
  smtpUseUser: boolean;
  smtpUser: string;
  fromAddress: string;
  overrideEmail: string;
  maxPaymentAllowed: string;
  maxECheckPaymentAllowed: string;
};

/** A limit: a plain decimal ≥ 0 with at most 2 decimals (0 means no limit). */
const limitPattern = /^\d{1,13}(\.\d{1,2})?$/;

/** The SMTP connection settings as stored: what the Email tab's SMTP section saves. */
export type SmtpConnection = Pick<
  ApplicationConfigurationInput,
  'smtpAddress' | 'smtpPort' | 'smtpUseUser' | 'smtpUser'
>;

/**
 * Whether a save changes the SMTP settings (issue 27): a server, port, user or authentication switch other than the
 * stored ones, or a new password (the password is write-only: an empty one keeps the stored one). Only such a save
 * is held to spec §5's SMTP rules; any other save (the Application tab, the sender or override address alone)
 * leaves them as they are, since mail may go through the deployment's SMTP_URL or wait in the outbox without them.
 */
export function changesSmtpSettings(stored: SmtpConnection, next: SmtpConnection & { smtpPassword: string }): boolean {
  return (
    next.smtpAddress.trim() !== stored.smtpAddress.trim() ||
    next.smtpPort !== stored.smtpPort ||
    next.smtpUseUser !== stored.smtpUseUser ||
    (next.smtpUseUser && next.smtpUser.trim() !== stored.smtpUser.trim()) ||
    next.smtpPassword !== ''
  );
}

/**
 * spec §5. `smtp`: whether the save changes the SMTP settings (changesSmtpSettings), which then need a server and a
 * port, and a user when authentication is on.
 */
export function validateApplicationConfiguration(
  input: ApplicationConfigurationInput,
  { smtp }: { smtp: boolean },
): FieldErrors<keyof ApplicationConfigurationInput> {
  const errors: FieldErrors<keyof ApplicationConfigurationInput> = {};
  if (input.companyName.trim() === '') errors.companyName = 'validation.configuration.company_name_required';
  if (input.applicationUrl.trim() === '') errors.applicationUrl = 'validation.configuration.application_url_required';
  const email = input.registrationRequestEmail.trim();
  if (email !== '' && !isValidEmail(email))
    errors.registrationRequestEmail = 'validation.configuration.registration_request_email_invalid';
  const from = input.fromAddress.trim();
  if (from !== '' && !isValidEmail(from)) errors.fromAddress = 'validation.configuration.from_address_invalid';
  const override = input.overrideEmail.trim();
  if (override !== '' && !isValidEmail(override)) errors.overrideEmail = 'validation.invalid_email';
  if (smtp) {
    if (input.smtpAddress.trim() === '') errors.smtpAddress = 'validation.configuration.smtp_address_required';
    if (input.smtpPort === null || !Number.isInteger(input.smtpPort) || input.smtpPort < 1 || input.smtpPort > 65535)
      errors.smtpPort = 'validation.configuration.smtp_port_required';
    if (input.smtpUseUser && input.smtpUser.trim() === '')
      errors.smtpUser = 'validation.configuration.smtp_user_required';
  }
  for (const field of ['maxPaymentAllowed', 'maxECheckPaymentAllowed'] as const) {
    if (!limitPattern.test(input[field].trim())) errors[field] = 'validation.configuration.payment_limit_invalid';
  }
  if (input.isPaymentsDisable && !Object.values(input.paymentDisabledMessages).some((m) => m.trim() !== ''))
    errors.paymentDisabledMessages = 'validation.configuration.disable_payments_validation_message';
  return errors;
}
