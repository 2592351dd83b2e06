// The security scan itself: the payment-method flows run with the server logging at debug level, then the
// database (portal, ledger, gateway_sandbox) and the log are searched. createTestApp runs the same scan when any
// API test file closes its app, so the whole suite is covered; this file also proves the scanner finds what it
// looks for.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, manage, savedCard, tokenizeCard } from '../modules/payment-methods/payment-methods.test-helpers';
import { createTestApp, signInAs, type TestApp } from './test-app';
import {
  dumpDatabase,
  findSensitiveData,
  knownTestSecrets,
  rememberMailedTokens,
  secretsByValue,
} from './sensitive-data-scan';

let t: TestApp;
const typed = ['4000000000001091', '5555555555554444', '378282246310005', '4111111111111112', '987654321012'];

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 20 });
});
afterAll(async () => {
  await t?.close();
});

it('finds a secret the tests know by value (the demo password, the SMTP password) in clear, not its hash', () => {
  expect(findSensitiveData(['{"note":"pw Portal-Demo-2026"}'], 'x', knownTestSecrets)[0]?.what).toBe('a known secret');
  expect(findSensitiveData(['{"smtp":"smtp-secret-value"}'], 'x', knownTestSecrets)).toHaveLength(1);
  expect(findSensitiveData(['{"password_hash":"$argon2id$v=19$m=19456"}'], 'x', knownTestSecrets)).toEqual([]);
});

it('finds card numbers, CVV fields and bank account fields when they are there', () => {
  expect(findSensitiveData(['{"note":"4111 1111 1111 1111"}'], 'x')[0]?.what).toBe('card number');
  expect(findSensitiveData(['{"n":"4111-1111-1111-1111"}'], 'x')).toHaveLength(1);
  expect(findSensitiveData(['{"card_validation_code":"123"}'], 'x')[0]?.what).toBe('CVV field');
  expect(findSensitiveData(['{"account_number":"123456789"}'], 'x')[0]?.what).toBe('bank account number field');
  // Timestamps, customer numbers, tokens and UUIDs (even all-digit ones) are not card numbers.
  expect(findSensitiveData(['{"reqId":"41111111-1111-4008-8111-111111111111"}'], 'x')).toEqual([]);
  expect(
    findSensitiveData(['{"reqId":"41111111-1111-4008-8111-111111111111","n":"4111111111111111"}'], 'x'),
  ).toHaveLength(1);
  expect(
    findSensitiveData(['{"time":1795343759090,"customer":"0000100001","t":"-VISA-1111-ABCDEFGHJKLMNPQR"}'], 'x'),
  ).toEqual([]);
  // A SHA-256 request hash whose digit stretch passes Luhn and a brand's prefix (seen in CI): not a card number.
  const hash = `ab${'4111111111111111'}cd${'0'.repeat(46)}`;
  expect(findSensitiveData([`{"request_hash":"${hash}"}`], 'x')).toEqual([]);
  expect(findSensitiveData([`{"request_hash":"${hash}","n":"4111111111111111"}`], 'x')).toHaveLength(1);
});

it('finds passwords, bearer and refresh tokens, and one-time links with their token (issue 13)', () => {
  const token = 'Zq3v8KfX2mJ9pL0aB7cD1eF4gH6iJ8kL0mN2oP4qR6s';
  expect(findSensitiveData(['{"password":"hunter2 hunter2"}'], 'x')[0]?.what).toBe('password field');
  expect(findSensitiveData(['{"NewPassword":"plum orchard"}'], 'x')[0]?.what).toBe('password field');
  expect(findSensitiveData(['{"smtpPassword":"v1.abcdef"}'], 'x')).toEqual([]);
  expect(findSensitiveData(['{"password":""}'], 'x')).toEqual([]);
  expect(findSensitiveData(['authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.x'], 'x')[0]?.what).toBe(
    'bearer or refresh token',
  );
  expect(findSensitiveData([`{"url":"/reset-password/${token}"}`], 'x')[0]?.what).toBe('one-time link token');
  expect(findSensitiveData([`{"url":"/api/token/auto-register/user-confirm/${token}"}`], 'x')).toHaveLength(1);
  expect(findSensitiveData(['{"url":"/api/users/password-reset/:id"}'], 'x')).toEqual([]);
});

it('leaves no card number, CVV or bank account number in the database or the log after the payment-method flows', async () => {
  const payer = (await signInAs(t.app, 'payer@example.com')).token;
  for (const [number, type] of [
    ['4000000000001091', 'VISA'],
    ['5555555555554444', 'MC'],
    ['378282246310005', 'AMEX'],
    ['4111111111111112', 'VISA'],
  ] as const) {
    const { response } = await tokenizeCard(t.app, payer, { number, cvv: type === 'AMEX' ? '4321' : '987', type });
    const card = response.json().paymentcard;
    if (card) await manage(t.app, payer, '01', savedCard(card.payment_card_token, card.payment_card_type));
  }
  const access = await t.app.inject({
    method: 'POST',
    url: '/api/tokenization/access_token',
    headers: bearer(payer),
    payload: {
      action: '01',
      payment_method: 'EC',
      payer_data: { customer_number: '0000100001', company_code: '1000' },
    },
  });
  await t.app.inject({
    method: 'POST',
    url: '/sandbox-gateway/Ajax',
    payload: {
      access_token: access.json().access_token,
      account_number: '987654321012',
      electronic_check_rdfi_number: '011000015',
      electronic_check_account_type: 'C',
    },
  });
  // A body that fails validation is not echoed into the log either.
  await t.app.inject({
    method: 'POST',
    url: '/api/payment-methods/manage',
    headers: bearer(payer),
    payload: { card_number: '4111111111111111', card_validation_code: '123' },
  });

  expect(t.logLines.length).toBeGreaterThan(10);
  const rows = await dumpDatabase(t.database.db);
  const findings = [
    ...findSensitiveData(rows, 'database', [...typed, ...secretsByValue()]),
    ...findSensitiveData(t.logLines, 'server log', [...typed, ...secretsByValue()]),
  ];
  process.stdout.write(
    `secrets scan: ${rows.length} database rows and ${t.logLines.length} log lines searched for card numbers, CVVs, bank accounts, passwords, bearer and refresh tokens, one-time links and ${typed.length + secretsByValue().length} secrets by value; found ${findings.length} (every API test file's database and log get the same scan when it closes)\n`,
  );
  expect(findings).toEqual([]);
});

it('does not take decimal fractions (response times) for card numbers', () => {
  expect(findSensitiveData(['{"responseTime":0.4111111111111111,"x":12.5555555555554444}'], 'x')).toEqual([]);
});

it('finds a mailed one-time token by value, wherever it shows', () => {
  const token = 'Zq3vT9xWm2LpR8sYc4NbK7dHf1GjA6eU0oIiXyVwBnM';
  rememberMailedTokens(`<a href="http://localhost:3000/reset-password/${token}">reset</a>`);
  expect(findSensitiveData([`{"msg":"lookup","token":"${token}"}`], 'x', secretsByValue())[0]?.what).toBe(
    'a known secret',
  );
});
