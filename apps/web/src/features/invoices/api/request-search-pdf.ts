import { searchPdfRequest, type InvoiceSearchRequest } from '@portal/contracts';
import { call } from '../../../lib/api-client';
import { openPendingTab } from '../../../lib/save-file';

/** The invoices a search finds as one merged PDF, opened in a new tab. */
export async function openSearchPdf(request: InvoiceSearchRequest): Promise<void> {
  const tab = openPendingTab();
  try {
    const { url } = await call(searchPdfRequest, request);
    tab.navigate(url);
  } catch (error) {
    tab.cancel();
    throw error;
  }
}
