import { invoiceCsv, invoiceExportFileNames, type InvoiceExportRequest } from '@portal/contracts';
import { download } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

/** Every document of the search as InvoiceExport.csv, streamed by the server. */
export async function exportInvoicesCsv(request: InvoiceExportRequest): Promise<void> {
  saveBlob(await download(invoiceCsv, request), invoiceExportFileNames.csv);
}
