// POST /api/guestPayment/guestPayer — the payer side of the guest token's invoice: its payer, sold-to and company
// code (the payment's sold-to number) and the sold-to's address (the 3-D Secure step's billing fields).
import type { GuestPayerResponse } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { notFound } from '../invoices/invoice-scope';
import { requireGuest } from './guest-access';

export async function getGuestPayer(ctx: AppContext, httpRequest: FastifyRequest): Promise<GuestPayerResponse> {
  const { document } = await requireGuest(ctx, httpRequest);
  const answer = await ctx.erp.getInvoiceDetail({
    document_detail: {
      billing_document_number: document.billing_document_number,
      document_type: '01',
      customer_number: document.payer_number,
    },
  });
  const soldto = answer.detail?.partner_data.find((partner) => partner.partner_function === 'WE');
  if (!answer.detail || !soldto) throw notFound();
  return {
    payer_number: document.payer_number,
    soldto_number: document.soldto_number,
    company_code: document.company_code,
    currency_key: answer.detail.header_data.currency_key,
    address_data: soldto.address_data,
  };
}
