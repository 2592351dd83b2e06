import { invoiceExcel, invoiceExportFileNames, type InvoiceExportRequest } from '@portal/contracts';
import { download } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

/** Every document of the search as InvoiceExport.xlsx, written by the server (spec §7 invoice-excel). */
export async function exportInvoicesExcel(request: InvoiceExportRequest): Promise<void> {
  saveBlob(await download(invoiceExcel, request), invoiceExportFileNames.xlsx);
}
