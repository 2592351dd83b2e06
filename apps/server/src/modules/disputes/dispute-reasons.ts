// Issue 39: a company code's dispute reasons (ADR 0034, Settings → Collections). The company code's invoice-payment
// reason codes (payment type O) an administrator marked as dispute reasons, each with its target days, plus OTHER. A
// company code nobody configured uses every invoice-payment code but PP and OP (nonDisputeReasonCodes), 14 days each,
// and OTHER 30 days. A company code the ERP does not list answers 404, as an account would.
import {
  defaultDisputeTargetDays,
  defaultOtherDisputeTargetDays,
  nonDisputeReasonCodes,
  otherDisputeReason,
  SaveDisputeReasonsRequest,
  type BackendConfiguration,
  type DisputeReason,
  type DisputeReasonsResponse,
} from '@portal/contracts';
import { reasonCodesFor } from '@portal/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { writeSetting } from '../system/app-settings.repository';
import { readApplicationSettings, type ApplicationSettings } from '../system/application-settings';

type StoredReason = ApplicationSettings['disputeReasons'][string][number];

/** The company code's dispute reasons, OTHER last; configured false while nobody saved them (the defaults). */
export async function disputeReasonsOf(ctx: AppContext, companyCode: string): Promise<DisputeReasonsResponse> {
  const [configuration, settings] = await Promise.all([
    ctx.erp.getBackendConfiguration(),
    readApplicationSettings(ctx.db),
  ]);
  if (!configuration.company_codes.some((entry) => entry.company_code === companyCode)) throw new AppError('NOT_FOUND');
  const offered = invoicePaymentReasons(configuration, companyCode);
  const stored = settings.disputeReasons[companyCode];
  const chosen: StoredReason[] = stored
    ? stored
    : [
        ...[...offered.keys()]
          .filter((code) => !nonDisputeReasonCodes.includes(code))
          .map((code) => ({ reason_code: code, target_days: defaultDisputeTargetDays })),
        { reason_code: otherDisputeReason, target_days: defaultOtherDisputeTargetDays },
      ];
  // A code the ERP stopped offering since it was saved is no reason any more; OTHER always is, last.
  const other = chosen.find((reason) => reason.reason_code === otherDisputeReason);
  const reasons: DisputeReason[] = [
    ...chosen
      .filter((reason) => offered.has(reason.reason_code) && reason.reason_code !== otherDisputeReason)
      .map((reason) => ({ ...reason, description: offered.get(reason.reason_code)! })),
    {
      reason_code: otherDisputeReason,
      description: '',
      target_days: other?.target_days ?? defaultOtherDisputeTargetDays,
    },
  ];
  return { company_code: companyCode, reasons, configured: stored !== undefined };
}

/**
 * Whether a short payment's reason code opens a dispute, and its target days, from inside the posting's transaction:
 * the settings are read there, never the ERP (the embedded database runs one transaction at a time). The payment's
 * checks offered the company code's invoice-payment codes only, so the default is every code but PP and OP.
 */
export async function shortPaymentDisputeReason(
  tx: Db,
  companyCode: string,
  reasonCode: string,
): Promise<{ target_days: number } | null> {
  const code = reasonCode.trim();
  if (code === '' || code === otherDisputeReason) return null;
  const stored = (await readApplicationSettings(tx)).disputeReasons[companyCode];
  if (!stored) return nonDisputeReasonCodes.includes(code) ? null : { target_days: defaultDisputeTargetDays };
  const reason = stored.find((entry) => entry.reason_code === code);
  return reason ? { target_days: reason.target_days } : null;
}

export async function saveDisputeReasons(
  ctx: AppContext,
  actor: Actor,
  companyCode: string,
  input: unknown,
  client: ClientInfo,
): Promise<DisputeReasonsResponse> {
  const request = SaveDisputeReasonsRequest.parse(input);
  const configuration = await ctx.erp.getBackendConfiguration();
  if (!configuration.company_codes.some((entry) => entry.company_code === companyCode)) throw new AppError('NOT_FOUND');
  const offered = invoicePaymentReasons(configuration, companyCode);
  const codes = request.reasons.map((reason) => reason.reason_code);
  if (new Set(codes).size !== codes.length) throw refused('reason_codes_duplicate');
  if (codes.some((code) => code !== otherDisputeReason && !offered.has(code))) throw refused('reason_codes');
  // OTHER is always a reason: given, with its days; not given, with its default.
  const reasons: StoredReason[] = [
    ...request.reasons.filter((reason) => reason.reason_code !== otherDisputeReason),
    request.reasons.find((reason) => reason.reason_code === otherDisputeReason) ?? {
      reason_code: otherDisputeReason,
      target_days: defaultOtherDisputeTargetDays,
    },
  ].map((reason) => ({ reason_code: reason.reason_code, target_days: reason.target_days }));
  const before = await readApplicationSettings(ctx.db);
  // As the Application tab saves the settings (application-configuration.ts): outside a transaction, so that the
  // change is announced to every instance's kept settings once it is stored.
  await writeSetting(ctx.db, 'application', {
    ...before,
    disputeReasons: { ...before.disputeReasons, [companyCode]: reasons },
  });
  await recordAuditEvent(ctx.db, {
    event: 'dispute_reasons_saved',
    at: ctx.now(),
    userId: actor.impersonator?.userId ?? actor.userId,
    subject: companyCode,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
    details: { reasons: reasons.map((reason) => `${reason.reason_code}:${reason.target_days}`) },
  });
  return disputeReasonsOf(ctx, companyCode);
}

/** The company code's invoice-payment reason codes (payment type O) with the ERP's description. */
function invoicePaymentReasons(configuration: BackendConfiguration, companyCode: string): Map<string, string> {
  return new Map(
    reasonCodesFor(configuration, companyCode, 'O').map((reason) => [reason.reason_code, reason.description]),
  );
}

function refused(key: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    messageKey: `validation.disputes.${key}`,
    details: { fields: ['reasons'] },
  });
}
