import { exportWorklist as exportRoute, worklistExportFileNames, type worklistExportFormats } from '@portal/contracts';
import { download } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';
import type { WorklistQuery } from '../utils/worklist-filters';

export type WorklistExportFormat = (typeof worklistExportFormats)[number];

/** Every account of the filter as collections-worklist.csv or .xlsx, streamed by the server. */
export async function exportWorklist(filters: WorklistQuery, format: WorklistExportFormat): Promise<void> {
  saveBlob(await download(exportRoute, undefined, { query: { ...filters, format } }), worklistExportFileNames[format]);
}
