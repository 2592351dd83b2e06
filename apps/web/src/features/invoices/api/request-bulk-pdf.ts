import { bulkPdfRequest, type InvoiceSearchRequest } from '@portal/contracts';
import { call } from '../../../lib/api-client';
import { openPendingTab } from '../../../lib/save-file';

/** The selected invoices as one merged PDF (GridViewDocIds), opened in a new tab. */
export async function openBulkPdf(request: InvoiceSearchRequest): Promise<void> {
  const tab = openPendingTab();
  try {
    const { url } = await call(bulkPdfRequest, request);
    tab.navigate(url);
  } catch (error) {
    tab.cancel();
    throw error;
  }
}
