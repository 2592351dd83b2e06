// GET /api/configuration/invoice-table — the invoice_table setting (app_settings key "invoice_table"); a missing or
// unreadable value gives the default column set, so that a bad edit never empties the invoice list.
import { defaultInvoiceTableSetting, InvoiceTableSetting } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { readSetting } from '../system/app-settings.repository';

export async function getInvoiceTableSetting(ctx: AppContext): Promise<InvoiceTableSetting> {
  const stored = InvoiceTableSetting.safeParse(await readSetting(ctx.db, 'invoice_table'));
  return stored.success ? stored.data : defaultInvoiceTableSetting;
}
