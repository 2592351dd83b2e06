// PUT /api/users/account/validate, and the profile's POST /api/users/{id}/accounts/byinvoice: an account proven by
// one of its invoices (access spec §5 Add account by invoice, §8; issue 13). The attempt counts against the guest
// lookup's limits (the same oracle, the same limiter); any mismatch is one 404 after the same minimum time. The
// proven account is the invoice's payer: self-registered users are Payer users (spec §3), so a sold-to number
// proves nothing here and answers like an unknown account.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { validateAccountByInvoice, type AccountByInvoiceInput } from '@portal/domain';
import type { ProvenAccount } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { AppError, assertNoFieldErrors } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import { recordAuditEvent } from '../audit/audit.repository';
import { answerNoSooner, findProvenInvoice } from '../customers/invoice-proof';
import type { LookupLimit } from '../guest-payment/guest-lookup-limiter';
import { normalizeNumber } from '../invoices/invoice-scope';

export type AccountFields = Omit<ProvenAccount, 'proof'>;

/** How long a proof may wait in the browser before the registration form is sent. */
const proofTtlMs = 30 * 60_000;

export async function proveAccount(
  ctx: AppContext,
  input: AccountByInvoiceInput,
  client: ClientInfo,
  countAttempt: (account: string) => Promise<LookupLimit>,
): Promise<AccountFields> {
  const started = performance.now();
  const errors = validateAccountByInvoice(input);
  assertNoFieldErrors(errors);
  const account = normalizeNumber(input.accountNumber).toUpperCase();
  const audit = { subject: account, ip: client.ip, userAgent: client.userAgent, requestId: client.requestId };

  const limit = await countAttempt(account);
  if (limit.limited) {
    await recordAuditEvent(ctx.db, {
      ...audit,
      at: ctx.now(),
      event: 'account_proof_refused_rate_limit',
      details: { by: limit.by },
    });
    throw new AppError('RATE_LIMITED', {
      messageKey: 'errors.account.too_many_attempts',
      reason: 'too_many_attempts',
      details: { retryAfterSeconds: limit.retryAfterSeconds },
    });
  }
  const found = await findProvenInvoice(ctx, input);
  const header = found?.detail.header_data;
  const payer =
    header && normalizeNumber(header.payer_number).toUpperCase() === account
      ? await ctx.erp.getPayer({ customer_number: header.payer_number, company_code: header.company_code })
      : undefined;
  if (!header || !payer?.detail) {
    await recordAuditEvent(ctx.db, {
      ...audit,
      at: ctx.now(),
      event: 'account_proof_failed',
      details: { invoice: normalizeNumber(input.invoiceNumber) },
    });
    await answerNoSooner(ctx, started);
    throw new AppError('NOT_FOUND', { messageKey: 'errors.account.no_account_found' });
  }
  await recordAuditEvent(ctx.db, {
    ...audit,
    at: ctx.now(),
    event: 'account_proof',
    details: { invoice: header.billing_document_number },
  });
  await answerNoSooner(ctx, started);
  const area = payer.detail.sales_area_data;
  return {
    primary_account: header.payer_number,
    account_type: 'Payer',
    company_code: header.company_code,
    sales_organization: area.sales_organization,
    distribution_channel: area.distribution_channel,
    division: area.division,
    name: payer.detail.address_data.name,
  };
}

function proofKey(ctx: AppContext): Buffer {
  return createHmac('sha256', ctx.urlSigningKey).update('portal account proof v1').digest();
}

function proofMac(ctx: AppContext, fields: AccountFields, expiresAt: number): Buffer {
  const canonical = JSON.stringify([
    expiresAt,
    fields.primary_account,
    fields.account_type,
    fields.company_code,
    fields.sales_organization,
    fields.distribution_channel,
    fields.division,
    fields.name,
  ]);
  return createHmac('sha256', proofKey(ctx)).update(canonical).digest();
}

/** A short-lived server signature over the proven fields: the registration call takes no account without one. */
export function signAccountProof(ctx: AppContext, fields: AccountFields): ProvenAccount {
  const expiresAt = ctx.now().getTime() + proofTtlMs;
  return { ...fields, proof: `${expiresAt}.${proofMac(ctx, fields, expiresAt).toString('base64url')}` };
}

export function verifyAccountProof(ctx: AppContext, account: ProvenAccount): boolean {
  const [expires, mac] = account.proof.split('.');
  const expiresAt = Number(expires);
  if (!mac || !Number.isSafeInteger(expiresAt) || expiresAt <= ctx.now().getTime()) return false;
  const { proof: _proof, ...fields } = account;
  const expected = proofMac(ctx, fields, expiresAt);
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
