// GET /api/invoice/pdf/:token: the PDF behind a signed link. The link names the user and the documents; the
// user must still be active and still have the account. Every refusal is the same 404.
import { isLanguage } from '@portal/i18n';
import type { AppContext } from '../../app-context';
import { findUserById } from '../users/users.repository';
import { notFound, resolveInvoiceScope } from './invoice-scope';
import { verifyPdfLink } from './pdf-links';

export async function downloadInvoicePdf(ctx: AppContext, token: string): Promise<Buffer> {
  const link = verifyPdfLink(ctx.urlSigningKey, token, ctx.now());
  if (!link) throw notFound();
  const user = await findUserById(ctx.db, link.userId);
  if (!user || user.status !== 'active') throw notFound();
  const scope = await resolveInvoiceScope(
    ctx,
    user,
    { customer_number: link.customerNumber, company_code: link.companyCode },
    link.soldTos,
    true,
  );
  const answer = await ctx.erp.renderInvoicePdf({
    payer_data: scope.payerData,
    soldto_data: scope.soldTos,
    billing_document_numbers: link.documentNumbers,
    language: isLanguage(user.language) ? user.language : 'en',
  });
  if (!answer.pdf) throw notFound();
  return answer.pdf;
}
