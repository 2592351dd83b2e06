// A statement as JSON (StatementResponse, written as the lines stream in) or as CSV for the customer's own books:
// plain numbers and ISO dates that every spreadsheet reads, headings and kinds in the reader's language, the opening
// and closing balance and the aging as rows of their own.
import { Readable } from 'node:stream';
import { toErpDate, toIsoDate } from '@portal/domain';
import { translate, type Language } from '@portal/i18n';
import { csvField, neutralizeFormula, type Cell } from '../invoices/export-format';
import type { StatementSource } from './build-statement';

export type StatementLocale = { language: Language; country: string | undefined };

export function statementJson(source: StatementSource, lineLimit = Number.POSITIVE_INFINITY): Readable {
  return Readable.from(
    (async function* () {
      const head = {
        status: { message_type: 'S', message_line_string: '' },
        date_from: toErpDate(source.dateFrom),
        date_to: toErpDate(source.dateTo),
        as_of: toErpDate(source.asOf),
      };
      yield `${JSON.stringify(head).slice(0, -1)},"statements":[`;
      for (const [index, section] of source.sections.entries()) {
        const opening = {
          currency_key: section.currencyKey,
          currency_decimals: section.decimals,
          opening_balance: section.openingBalance,
        };
        yield `${index > 0 ? ',' : ''}${JSON.stringify(opening).slice(0, -1)},"lines":[`;
        let count = 0;
        for await (const batch of section.lines()) {
          // Past the limit the lines are still read: the closing balance needs every one.
          const kept = batch.slice(0, Math.max(0, lineLimit - count));
          if (kept.length > 0) yield `${count > 0 ? ',' : ''}${kept.map((line) => JSON.stringify(line)).join(',')}`;
          count += batch.length;
        }
        yield `],"line_count":${count},"closing_balance":${JSON.stringify(section.closingBalance())},"aging":${JSON.stringify(section.aging)}}`;
      }
      yield ']}';
    })(),
  );
}

const columns = ['currency', 'date', 'kind', 'number', 'reference', 'due_date', 'amount', 'balance'] as const;

export function statementCsv(source: StatementSource, locale: StatementLocale): Readable {
  const t = (key: string) => translate(locale.language, locale.country, `statements.${key}`);
  const text = (value: string): Cell => (value ? { kind: 'text', value: neutralizeFormula(value) } : { kind: 'empty' });
  const number = (value: string): Cell => ({ kind: 'number', value });
  const row = (cells: Cell[]) => `${cells.map(csvField).join(',')}\r\n`;
  const iso = (erp: string) => toIsoDate(erp) ?? '';
  const empty: Cell = { kind: 'empty' };
  return Readable.from(
    (async function* () {
      // A byte-order mark so that spreadsheet programs read the file as UTF-8.
      yield `\uFEFF${row(columns.map((column) => text(t(`columns.${column}`))))}`;
      for (const section of source.sections) {
        const currency = text(section.currencyKey);
        yield row([
          currency,
          text(source.dateFrom),
          text(t('opening_balance')),
          empty,
          empty,
          empty,
          empty,
          number(section.openingBalance),
        ]);
        for await (const batch of section.lines()) {
          yield batch
            .map((line) =>
              row([
                currency,
                text(iso(line.date)),
                text(t(`kinds.${line.kind}`)),
                text(line.number),
                text(line.reference),
                text(iso(line.due_date)),
                number(line.amount),
                number(line.balance),
              ]),
            )
            .join('');
        }
        yield row([
          currency,
          text(source.dateTo),
          text(t('closing_balance')),
          empty,
          empty,
          empty,
          empty,
          number(section.closingBalance()),
        ]);
        for (const bucket of section.aging) {
          yield row([
            currency,
            text(source.asOf),
            text(`${t('aging.title')}: ${t(`aging.buckets.${bucket.bucket}`)}`),
            empty,
            empty,
            empty,
            number(bucket.amount),
            empty,
          ]);
        }
      }
    })(),
  );
}
