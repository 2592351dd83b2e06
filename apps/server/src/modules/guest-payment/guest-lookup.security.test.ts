// The guest lookup is an oracle for invoice amounts (issue 6 Security): guessing is cut off per client address and
// per account number, every miss answers alike and after the same minimum time, and refusals are audited. The card
// data scan runs when this file's app closes (test/test-app.ts), as for every API test file.
import { randomInt } from 'node:crypto';
import { and, count, eq, ne } from 'drizzle-orm';
import { formatMinorUnits } from '@portal/domain';
import type { ValidateGuestPaymentRequest } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../config';
import { auditEvents, documents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { writeSetting } from '../system/app-settings.repository';
import { openInvoices, type OpenInvoice } from '../payments/payments.test-helpers';
import { lookup, tripleOf } from './guest-payment.test-helpers';

const perAddress = 10;
const perAccount = 20;
const floorMs = 100;

let t: TestApp;
let invoice: OpenInvoice;

beforeAll(async () => {
  t = await createTestApp({
    ledgerDocuments: 1500,
    settings: {
      GUEST_LOOKUP_MAX_PER_ADDRESS: String(perAddress),
      GUEST_LOOKUP_MAX_PER_ACCOUNT: String(perAccount),
      GUEST_LOOKUP_MIN_MS: String(floorMs),
    },
  });
  await writeSetting(t.database.db, 'application', { allowGuestPayment: true });
  invoice = (await openInvoices(t.database.db, 50)).find((row) => row.billingDocumentNumber !== '')!;
});
afterAll(async () => {
  await t?.close();
});

/** 1,000 distinct wrong triples around the true one: wrong accounts, wrong invoice numbers, wrong amounts. */
function guesses(truth: ValidateGuestPaymentRequest, total: number): ValidateGuestPaymentRequest[] {
  const seen = new Set<string>([JSON.stringify(truth)]);
  const out: ValidateGuestPaymentRequest[] = [];
  while (out.length < total) {
    const kind = out.length % 3;
    const guess = {
      accountNumber: kind === 0 ? String(100_000 + randomInt(0, 900_000)) : truth.accountNumber,
      invoiceNumber: kind === 1 ? String(90_000_000 + randomInt(0, 100_000)) : truth.invoiceNumber,
      invoiceAmount:
        kind === 2 ? `${randomInt(1, 100_000)}.${String(randomInt(0, 100)).padStart(2, '0')}` : truth.invoiceAmount,
    };
    const key = JSON.stringify(guess);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(guess);
    }
  }
  return out;
}

