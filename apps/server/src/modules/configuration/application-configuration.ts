// GET/PUT /api/configuration and PUT /api/configuration/Application/{name} (access spec §3 Application
// configuration, §5, §7; issue 15). The document uses the spec's names; the SMTP password is write-only (answered
// empty, an empty value keeps the stored one) and sealed at rest. Every instance reads the settings on use, so a
// change holds at once everywhere. Each save is audited with the fields changed, old and new, secrets masked.
// The SMTP rules of spec §5 hold for a save that changes the SMTP settings, not for every save (issue 27): a portal
// that mails through SMTP_URL, or not yet at all, has no SMTP server to type before switching payments off.
// The reason codes that hold invoices back from AutoPay (issue 35) are checked against the ERP's configuration only
// when a save changes them, so that the rest of the tab can be saved while the ERP is down.
import {
  ApplicationConfiguration,
  paymentMessageLanguages,
  type ApplicationConfiguration as Configuration,
} from '@portal/contracts';
import {
  autopayReasonCodeOptions,
  changesSmtpSettings,
  checkAutopayHoldReasonCodes,
  defaultAutopayHoldReasonCodes,
  normalizeAutopayHoldReasonCodes,
  validateApplicationConfiguration,
} from '@portal/domain';
import type { AppContext } from '../../app-context';
import { AppError, assertNoFieldErrors } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { writeSetting } from '../system/app-settings.repository';
import {
  defaultApplicationSettings,
  readApplicationSettings,
  type ApplicationSettings,
} from '../system/application-settings';

const masked = '********';

function toDocument(ctx: AppContext, settings: ApplicationSettings): Configuration {
  return {
    companyName: settings.companyName,
    applicationUrl: settings.applicationUrl || ctx.config.PUBLIC_URL,
    isPaymentsDisable: settings.isPaymentsDisable,
    paymentDisabledMessages: Object.fromEntries(
      paymentMessageLanguages.map((language) => [language, settings.paymentDisabledMessages[language] ?? '']),
    ) as Configuration['paymentDisabledMessages'],
    registrationRequestEmail: settings.registrationRequestEmail,
    registrationEmailExpiration: settings.registrationEmailExpiration,
    registrationEmailExpirationMessage: settings.registrationEmailExpirationMessage,
    allowRegistration: settings.allowRegistration,
    allowGuestPayment: settings.allowGuestPayment,
    privacyPolicy: settings.privacyPolicy,
    termsAndConditions: settings.termsAndConditions,
    contactUs: settings.contactUs,
    maxPaymentAllowed: settings.maxPaymentAllowed,
    maxECheckPaymentAllowed: settings.maxECheckPaymentAllowed,
    smtpAddress: settings.smtpAddress,
    smtpPort: settings.smtpPort,
    smtpUseUser: settings.smtpUseUser,
    smtpUser: settings.smtpUser,
    smtpPassword: '',
    fromAddress: settings.fromAddress,
    fromAddressName: settings.fromAddressName,
    overrideEmail: settings.overrideEmail,
    scheduledPaymentsCompanyCodes: settings.scheduledPaymentsCompanyCodes,
    autopayCompanyCodes: settings.autopayCompanyCodes,
    schedulingHorizonDays: settings.schedulingHorizonDays,
    promiseMaxDays: settings.promiseMaxDays,
    autopayHoldReasonCodes: settings.autopayHoldReasonCodes,
  };
}

export async function getApplicationConfiguration(ctx: AppContext): Promise<Configuration> {
  return toDocument(ctx, await readApplicationSettings(ctx.db));
}

export async function putApplicationConfiguration(
  ctx: AppContext,
  actor: Actor,
  input: Configuration,
  client: ClientInfo,
): Promise<Configuration> {
  const before = await readApplicationSettings(ctx.db);
  const errors = validateApplicationConfiguration(input, { smtp: changesSmtpSettings(before, input) });
  assertNoFieldErrors(errors);
  const autopayHoldReasonCodes = await holdReasonCodesToStore(
    ctx,
    before.autopayHoldReasonCodes,
    input.autopayHoldReasonCodes,
  );
  const trim = (value: string) => value.trim();
  const next: ApplicationSettings = {
    ...before,
    companyName: trim(input.companyName),
    applicationUrl: trim(input.applicationUrl),
    isPaymentsDisable: input.isPaymentsDisable,
    paymentDisabledMessages: Object.fromEntries(
      paymentMessageLanguages
        .map((language) => [language, trim(input.paymentDisabledMessages[language])] as const)
        .filter(([, text]) => text !== ''),
    ),
    registrationRequestEmail: trim(input.registrationRequestEmail).toLowerCase(),
    registrationEmailExpiration: input.registrationEmailExpiration,
    registrationEmailExpirationMessage: trim(input.registrationEmailExpirationMessage),
    allowRegistration: input.allowRegistration,
    allowGuestPayment: input.allowGuestPayment,
    privacyPolicy: trim(input.privacyPolicy),
    termsAndConditions: trim(input.termsAndConditions),
    contactUs: trim(input.contactUs),
    maxPaymentAllowed: trim(input.maxPaymentAllowed),
    maxECheckPaymentAllowed: trim(input.maxECheckPaymentAllowed),
    smtpAddress: trim(input.smtpAddress),
    smtpPort: input.smtpPort ?? before.smtpPort,
    smtpUseUser: input.smtpUseUser,
    smtpUser: trim(input.smtpUser),
    smtpPassword: input.smtpPassword === '' ? before.smtpPassword : ctx.secrets.seal(input.smtpPassword),
    fromAddress: trim(input.fromAddress).toLowerCase(),
    fromAddressName: trim(input.fromAddressName),
    overrideEmail: trim(input.overrideEmail).toLowerCase(),
    scheduledPaymentsCompanyCodes: [...new Set(input.scheduledPaymentsCompanyCodes.map(trim).filter(Boolean))],
    autopayCompanyCodes: [...new Set(input.autopayCompanyCodes.map(trim).filter(Boolean))],
    schedulingHorizonDays: input.schedulingHorizonDays,
    promiseMaxDays: input.promiseMaxDays,
    autopayHoldReasonCodes,
  };
  return saveSettings(ctx, actor, before, next, client);
}

