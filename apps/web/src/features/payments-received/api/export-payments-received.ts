import {
  exportPaymentsReceived as exportRoute,
  paymentsReceivedExportFileNames,
  type PaymentsReceivedExportFormat,
  type PaymentsReceivedFilters,
} from '@portal/contracts';
import { download } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

/** Every payment of the filter as PaymentsReceived.csv or .xlsx, streamed by the server. */
export async function exportPaymentsReceived(
  filters: PaymentsReceivedFilters,
  format: PaymentsReceivedExportFormat,
): Promise<void> {
  saveBlob(await download(exportRoute, filters, { query: { format } }), paymentsReceivedExportFileNames[format]);
}