describe('guessing from one client address', () => {
  it('1,000 guesses give no hit beyond the planted true triple and are cut off after the limit', async () => {
    const truth = tripleOf(invoice);
    const attempts = guesses(truth, 1000);
    attempts.splice(3, 0, truth); // found: still under the limit
    attempts.splice(500, 0, truth); // cut off: the limit answers before any lookup
    const statuses: number[] = [];
    const bodies: string[] = [];
    for (const attempt of attempts) {
      const response = await lookup(t.app, attempt, '198.51.100.7');
      statuses.push(response.statusCode);
      if (response.statusCode !== 200) {
        // The retry-after counts down with the window: compared apart.
        const { uniqueId: _id, details, ...body } = response.json();
        bodies.push(JSON.stringify(body));
        if (response.statusCode === 429) {
          expect(details.retryAfterSeconds).toBeGreaterThan(0);
          expect(details.retryAfterSeconds).toBeLessThanOrEqual(900);
          expect(response.headers['retry-after']).toBe(String(details.retryAfterSeconds));
        }
      }
    }
    const hits = statuses.flatMap((status, index) => (status === 200 ? [index] : []));
    expect(hits).toEqual([3]);
    expect(statuses.slice(0, perAddress).filter((status) => status === 404)).toHaveLength(perAddress - 1);
    expect(statuses.slice(perAddress).every((status) => status === 429)).toBe(true);
    expect(new Set(bodies)).toEqual(
      new Set([
        JSON.stringify({
          error: 'NOT_FOUND',
          messageKey: 'errors.account.no_account_found',
          message: 'No account was found with these details.',
        }),
        JSON.stringify({
          error: 'RATE_LIMITED',
          messageKey: 'errors.account.too_many_attempts',
          message: 'Too many attempts. Please try again later.',
          reason: 'too_many_attempts',
        }),
        // Past 600 requests a minute the app-wide ceiling answers first (the web shows too_many_attempts for any
        // lookup refusal other than 404 and duplicate: spec §8).
        JSON.stringify({
          error: 'RATE_LIMITED',
          messageKey: 'errors.codes.RATE_LIMITED',
          message: 'Too many requests. Please wait a moment and try again.',
        }),
      ]),
    );

    // The refusals are audited by address and account number.
    const [refused] = await t.database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'guest_lookup_refused_rate_limit'), eq(auditEvents.ip, '198.51.100.7')));
    expect(refused!.n).toBeGreaterThanOrEqual(Math.min(attempts.length, 600) - perAddress);

    // The true triple from another client address is found.
    expect((await lookup(t.app, truth, '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('guessing one account from many client addresses', () => {
  it('cuts the account off after its limit, whatever the address; other accounts stay open', async () => {
    const [target] = await t.database.db
      .select()
      .from(documents)
      .where(
        and(
          ne(documents.payerNumber, '0000100001'),
          eq(documents.currencyKey, 'USD'),
          ne(documents.billingDocumentNumber, ''),
          eq(documents.itemIsAPayment, false),
        ),
      )
      .limit(1);
    const truth = tripleOf(target!);
    const statuses: number[] = [];
    for (let index = 0; index < perAccount + 5; index++) {
      const wrongAmount = { ...truth, invoiceAmount: formatMinorUnits(target!.totalAmount + BigInt(index + 1), 2) };
      statuses.push((await lookup(t.app, wrongAmount, `203.0.113.${index + 1}`)).statusCode);
    }
    expect(statuses.slice(0, perAccount).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(perAccount).every((status) => status === 429)).toBe(true);
    // Even the true triple from a fresh address is refused now: the account is cut off for the window.
    const blocked = await lookup(t.app, truth, '203.0.113.200');
    expect(blocked.statusCode).toBe(429);
    // Another account from that fresh address is still looked up.
    expect((await lookup(t.app, tripleOf(invoice), '203.0.113.201')).statusCode).toBe(200);
    const [byAccount] = await t.database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.event, 'guest_lookup_refused_rate_limit'),
          eq(auditEvents.subject, target!.payerNumber.replace(/^0+/, '')),
        ),
      );
    expect(byAccount!.n).toBe(6);
  });
});

describe('answer timing', () => {
  it('answers found, unknown account and wrong amount after the same minimum time', async () => {
    const truth = tripleOf(invoice);
    const cases: [string, ValidateGuestPaymentRequest][] = [
      ['found', truth],
      ['unknown account', { ...truth, accountNumber: '7777777' }],
      ['wrong amount', { ...truth, invoiceAmount: formatMinorUnits(invoice.totalAmount + 7n, 2) }],
    ];
    const medians: number[] = [];
    for (const [index, [, body]] of cases.entries()) {
      const times: number[] = [];
      for (let round = 0; round < 3; round++) {
        const started = performance.now();
        await lookup(t.app, body, `192.0.2.${index * 10 + round + 1}`);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      expect(times[0]).toBeGreaterThanOrEqual(floorMs - 2);
      medians.push(times[1]!);
    }
    // The floor hides the lookup's own cost (a few ms on PGlite and PostgreSQL alike).
    expect(Math.max(...medians) - Math.min(...medians)).toBeLessThan(60);
  });
});

// REDIS_URL set: every instance counts together. Two apps (two "instances") share one Redis.
describe.skipIf(!testRedisUrl())('the limit shared through Redis', () => {
  it('counts attempts of one address across two instances', async () => {
    const settings = {
      REDIS_URL: testRedisUrl()!,
      GUEST_LOOKUP_MAX_PER_ADDRESS: String(perAddress),
      GUEST_LOOKUP_MIN_MS: '0',
    };
    const one = await createTestApp({ settings });
    const two = await createTestApp({ settings });
    try {
      for (const app of [one, two]) await writeSetting(app.database.db, 'application', { allowGuestPayment: true });
      const address = `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
      const guess = { accountNumber: String(randomInt(100_000, 999_999)), invoiceNumber: '1', invoiceAmount: '1.00' };
      const statuses: number[] = [];
      for (let index = 0; index < perAddress + 2; index++) {
        statuses.push((await lookup((index % 2 === 0 ? one : two).app, guess, address)).statusCode);
      }
      expect(statuses.slice(0, perAddress).every((status) => status === 404)).toBe(true);
      expect(statuses.slice(perAddress)).toEqual([429, 429]);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
