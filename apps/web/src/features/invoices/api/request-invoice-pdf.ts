import { invoicePdfRequest, type InvoiceSearchRequest } from '@portal/contracts';
import { call } from '../../../lib/api-client';
import { openPendingTab } from '../../../lib/save-file';

/** One invoice's PDF: the server answers a short-lived signed URL that opens in a new tab (spec §7). */
export async function openInvoicePdf(request: InvoiceSearchRequest): Promise<void> {
  const tab = openPendingTab();
  try {
    const { url } = await call(invoicePdfRequest, request);
    tab.navigate(url);
  } catch (error) {
    tab.cancel();
    throw error;
  }
}
