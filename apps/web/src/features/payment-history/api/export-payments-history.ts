import {
  paymentHistoryExportFileNames,
  paymentsHistoryCsv,
  paymentsHistoryExcel,
  type PaymentHistoryExportRequest,
} from '@portal/contracts';
import { download } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

/** Every payment of the search as PaymentHistory.csv or PaymentHistory.xlsx, streamed by the server. */
export async function exportPaymentsHistory(
  request: PaymentHistoryExportRequest,
  format: 'csv' | 'xlsx',
): Promise<void> {
  const route = format === 'csv' ? paymentsHistoryCsv : paymentsHistoryExcel;
  saveBlob(await download(route, request), paymentHistoryExportFileNames[format]);
}
