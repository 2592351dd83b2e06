// The application switches read before the configuration screens exist (a later issue edits them).
// Stored in portal.app_settings under "application"; defaults are what a fresh portal starts with.
import type { RegistrationEmailExpiration } from '@portal/contracts';
import type { Db } from '../../db/client';
import { readSetting } from './app-settings.repository';

export type ApplicationSettings = {
  companyName: string;
  /** The portal's address as the administrator names it (spec §3); links in e-mail use PUBLIC_URL. */
  applicationUrl: string;
  /** Shown with the registration links' lifetime (spec §3). */
  registrationEmailExpirationMessage: string;
  allowRegistration: boolean;
  allowGuestPayment: boolean;
  privacyPolicy: string;
  termsAndConditions: string;
  contactUs: string;
  /** spec §4: payment methods are always saved on file (the save-on-file box is hidden). */
  alwaysSavePaymentMethods: boolean;
  isPaymentsDisable: boolean;
  paymentDisabledMessages: Record<string, string>;
  /** Decimal strings; 0 means no limit (access spec §5). */
  maxPaymentAllowed: string;
  maxECheckPaymentAllowed: string;
  /** Who receives registration requests (access spec §3). */
  registrationRequestEmail: string;
  /** Lifetime of confirmation and invite links: 6, 12, 24 or 48 hours, or 'ne' (never). */
  registrationEmailExpiration: RegistrationEmailExpiration;
  /** SMTP settings (access spec §3); used once smtpAddress is set, else SMTP_URL (mail-transport.ts). */
  smtpAddress: string;
  smtpPort: number;
  smtpUseUser: boolean;
  smtpUser: string;
  /** Sealed with the configuration key (config-secrets.ts); never answered by the API. */
  smtpPassword: string;
  fromAddress: string;
  fromAddressName: string;
  /** Test systems: every message goes to this one address instead. */
  overrideEmail: string;
  /** Issue 29: company codes where payments may be scheduled, and where accounts may enrol in AutoPay. */
  scheduledPaymentsCompanyCodes: string[];
  autopayCompanyCodes: string[];
  /** Issue 29: how far ahead a payment of invoices that are all due may be scheduled (days). */
  schedulingHorizonDays: number;
  /** Issue 38: how far ahead a promise to pay may be dated. */
  promiseMaxDays: number;
  /**
   * Issue 35: per company code, the reason codes that hold an invoice back from AutoPay; a company code not named
   * holds every code but PP (packages/domain autopay-holds.ts, ADR 0029).
   */
  autopayHoldReasonCodes: Record<string, string[]>;
  /**
   * Issue 39: per company code, its invoice-payment reason codes that are dispute reasons, each with its target days
   * (OTHER among them); a company code not named uses every code but PP and OP, 14 days, and OTHER 30 (ADR 0034).
   */
  disputeReasons: Record<string, { reason_code: string; target_days: number }[]>;
};

export const defaultApplicationSettings: ApplicationSettings = {
  companyName: 'AR Portal',
  applicationUrl: '',
  registrationEmailExpirationMessage: '',
  allowRegistration: false,
  allowGuestPayment: false,
  privacyPolicy: '',
  termsAndConditions: '',
  contactUs: '',
  alwaysSavePaymentMethods: false,
  isPaymentsDisable: false,
  paymentDisabledMessages: {},
  maxPaymentAllowed: '0',
  maxECheckPaymentAllowed: '0',
  registrationRequestEmail: '',
  registrationEmailExpiration: '24',
  smtpAddress: '',
  smtpPort: 25,
  smtpUseUser: false,
  smtpUser: '',
  smtpPassword: '',
  fromAddress: '',
  fromAddressName: '',
  overrideEmail: '',
  scheduledPaymentsCompanyCodes: [],
  autopayCompanyCodes: [],
  schedulingHorizonDays: 30,
  promiseMaxDays: 60,
  autopayHoldReasonCodes: {},
  disputeReasons: {},
};

export async function readApplicationSettings(db: Db): Promise<ApplicationSettings> {
  const stored = await readSetting<Partial<ApplicationSettings>>(db, 'application');
  return { ...defaultApplicationSettings, ...stored };
}
