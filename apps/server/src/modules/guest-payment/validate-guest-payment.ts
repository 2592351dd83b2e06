// PUT /api/users/account/validateGuestPayment — the guest lookup (spec §4 Guest flow, §7, §8; access §2). The story:
// 1. guest payment is on (else 403 GUEST_PAYMENT_DISABLED);
// 2. the four-account cap of this guest visit, from the guest tokens it already holds (409 GUEST_MAX_ACCOUNTS);
// 3. the attempt is counted per client address, then per account number: over either limit it is refused before
//    anything is looked up (429 'account.error.too_many_attempts'), and the refusal is audited;
// 4. account number, invoice number and the invoice's total amount must all match: unknown account, unknown invoice
//    and a wrong amount give one answer (404 'account.error_no_account_found'), after the same minimum time;
// 5. an invoice this visit already holds is a duplicate (409 GUEST_ALREADY_ADDED, reason duplicate,
//    'account.error.already_added');
// 6. the invoice card and a guest token scoped to exactly this document.
import {
  maxGuestAccounts,
  type ValidateGuestPaymentRequest,
  type ValidateGuestPaymentResponse,
} from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { recordAuditEvent } from '../audit/audit.repository';
import type { ClientInfo } from '../auth/sign-in';
import { normalizeNumber } from '../invoices/invoice-scope';
import { assertGuestPaymentOn } from './guest-access';
import type { LookupLimit } from './guest-lookup-limiter';
import { sameGuestDocument, signGuestToken, verifyGuestToken } from './guest-tokens';
import { answerNoSooner, findProvenInvoice } from '../customers/invoice-proof';
import { guestInvoiceCard, toGuestDocument } from './load-guest-invoice';

type ParsedRequest = z.output<typeof ValidateGuestPaymentRequest>;

export async function validateGuestPayment(
  ctx: AppContext,
  request: ParsedRequest,
  client: ClientInfo,
  countAttempt: (account: string) => Promise<LookupLimit>,
): Promise<ValidateGuestPaymentResponse> {
  const started = performance.now();
  await assertGuestPaymentOn(ctx);
  const account = normalizeNumber(request.accountNumber).toUpperCase();
  const held = (await Promise.all(request.guest_tokens.map((token) => verifyGuestToken(ctx, token)))).filter(
    (claims) => claims !== null,
  );
  const heldAccounts = new Set(held.map((claims) => claims.account));
  if (heldAccounts.size >= maxGuestAccounts && !heldAccounts.has(account))
    throw new AppError('GUEST_MAX_ACCOUNTS', { details: { max: maxGuestAccounts } });

  const audit = { subject: account, ip: client.ip, userAgent: client.userAgent, requestId: client.requestId };
  const limit = await countAttempt(account);
  if (limit.limited) {
    await recordAuditEvent(ctx.db, {
      ...audit,
      at: ctx.now(),
      event: 'guest_lookup_refused_rate_limit',
      details: { by: limit.by },
    });
    throw new AppError('RATE_LIMITED', {
      messageKey: 'errors.account.too_many_attempts',
      reason: 'too_many_attempts',
      details: { retryAfterSeconds: limit.retryAfterSeconds },
    });
  }

  const found = await findProvenInvoice(ctx, request);
  if (!found) {
    await recordAuditEvent(ctx.db, {
      ...audit,
      at: ctx.now(),
      event: 'guest_lookup_failed',
      details: { invoice: normalizeNumber(request.invoiceNumber) },
    });
    await answerNoSooner(ctx, started);
    throw new AppError('NOT_FOUND', { messageKey: 'errors.account.no_account_found' });
  }

  const document = toGuestDocument(found.detail);
  if (held.some((claims) => sameGuestDocument(claims.document, document))) {
    await answerNoSooner(ctx, started);
    throw new AppError('GUEST_ALREADY_ADDED', { messageKey: 'errors.account.already_added', reason: 'duplicate' });
  }
  const [card, signed] = await Promise.all([guestInvoiceCard(ctx, found), signGuestToken(ctx, { account, document })]);
  await recordAuditEvent(ctx.db, {
    ...audit,
    at: ctx.now(),
    event: 'guest_lookup',
    details: { invoice: document.billing_document_number, guestToken: signed.claims.tokenId },
  });
  await answerNoSooner(ctx, started);
  return {
    invoice: card,
    account_number:
      [document.payer_number, document.soldto_number].find((number) => normalizeNumber(number) === account) ?? account,
    guest_token: signed.token,
    guest_token_expires_at: signed.claims.expiresAt.toISOString(),
  };
}
