// A payer's saved cards are kept per instance (every payment reads them) until PostgreSQL announces a change of
// them (migration 0013), whoever makes it: a card removed by a hand-written statement is gone at the next read.
// On PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the announcement arrives a moment after the commit).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFeedOf } from '../../../db/change-feed';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { ErpConnector } from '../erp-connector';
import { createLedgerConnector } from './ledger-connector';
import { paymentCards } from './ledger.schema';

let t: TestApp;
/** The built-in ledger itself (also when the test app reaches it over HTTP): its own kept cards are under test. */
let ledger: ErpConnector;
beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 200, demoUsers: false });
  ledger = createLedgerConnector(t.database.db, { now: t.clock.now });
}, 120_000);
afterAll(() => t.close());

const payer = { customer_number: '100001', company_code: '1000' };

async function cardNames(): Promise<string[]> {
  const { payment_cards } = await ledger.getPaymentCards({ payer_data: payer });
  return payment_cards.map((card) => card.payment_card_name);
}

/** Resolves when this instance has heard the announcement (PostgreSQL sends it a moment after the commit). */
function heard(change: string): Promise<void> {
  const feed = changeFeedOf(t.database.db)!;
  return new Promise((resolve) => {
    const stop = feed.subscribe((announced) => {
      if (announced !== change) return;
      stop();
      resolve();
    });
  });
}

/** The next reads until they give `expected` (at most 5 s). */
async function until(expected: string[]): Promise<string[]> {
  let names = await cardNames();
  for (let waited = 0; waited < 5_000 && JSON.stringify(names) !== JSON.stringify(expected); waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    names = await cardNames();
  }
  return names;
}

describe("a payer's saved cards, kept per instance", () => {
  it('keeps them until a change is announced, and drops them at a change made outside the portal', async () => {
    const inserted = heard('cards:0000100001');
    await t.database.db.insert(paymentCards).values({
      payerNumber: '0000100001',
      companyCode: '1000',
      paymentCardToken: 'tok_kept_test_1',
      paymentCardType: 'VISA',
      paymentCardName: 'First name',
      validTo: '2030-12-31',
      isDefault: true,
      createdBy: 'test',
      changedBy: 'test',
    });
    await inserted;
    expect(await cardNames()).toEqual(['First name']);

    // A change that announces nothing (triggers off for this transaction) shows that the read is kept.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx
        .update(paymentCards)
        .set({ paymentCardName: 'Unannounced' })
        .where(eq(paymentCards.paymentCardToken, 'tok_kept_test_1'));
    });
    expect(await cardNames()).toEqual(['First name']);

    // A hand-written statement is announced by the database: the next reads see it.
    await t.database.db.execute(sql`DELETE FROM ledger.payment_cards WHERE payment_card_token = 'tok_kept_test_1'`);
    expect(await until([])).toEqual([]);
  });

  it("sees a card added through the ERP's manage call at the next read", async () => {
    expect(await cardNames()).toEqual([]);
    const answer = await ledger.managePaymentCards({
      action: '01',
      payer_data: payer,
      payment_cards: [
        {
          payment_card_name: 'Added',
          payment_card_token: 'tok_kept_test_2',
          payment_card_type: 'VISA',
          valid_from: '',
          valid_to: '12-31-2030',
          default: '',
          is_session: '',
          electronic_check_account_type: '',
          electronic_check_rdfi_number: '',
          payer_account: '0000100001',
          preauthorization_amount: '',
        },
      ],
      log: { login: 'test' },
    } as Parameters<typeof ledger.managePaymentCards>[0]);
    expect(answer.status.message_type).toBe('S');
    // No waiting: the write announces it to its own instance at once.
    expect(await cardNames()).toEqual(['Added']);
  });
});
