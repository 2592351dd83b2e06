import { describe, expect, it } from 'vitest';
import {
  changesSmtpSettings,
  validateApplicationConfiguration,
  type ApplicationConfigurationInput,
} from './configuration-checks';

const stored: ApplicationConfigurationInput = {
  companyName: 'AR Portal',
  applicationUrl: 'https://portal.example.com',
  isPaymentsDisable: false,
  paymentDisabledMessages: {},
  registrationRequestEmail: '',
  // A fresh portal: no SMTP server (mail through SMTP_URL, or the outbox).
  smtpAddress: '',
  smtpPort: 25,
  smtpUseUser: false,
  smtpUser: '',
  fromAddress: '',
  overrideEmail: '',
  maxPaymentAllowed: '0',
  maxECheckPaymentAllowed: '0',
};

describe('changesSmtpSettings', () => {
  const same = { ...stored, smtpPassword: '' };

  it('is false for a save that leaves the SMTP settings as stored', () => {
    expect(changesSmtpSettings(stored, same)).toBe(false);
    const otherFields = { ...same, smtpAddress: '  ', overrideEmail: 'test@example.com', companyName: 'Acme' };
    expect(changesSmtpSettings(stored, otherFields)).toBe(false);
    // The user name means nothing while authentication is off.
    expect(changesSmtpSettings(stored, { ...same, smtpUser: 'ignored' })).toBe(false);
  });

  it('is true for a new server, port, authentication switch, user or password', () => {
    expect(changesSmtpSettings(stored, { ...same, smtpAddress: 'mail.example.com' })).toBe(true);
    expect(changesSmtpSettings(stored, { ...same, smtpPort: 587 })).toBe(true);
    expect(changesSmtpSettings(stored, { ...same, smtpPort: null })).toBe(true);
    expect(changesSmtpSettings(stored, { ...same, smtpUseUser: true })).toBe(true);
    expect(
      changesSmtpSettings(
        { ...stored, smtpUseUser: true, smtpUser: 'a' },
        { ...same, smtpUseUser: true, smtpUser: 'b' },
      ),
    ).toBe(true);
    expect(changesSmtpSettings(stored, { ...same, smtpPassword: 'secret' })).toBe(true);
  });
});

describe('validateApplicationConfiguration', () => {
  it('does not ask for SMTP settings on a save that does not change them', () => {
    expect(validateApplicationConfiguration({ ...stored, isPaymentsDisable: false }, { smtp: false })).toEqual({});
  });

  it('asks for the server and port, and the user with authentication, when the SMTP settings are saved', () => {
    expect(validateApplicationConfiguration({ ...stored, smtpPort: null, smtpUseUser: true }, { smtp: true })).toEqual({
      smtpAddress: 'validation.configuration.smtp_address_required',
      smtpPort: 'validation.configuration.smtp_port_required',
      smtpUser: 'validation.configuration.smtp_user_required',
    });
    expect(
      validateApplicationConfiguration({ ...stored, smtpAddress: 'mail.example.com', smtpPort: 70000 }, { smtp: true }),
    ).toEqual({ smtpPort: 'validation.configuration.smtp_port_required' });
    expect(
      validateApplicationConfiguration({ ...stored, smtpAddress: 'mail.example.com', smtpPort: 587 }, { smtp: true }),
    ).toEqual({});
  });

  it('keeps the other rules of spec §5 whatever the SMTP settings', () => {
    expect(
      validateApplicationConfiguration(
        { ...stored, companyName: ' ', isPaymentsDisable: true, maxPaymentAllowed: '-1' },
        { smtp: false },
      ),
    ).toEqual({
      companyName: 'validation.configuration.company_name_required',
      paymentDisabledMessages: 'validation.configuration.disable_payments_validation_message',
      maxPaymentAllowed: 'validation.configuration.payment_limit_invalid',
    });
  });
});
