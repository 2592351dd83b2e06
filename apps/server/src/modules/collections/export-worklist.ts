// Issue 38: GET /api/collections/worklist/export?format=csv|xlsx (CanManageCollections): every account of the
// worklist's filter, one row per account and currency, in the worklist's order, streamed in keyset batches into the
// file. Text cells are neutralised against formula injection (an account's name comes from the ERP or an import).
import type { Readable } from 'node:stream';
import { WorklistFilters, type WorklistFilters as Filters } from '@portal/contracts';
import { translate, type Language } from '@portal/i18n';
import type { AppContext } from '../../app-context';
import { csvLines, csvStream, xlsxStream } from '../../http/file-export';
import { neutralizeFormula, type Cell } from '../invoices/export-format';
import { streamWorklist, toWorklistAccount, type WorklistRow } from './worklist';

const columns = [
  'payer_number',
  'name',
  'company_code',
  'currency',
  'past_due',
  'bucket_1_30',
  'bucket_31_60',
  'bucket_61_90',
  'bucket_over_90',
  'oldest_days',
  'last_contact_at',
  'next_step_date',
  'promise_status',
  'collector',
  'paused_until',
  'autopay',
] as const;
type Column = (typeof columns)[number];

const amounts = new Set<Column>(['past_due', 'bucket_1_30', 'bucket_31_60', 'bucket_61_90', 'bucket_over_90']);

const text = (value: string): Cell => (value ? { kind: 'text', value: neutralizeFormula(value) } : { kind: 'empty' });
const number = (value: string): Cell => ({ kind: 'number', value });

function rowsOf(row: WorklistRow, words: (key: string) => string): Cell[][] {
  const account = toWorklistAccount(row);
  return account.past_due.map((pastDue) => {
    const values: Record<Column, Cell> = {
      payer_number: text(account.payer_number.replace(/^0+(?=\d)/, '')),
      name: text(account.name),
      company_code: text(account.company_code),
      currency: text(pastDue.currency_key),
      past_due: number(pastDue.amount),
      bucket_1_30: number(pastDue.buckets[0]!),
      bucket_31_60: number(pastDue.buckets[1]!),
      bucket_61_90: number(pastDue.buckets[2]!),
      bucket_over_90: number(pastDue.buckets[3]!),
      oldest_days: number(String(pastDue.oldest_days)),
      last_contact_at: text(account.last_contact_at ?? ''),
      next_step_date: text(account.next_step?.date ?? ''),
      promise_status: text(words(`promise_statuses.${account.promise_status}`)),
      collector: text(account.collector?.name ?? ''),
      paused_until: text(account.paused_until ?? ''),
      autopay: text(account.autopay ? words('export.yes') : ''),
    };
    return columns.map((column) => values[column]);
  });
}

export function exportWorklist(
  ctx: AppContext,
  filters: Filters,
  format: 'csv' | 'xlsx',
  locale: { language: Language; country: string | undefined },
): Readable {
  const parsed = WorklistFilters.parse(filters);
  const words = (key: string) => translate(locale.language, locale.country, `collections.${key}`);
  const labels = columns.map((column) => words(`export.columns.${column}`));
  const rows = (async function* () {
    for await (const batch of streamWorklist(ctx, parsed)) yield batch.flatMap((row) => rowsOf(row, words));
  })();
  if (format === 'csv') return csvStream(labels, rows, csvLines);
  return xlsxStream(
    'Collections',
    columns.map((column, index) => ({
      header: labels[index]!,
      width: column === 'name' ? 32 : amounts.has(column) ? 14 : 13,
      amount: amounts.has(column),
    })),
    rows,
  );
}
