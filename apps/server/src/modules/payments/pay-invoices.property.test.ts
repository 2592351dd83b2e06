// Issue 5 property test: over random sequences of full pays, partial pays (reason PP), over-pays (the excess becomes
// a credit) and pays that apply a credit, the account's balance always equals invoices minus credits minus
// payments, and no open amount passes zero from the wrong side.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshAccountBalances } from '../../connectors/erp/ledger/refresh-account-balances';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import {
  expectLedgerConsistent,
  ledgerSums,
  openCredits,
  openInvoices,
  pay,
  payRequest,
  saveCard,
} from './payments.test-helpers';

let t: TestApp;
let payer: string;
let amex: string;

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 3000 });
  payer = (await signInAs(t.app, 'payer@example.com')).token;
  amex = await saveCard(t.app, payer, { number: '3782 822463 10005', cvv: '1234', type: 'AMEX' });
  await refreshAccountBalances(t.database.db, t.clock.now());
});
afterAll(async () => {
  await t?.close();
});

type Step =
  | { kind: 'full'; pick: number }
  | { kind: 'partial'; pick: number; percent: number }
  | { kind: 'over'; pick: number; extraCents: number }
  | { kind: 'with_credit'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('full' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('partial' as const), pick: fc.nat(20), percent: fc.integer({ min: 1, max: 99 }) }),
  fc.record({ kind: fc.constant('over' as const), pick: fc.nat(20), extraCents: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ kind: fc.constant('with_credit' as const), pick: fc.nat(20) }),
);

async function run(current: Step): Promise<void> {
  const invoices = await openInvoices(t.database.db, 21);
  const invoice = invoices[current.pick % invoices.length];
  if (!invoice) return;
  let request;
  switch (current.kind) {
    case 'full':
      request = payRequest([invoice], { cardToken: amex });
      break;
    case 'partial': {
      const amount = (invoice.openAmount * BigInt(current.percent)) / 100n;
      if (amount <= 0n) return;
      request = payRequest([invoice], { cardToken: amex, amounts: [amount], reasons: ['PP'] });
      break;
    }
    case 'over':
      request = payRequest([invoice], {
        cardToken: amex,
        amounts: [invoice.openAmount + BigInt(current.extraCents)],
        reasons: ['OP'],
      });
      break;
    case 'with_credit': {
      const [credit] = await openCredits(t.database.db, 1);
      if (!credit || invoice.openAmount + credit.openAmount <= 0n) return;
      request = payRequest([invoice, credit], { cardToken: amex });
      break;
    }
  }
  const answer = await pay(t.app, payer, request);
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.payment.state).toBe('posted');
}

describe('ledger invariants over random payment sequences', () => {
  it('keep balance = invoices − credits − payments, and no open amount on the wrong side of zero', async () => {
    const baseline = await ledgerSums(t.database.db);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const current of steps) {
          await run(current);
          await expectLedgerConsistent(t.database.db, baseline);
        }
      }),
      { numRuns: 12 },
    );
  });
});