/**
 * Issue 35: the reason codes that hold invoices back from AutoPay as stored, each list trimmed, once each, in order.
 * An entry the save changes must name a company code the ERP lists and codes it offers there (400 naming both); one
 * equal to the default (every code but PP) is dropped, so that a code the ERP adds later holds there too.
 */
async function holdReasonCodesToStore(
  ctx: AppContext,
  stored: Record<string, string[]>,
  input: Record<string, string[]>,
): Promise<Record<string, string[]>> {
  const next: Record<string, string[]> = {};
  for (const [companyCode, codes] of Object.entries(input)) {
    if (companyCode.trim()) next[companyCode.trim()] = normalizeAutopayHoldReasonCodes(codes);
  }
  const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
    JSON.stringify(a) === JSON.stringify(b);
  const changed = Object.fromEntries(
    Object.entries(next).filter(([companyCode, codes]) => !same(codes, stored[companyCode])),
  );
  if (Object.keys(changed).length === 0) return next;
  const configuration = await ctx.erp.getBackendConfiguration();
  const refused = checkAutopayHoldReasonCodes(changed, configuration);
  if (refused) {
    const { key, ...named } = refused;
    throw new AppError('VALIDATION_FAILED', {
      messageKey: key,
      details: { fields: ['autopayHoldReasonCodes'], ...named },
    });
  }
  for (const [companyCode, codes] of Object.entries(changed)) {
    const options = autopayReasonCodeOptions(configuration, companyCode);
    if (same(codes, normalizeAutopayHoldReasonCodes(defaultAutopayHoldReasonCodes(options)))) delete next[companyCode];
  }
  return next;
}

/**
 * DELETE /api/configuration/smtp (issue 27): forget the SMTP settings, so that mail goes through the deployment's
 * SMTP_URL again, or waits in the outbox. The one way to clear them, since a save that changes them needs a server.
 */
export async function removeSmtpSettings(ctx: AppContext, actor: Actor, client: ClientInfo): Promise<Configuration> {
  const before = await readApplicationSettings(ctx.db);
  const { smtpAddress, smtpPort, smtpUseUser, smtpUser, smtpPassword } = defaultApplicationSettings;
  const next = { ...before, smtpAddress, smtpPort, smtpUseUser, smtpUser, smtpPassword };
  return saveSettings(ctx, actor, before, next, client);
}

async function saveSettings(
  ctx: AppContext,
  actor: Actor,
  before: ApplicationSettings,
  next: ApplicationSettings,
  client: ClientInfo,
): Promise<Configuration> {
  await writeSetting(ctx.db, 'application', next);
  const changes = changedFields(before, next);
  if (changes.length) {
    await recordAuditEvent(ctx.db, {
      at: ctx.now(),
      event: 'configuration_changed',
      userId: actor.impersonator?.userId ?? actor.userId,
      subject: 'application',
      ip: client.ip,
      userAgent: client.userAgent,
      requestId: client.requestId,
      details: { changes },
    });
  }
  return toDocument(ctx, next);
}

/** One value: the document with that field changed, under the same schema and rules as the whole. */
export async function putApplicationConfigurationValue(
  ctx: AppContext,
  actor: Actor,
  name: keyof Configuration,
  value: unknown,
  client: ClientInfo,
): Promise<Configuration> {
  const current = await getApplicationConfiguration(ctx);
  const parsed = ApplicationConfiguration.safeParse({ ...current, [name]: value });
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', { details: { fields: [name] } });
  return putApplicationConfiguration(ctx, actor, parsed.data, client);
}

/** The fields a save changed, old and new; the SMTP password only as changed, never its value. */
function changedFields(
  before: ApplicationSettings,
  after: ApplicationSettings,
): { field: string; from: unknown; to: unknown }[] {
  return (Object.keys(after) as (keyof ApplicationSettings)[])
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) =>
      field === 'smtpPassword' ? { field, from: masked, to: masked } : { field, from: before[field], to: after[field] },
    );
}
