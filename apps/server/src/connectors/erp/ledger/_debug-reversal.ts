import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { openDatabase } from '../../../db/client';
import { createLedgerConnector } from './ledger-connector';
import { keyOf } from './ledger-payments';
import { documents } from './ledger.schema';
import { seedLedger } from './seed';
import { refreshAccountBalances } from './refresh-account-balances';

const now = () => new Date('2026-11-02T09:00:00Z');
const database = await openDatabase({ kind: 'pglite' });
const db = database.db;
await seedLedger(db, { documents: 200, asOf: now() });
await refreshAccountBalances(db, now());
const erp = createLedgerConnector(db, { now });
const [invoice] = await db.select().from(documents).where(and(eq(documents.payerNumber, '0000100001'), eq(documents.currencyKey, 'USD'), eq(documents.documentStatus, '01'), gt(documents.openAmount, 0n))).orderBy(asc(documents.id)).limit(1);
console.log('invoice', invoice!.id, invoice!.openAmount);
const hb = setInterval(() => console.log('alive'), 3000);
const origTx = db.transaction.bind(db);
(db as any).transaction = (fn: any, ...rest: any[]) => { console.log('tx start'); return origTx(async (tx: any) => { const origExec = tx.execute.bind(tx); tx.execute = (q: any) => { console.log('tx.execute'); return origExec(q); }; const r = await fn(tx); console.log('tx body done'); return r; }, ...rest).finally(() => console.log('tx end')); };
const reference = randomUUID();
const posted = await erp.postPayment({
  posting_reference: reference, log_id: 'POST_INVOICE', message_type: 'S', message_line_string: '',
  payer_data: { customer_number: '0000100001', company_code: '1000' }, soldto_number: '', currency_key: 'USD',
  amount_minor: invoice!.openAmount, payment_card_token: 'x', payment_card_type: 'VISA', authorization_reference: '',
  order_number: reference, login: '', posted_at: now(),
  documents: [{ document_key: keyOf(invoice!), amount_minor: invoice!.openAmount, reason_code: '', comment: '' }],
  reference_number: '', reason_code: '', comment: '',
});
console.log('posted', posted);
const timer = setTimeout(() => { console.log('HUNG'); process.exit(1); }, 20000);
const result = await erp.reversePayment({
  reversal_reference: randomUUID(), posting_reference: reference, kind: 'refund', currency_key: 'USD',
  amount_minor: invoice!.openAmount, documents: [], reason_code: 'X', reason_text: 'y', login: '', reversed_at: now(),
});
clearTimeout(timer);
console.log('reversed', result);
await database.close();
