// Proving an account by one of its invoices (account number, invoice number, the invoice's total amount): the guest
// lookup and the account proof of registration and of the profile page ask the same question of the ERP, and both
// are oracles of invoice amounts. They share the limiter (guest-lookup-limiter.ts), this match and the minimum
// answer time, so that unknown account, unknown invoice and wrong amount tell nothing apart, by body or by time.
import { setTimeout as sleep } from 'node:timers/promises';
import { currencyDecimalsOf, parseScaledAmount } from '@portal/domain';
import type { AppContext } from '../../app-context';
import { findGuestInvoice, type FoundGuestInvoice } from '../guest-payment/load-guest-invoice';
import { normalizeNumber } from '../invoices/invoice-scope';

export type InvoiceProof = { accountNumber: string; invoiceNumber: string; invoiceAmount: string };

/** The invoice when all three match (leading zeros optional), else null. */
export async function findProvenInvoice(ctx: AppContext, proof: InvoiceProof): Promise<FoundGuestInvoice | null> {
  const [found, configuration] = await Promise.all([
    findGuestInvoice(ctx, normalizeNumber(proof.accountNumber).toUpperCase(), normalizeNumber(proof.invoiceNumber)),
    ctx.erp.getBackendConfiguration(),
  ]);
  if (!found) return null;
  const decimals = currencyDecimalsOf(found.document.currency_key, configuration.sapcust.currency_decimals);
  const typed = parseScaledAmount(proof.invoiceAmount, decimals);
  const total = parseScaledAmount(found.detail.header_data.total_amount, decimals);
  return typed !== undefined && typed === total ? found : null;
}

/** Found or not, the answer leaves after the same minimum time (GUEST_LOOKUP_MIN_MS) from `started`. */
export async function answerNoSooner(ctx: AppContext, started: number): Promise<void> {
  const wait = ctx.config.GUEST_LOOKUP_MIN_MS - (performance.now() - started);
  if (wait > 0) await sleep(wait);
}
