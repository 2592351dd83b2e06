// Object access by role, generated (issue 16 part 1). Every identifier field of every contract route is found by
// walking the route's zod schemas; each must be placed in the catalogue below, as an identifier of a kind or as no
// object identifier (with the reason), so that a route added next year fails here until it is attacked. For each
// identifier position and each attacker (the demo roles, a second customer built here, and nobody), the attacker's
// own valid request is sent with that one position holding another customer's identifier. Expected: 404 (or 403 when
// the attacker lacks the route's permission, or 401 for nobody), an error body naming none of the other customer's
// data, and no change in the database. The same request with the attacker's own identifier must not be refused, so
// that the refusal comes from the foreign identifier and not from a broken request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { PayerData, RouteContract } from '@portal/contracts';
import { emailTemplateKeys } from '@portal/contracts';
import { formatMinorUnits } from '@portal/domain';
import { customers, documents, mailOutbox, registrationRequests, userAccounts } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { demoPassword, demoPermissions, demoUsers, type DemoUser } from '../modules/users/demo-users';
import { insertUser } from '../modules/users/users.repository';
import { manage, savedCard, tokenizeCard } from '../modules/payment-methods/payment-methods.test-helpers';
import { dumpDatabase } from '../test/sensitive-data-scan';
import { writeSetting } from '../modules/system/app-settings.repository';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';
import { contractRoutes, fieldPaths, routeKey } from './contract-fields';

/**
 * Kinds of identifier. Customer kinds name a customer's data: nobody but that customer's users (and those working as
 * them) may use them, whatever their role. Admin kinds name portal objects that the route's permission governs: a
 * role without it is refused, a role with it is entitled (and not attacked: it may change any of them).
 */
type CustomerKind = 'account' | 'soldto' | 'document' | 'card' | 'grant' | 'ownUser';
const adminKinds = ['user', 'userAccount', 'registrationRequest', 'outbox', 'template', 'auditUser', 'apiKey'] as const;
type Kind = CustomerKind | (typeof adminKinds)[number];

type Position = { path: string; kind: Kind; entitledBy?: (attacker: Attacker) => boolean };
type Entry =
  | {
      positions: Position[];
      request: (own: Context) => Request;
      /** Identifier-like fields of the route that name nothing an attacker could reach, with the reason. */
      fields?: Record<string, string>;
    }
  /** Identifier-like fields that name no object an attacker could reach through this route, with the reason. */
  | { noObjectIdentifier: string };

type Request = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

type Document = {
  billing: string;
  finance: string;
  fiscalYear: string;
  lineItem: string;
  open: bigint;
  total: bigint;
  payer: string;
};
type Context = {
  account: PayerData;
  soldto: string;
  document: Document;
  card: string;
  grant: string;
  user: number;
  userAccount: number;
  registrationRequest: number;
  outbox: number;
  template: string;
  auditUser: number;
  apiKey: number;
  /** The customer's name in the ledger and its user's e-mail: data that must not reach an attacker. */
  name: string;
  email: string;
};
type Attacker = { name: string; token?: string; role?: DemoUser['role']; permissions: string[]; own?: Context };

const search = (own: Context) => ({
  payer_data: own.account,
  soldto_data: [own.soldto],
  search_parameters: { status: '03', SoldTo_SearchParams: [own.soldto], GridViewDocIds: [own.document.billing] },
});
const listPositions: Position[] = [
  { path: 'body.payer_data', kind: 'account' },
  { path: 'body.soldto_data[]', kind: 'soldto' },
  { path: 'body.search_parameters.SoldTo_SearchParams[]', kind: 'soldto' },
  { path: 'body.search_parameters.GridViewDocIds[]', kind: 'document' },
];
const impersonator = (attacker: Attacker) => attacker.permissions.includes('CanImpersonate');

const paymentDocument = (own: Context) => ({
  document_number_finance: own.document.finance,
  line_item_in_the_relevant_invoice: own.document.lineItem,
  fiscal_year_of_the_relevant_invoice: own.document.fiscalYear,
  open_amount: formatMinorUnits(own.document.open, 2),
  amount_to_process: formatMinorUnits(own.document.open, 2),
  currency_key: 'USD',
  reason_code: '',
  comment: '',
  reference_number: '',
  billing_document_number: own.document.billing,
});

const WEBHOOK_ENDPOINT =
  'a webhook endpoint of the supplier: CanEditSystemConfig governs every endpoint (webhooks.routes.test.ts)';

const GATEWAY_EVENT =
  "an event of the supplier's payment provider: CanEditSystemConfig governs every one (gateway-events.routes.test.ts)";

const RECEIVED_PAYMENT =
  'a payment the supplier received, of any customer: CanViewReceivedPayments (to read) and CanRefundPayments (to refund) govern every one; customers hold neither (payment-reversals.test.ts)';

const DISPUTE =
  "a dispute of the invoices the user sees (the AR team's: every one): another customer's, another sold-to's, answer 404 like an unknown one (disputes.test.ts)";

export const catalogue: Record<string, Entry> = {
  'POST /api/system/gateway/events/:id/reprocess': { noObjectIdentifier: GATEWAY_EVENT },
  'GET /api/payments-received/:id': { noObjectIdentifier: RECEIVED_PAYMENT },
  'POST /api/payments-received/:id/refunds': { noObjectIdentifier: RECEIVED_PAYMENT },
  'POST /api/Invoice': { positions: listPositions, request: (own) => ({ body: search(own) }) },
  'POST /api/invoice/search-pdf-request': { positions: listPositions, request: (own) => ({ body: search(own) }) },
  'POST /api/Invoice/pdf-request': {
    positions: [
      { path: 'body.payer_data', kind: 'account' },
      { path: 'body.soldto_data[]', kind: 'soldto' },
      { path: 'body.search_parameters.SoldTo_SearchParams[]', kind: 'soldto' },
      { path: 'body.search_parameters.filter[].value', kind: 'document' },
    ],
    fields: {
      'body.search_parameters.GridViewDocIds[]':
        'one invoice is named by filter 01; the selection is bulk-pdf-request’s',
    },
    request: (own) => ({
      body: {
        ...search(own),
        search_parameters: {
          status: '03',
          SoldTo_SearchParams: [own.soldto],
          filter: [{ filter_type: '01', value: own.document.billing }],
        },
      },
    }),
  },
  'POST /api/Invoice/bulk-pdf-request': { positions: listPositions, request: (own) => ({ body: search(own) }) },
  'POST /api/invoice/invoice-excel': { positions: listPositions, request: (own) => ({ body: search(own) }) },
  'POST /api/invoice/invoice-csv': { positions: listPositions, request: (own) => ({ body: search(own) }) },
  'POST /api/PaymentsHistory/GetPaymentsHistory': {
    positions: listPositions,
    request: (own) => ({ body: search(own) }),
  },
  'POST /api/PaymentsHistory/payments-excel': { positions: listPositions, request: (own) => ({ body: search(own) }) },
  'POST /api/PaymentsHistory/payments-csv': { positions: listPositions, request: (own) => ({ body: search(own) }) },
  'POST /api/invoice/totals': {
    positions: [
      { path: 'body.payer_data', kind: 'account' },
      { path: 'body.soldto_data[]', kind: 'soldto' },
    ],
    request: (own) => ({ body: { payer_data: own.account, soldto_data: [own.soldto] } }),
  },
  'POST /api/invoice/aging': {
    positions: [
      { path: 'body.payer_data', kind: 'account' },
      { path: 'body.soldto_data[]', kind: 'soldto' },
    ],
    request: (own) => ({ body: { payer_data: own.account, soldto_data: [own.soldto] } }),
  },
  'POST /api/statements': {
    positions: [
      { path: 'body.payer_data', kind: 'account' },
      { path: 'body.soldto_data[]', kind: 'soldto' },
    ],
    request: (own) => ({
      body: {
        payer_data: own.account,
        soldto_data: [own.soldto],
        date_from: '10-01-2026',
        date_to: '10-31-2026',
        format: 'json',
      },
    }),
  },
  'POST /api/invoice/detail': {
    positions: [
      { path: 'body.document_detail.billing_document_number', kind: 'document' },
      { path: 'body.document_detail.customer_number', kind: 'account' },
    ],
    request: (own) => ({
      body: {
        document_detail: {
          billing_document_number: own.document.billing,
          document_type: '01',
          customer_number: own.account.customer_number,
        },
      },
    }),
  },
  'GET /api/customer/deposit-settings': {
    positions: [{ path: 'query', kind: 'account' }],
    request: (own) => ({ query: { ...own.account } }),
  },
  'GET /api/payment-methods': {
    positions: [{ path: 'query', kind: 'account' }],
    request: (own) => ({ query: { ...own.account } }),
  },
  'GET /api/customer/payment_cards': {
    positions: [{ path: 'query', kind: 'account' }],
    request: (own) => ({ query: { ...own.account } }),
  },
  'POST /api/customer/payer': {
    positions: [{ path: 'body', kind: 'account' }],
    request: (own) => ({ body: { ...own.account, action: '' } }),
  },
  'POST /api/payment-methods/manage': {
    positions: [
      { path: 'body.payer_data', kind: 'account' },
      { path: 'body.payment_cards[].payment_card_token', kind: 'card' },
    ],
    request: (own) => ({
      body: {
        payer_data: own.account,
        action: '02',
        payment_cards: [savedCard(own.card, 'AMEX', { payment_card_name: 'Renamed' })],
        log: { id: 'MOD_PAYMENT_CARD' },
      },
    }),
  },
  'POST /api/tokenization/access_token': {
    positions: [{ path: 'body.payer_data', kind: 'account' }],
    request: (own) => ({ body: { action: '01', payment_method: 'CC', payer_data: own.account } }),
  },
  'POST /api/tokenization/response': {
    positions: [{ path: 'body.access_token', kind: 'grant' }],
    request: (own) => ({ body: { action: '02', access_token: own.grant } }),
  },
  'POST /api/invoice/payments': {
    positions: [
      { path: 'body.payer_data', kind: 'account' },
      { path: 'body.soldto.account_number', kind: 'soldto' },
      { path: 'body.payment_detail.payment_card_token', kind: 'card' },
      { path: 'body.documents[].billing_document_number', kind: 'document' },
      { path: 'body.documents[].document_number_finance', kind: 'document' },
    ],
    request: (own) => ({
      body: {
        payer_data: own.account,
        soldto: { account_number: own.soldto },
        payment_detail: { payment_card_token: own.card, payment_card_type: 'AMEX', card_validation_code: '1234' },
        documents: [paymentDocument(own)],
        currency_key: 'USD',
        currency_decimals: 2,
        log: { id: 'POST_INVOICE' },
      },
    }),
  },
  'PUT /api/autopay': {
    positions: [
      { path: 'body.payer_data', kind: 'account' },
      { path: 'body.payment_card_token', kind: 'card' },
    ],
    request: (own) => ({
      body: { payer_data: own.account, payment_card_token: own.card, payment_card_type: 'AMEX', days_before_due: 3 },
    }),
  },
  'DELETE /api/autopay/:id': {
    noObjectIdentifier: "an enrolment of the user: another user's answers 404 like an unknown one (autopay.test.ts)",
  },
  // Issue 38: a promise names the account and its invoices; a promise of another customer's account is 404.
  'POST /api/invoice/promises': {
    positions: [
      { path: 'body.payer_data', kind: 'account' },
      { path: 'body.documents[].billing_document_number', kind: 'document' },
    ],
    request: (own) => ({
      body: {
        payer_data: own.account,
        documents: [{ billing_document_number: own.document.billing }],
        promised_date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
      },
    }),
  },
  'DELETE /api/invoice/promises/:id': {
    noObjectIdentifier:
      "a promise of the user's accounts: another account's answers 404 like an unknown one (collections.test.ts)",
  },
  // Issue 39: a dispute names the account and the invoice it is raised on; another customer's invoice is 404.
  'POST /api/invoice/disputes': {
    positions: [
      { path: 'body.payer_data', kind: 'account' },
      { path: 'body.billing_document_number', kind: 'document' },
    ],
    request: (own) => ({
      body: {
        payer_data: own.account,
        billing_document_number: own.document.billing,
        reason_code: 'OTHER',
        amount: '0.01',
        comment: 'Object access',
      },
    }),
  },
  // The disputes of one invoice: a customer lists those of the invoices it sees only (another customer's invoice
  // lists nothing, as one that does not exist); the AR team sees every dispute by design.
  'GET /api/disputes': {
    positions: [
      {
        path: 'query.billing_document_number',
        kind: 'document',
        entitledBy: (attacker) => attacker.permissions.includes('CanManageDisputes'),
      },
    ],
    request: (own) => ({ query: { billing_document_number: own.document.billing } }),
  },
  'GET /api/disputes/:id': { noObjectIdentifier: DISPUTE },
  'PATCH /api/disputes/:id': { noObjectIdentifier: DISPUTE },
  'POST /api/disputes/:id/messages': { noObjectIdentifier: DISPUTE },
  'POST /api/disputes/:id/attachments': { noObjectIdentifier: DISPUTE },
  'GET /api/disputes/:id/attachments/:attachmentId': { noObjectIdentifier: DISPUTE },
  'DELETE /api/scheduled-payments/:id': {
    noObjectIdentifier:
      "a scheduled payment of the user: another user's answers 404 like an unknown one (scheduled-payments.test.ts)",
  },
  'POST /api/customer/makedeposit': {
    positions: [
      { path: 'body.payer_data', kind: 'account' },
      { path: 'body.soldto.account_number', kind: 'soldto' },
      { path: 'body.payment_detail.payment_card_token', kind: 'card' },
    ],
    request: (own) => ({
      body: {
        payer_data: own.account,
        soldto: { account_number: own.soldto },
        deposit_detail: { amount_to_process: '10.00', currency_key: 'USD', reason_code: 'DP' },
        payment_detail: { payment_card_token: own.card, payment_card_type: 'AMEX', card_validation_code: '1234' },
        log: { id: 'POST_DEPOSIT' },
      },
    }),
  },
  'POST /api/customer/header-accounts': {
    positions: [{ path: 'body.userid', kind: 'ownUser', entitledBy: impersonator }],
    request: (own) => ({ body: { userid: own.user } }),
  },
  'POST /api/users/:id/accounts/byinvoice': {
    positions: [{ path: 'params.id', kind: 'ownUser' }],
    fields: {
      'body.accountNumber': 'the account to prove, by one of its invoices (proving is the point; limited, part 5)',
      'body.invoiceNumber': 'the proof itself',
    },
    request: (own) => ({
      params: { id: own.user },
      body: {
        accountNumber: own.account.customer_number,
        invoiceNumber: own.document.billing,
        invoiceAmount: formatMinorUnits(own.document.total, 2),
      },
    }),
  },
  // Administration: the route's permission governs every object of the kind.
  'GET /api/users/:id': adminUser(),
  'PUT /api/users/:id': {
    positions: [
      { path: 'params.id', kind: 'user' },
      { path: 'body.registration_request_id', kind: 'registrationRequest' },
    ],
    request: (own) => ({ params: { id: own.user }, body: { registration_request_id: own.registrationRequest } }),
  },
  'DELETE /api/users/:id': adminUser(),
  'POST /api/users/:id/invite': adminUser(),
  'POST /api/users/:id/impersonate': adminUser(),
  'GET /api/users/:id/accounts': adminUser(),
  'POST /api/users/:id/accounts': adminUser(),
  'GET /api/users/:id/exclusions': adminUser(),
  'PUT /api/users/:id/exclusions': {
    ...adminUser(),
    fields: { 'body.exclusions[]': 'accounts hidden from the user: administrators may name any (spec §3)' },
  },
  'PUT /api/users/:id/accounts/:accountId': {
    positions: [
      { path: 'params.id', kind: 'user' },
      { path: 'params.accountId', kind: 'userAccount' },
    ],
    request: (own) => ({ params: { id: own.user, accountId: own.userAccount }, body: {} }),
  },
  'DELETE /api/users/:id/accounts/:accountId': {
    positions: [
      { path: 'params.id', kind: 'user' },
      { path: 'params.accountId', kind: 'userAccount' },
    ],
    request: (own) => ({ params: { id: own.user, accountId: own.userAccount } }),
  },
  'POST /api/users': {
    positions: [{ path: 'body.registration_request_id', kind: 'registrationRequest' }],
    request: (own) => ({ body: { registration_request_id: own.registrationRequest } }),
  },
  'GET /api/register/:id': {
    positions: [{ path: 'params.id', kind: 'registrationRequest' }],
    request: (own) => ({ params: { id: own.registrationRequest } }),
  },
  'POST /api/register/:id/completed': {
    positions: [{ path: 'params.id', kind: 'registrationRequest' }],
    request: (own) => ({ params: { id: own.registrationRequest } }),
  },
  'GET /api/mail/outbox/:id': {
    positions: [{ path: 'params.id', kind: 'outbox' }],
    request: (own) => ({ params: { id: own.outbox } }),
  },
  'GET /api/configuration/email/:key': {
    positions: [{ path: 'params.key', kind: 'template' }],
    request: (own) => ({ params: { key: own.template } }),
  },
  'PUT /api/configuration/email/:key': {
    positions: [{ path: 'params.key', kind: 'template' }],
    request: (own) => ({ params: { key: own.template }, body: {} }),
  },
  'POST /api/configuration/email/:key/preview': {
    positions: [{ path: 'params.key', kind: 'template' }],
    request: (own) => ({ params: { key: own.template }, body: {} }),
  },
  'GET /api/audit-events': {
    positions: [{ path: 'query.user', kind: 'auditUser' }],
    request: (own) => ({ query: { user: own.auditUser } }),
  },
  'DELETE /api/integration/keys/:id': {
    positions: [{ path: 'params.id', kind: 'apiKey' }],
    request: (own) => ({ params: { id: own.apiKey } }),
  },
  'GET /api/audit-events/export': {
    positions: [{ path: 'query.user', kind: 'auditUser' }],
    request: (own) => ({ query: { user: own.auditUser } }),
  },
  // The supplier's own integration objects (issue 27): every holder of CanEditSystemConfig, or a key of the route's
  // scope, may reach every one of them; no customer's user ever may (ledger-imports.test.ts, ledger-feed.test.ts).
  'GET /api/ledger/imports/:id': {
    noObjectIdentifier: "an import of the supplier's files: CanEditSystemConfig or ledger:write governs every import",
  },
  'PUT /api/integration/webhooks/:id': { noObjectIdentifier: WEBHOOK_ENDPOINT },
  'DELETE /api/integration/webhooks/:id': { noObjectIdentifier: WEBHOOK_ENDPOINT },
  'POST /api/integration/webhooks/:id/rotate-secret': { noObjectIdentifier: WEBHOOK_ENDPOINT },
  'GET /api/integration/webhooks/:id/messages': { noObjectIdentifier: WEBHOOK_ENDPOINT },
  'POST /api/integration/webhooks/:id/messages/:messageId/resend': { noObjectIdentifier: WEBHOOK_ENDPOINT },
  'POST /api/integration/webhooks/:id/test': { noObjectIdentifier: WEBHOOK_ENDPOINT },
  'POST /api/ledger/payments/:id/acknowledge': {
    noObjectIdentifier: "a payment in the supplier's feed: CanEditSystemConfig or payments:read governs every payment",
  },
  // Capabilities: whoever holds the secret may use it, whatever their role; their confinement is tested in part 4.
  'GET /api/invoice/pdf/:token': {
    noObjectIdentifier: 'a signed link: HMAC over its claims, 2 minutes (pdf-links.test.ts)',
  },
  'GET /api/users/password-reset/:id': { noObjectIdentifier: 'a one-time reset token (password-reset.test.ts)' },
  'POST /api/token/complete-password-reset': {
    noObjectIdentifier: 'a one-time reset token (password-reset.test.ts)',
  },
  'GET /api/users/invite/:id': { noObjectIdentifier: 'a one-time invite token (invites tests in users.routes)' },
  'POST /api/token/complete-registration': { noObjectIdentifier: 'a one-time invite token (users.routes.test.ts)' },
  'POST /api/token/auto-register/user-confirm/:id': {
    noObjectIdentifier: 'a one-time confirmation token (registration.test.ts)',
  },
  'POST /api/token/refresh': { noObjectIdentifier: 'the refresh token of a session (auth.routes.test.ts, rotation)' },
  'GET /api/files/:id': {
    noObjectIdentifier: 'uploaded logos and icons are public by design: the sign-in page shows them',
  },
  'PUT /api/users/account/validateGuestPayment': {
    noObjectIdentifier: 'the guest proves the account with an invoice number and amount (guest-lookup.security)',
  },
  'PUT /api/users/account/validate': {
    noObjectIdentifier: 'registration proves the account with an invoice number and amount (registration.test.ts)',
  },
  'POST /api/token/auto-register/user': {
    noObjectIdentifier: 'each account is proven by invoice number and amount (registration.test.ts)',
  },
  'POST /api/GuestPayment': { noObjectIdentifier: 'confined to the guest token of one document (guest-payment)' },
  'POST /api/guestPayment/payments': {
    noObjectIdentifier: 'confined to the guest token of one document (guest-payment tests)',
  },
  'POST /api/guestTokenization/access_token': {
    noObjectIdentifier: 'the guest card frame of the guest token (guest-payment tests)',
  },
  'POST /api/guestTokenization/response': {
    noObjectIdentifier: 'the guest card frame of the guest token (guest-payment tests)',
  },
  'POST /api/admin/recovery': {
    noObjectIdentifier: 'the recovery key from the server console; user is the account to recover (admin-recovery)',
  },
  'GET /api/configuration/theme': { noObjectIdentifier: 'a host name; themes are public (the sign-in page)' },
  'GET /api/configuration/isBlackoutActive': { noObjectIdentifier: 'tz is a time zone name' },
  'PUT /api/configuration/Application/:name': { noObjectIdentifier: 'name is a setting of the one configuration' },
};

function adminUser(): Extract<Entry, { positions: Position[] }> {
  return {
    positions: [{ path: 'params.id', kind: 'user' }],
    request: (own) => ({ params: { id: own.user }, body: {} }),
  };
}

/** The last name of a field path looks like it names an object (the generated part: new fields are caught). */
const identifierLike =
  /^(id|userid|user|accountId|customer_number|account_number|accountNumber|primary_account|soldto_data\[\]|SoldTo_SearchParams\[\]|GridViewDocIds\[\]|billing_document_number|document_number_finance|invoiceNumber|payment_card_token|access_token|card_access_token|three_ds_access_token|token|key|exclusions\[\]|guest_tokens\[\]|registration_request_id|inviteId|refreshToken)$/;

/** Fields that look like identifiers but are not, on any route (the reason beside each). */
const notIdentifiers: Record<string, string> = {
  'body.payment_detail.three_ds_access_token':
    'the 3-D Secure result of this session for this card (payments tests: another session’s is refused)',
  'body.payment_card_token': 'tokenisation of a new card: the frame answers a new token',
  'body.primary_account': 'linking an account to a user: administrators link any account (spec §3)',
  'body.log.id': 'the log entry kind',
};

let t: TestApp;
const attackers: Attacker[] = [];
let victim: Context;
let demoCustomer: Context;

async function openDocument(payer: string, soldto?: string): Promise<Document> {
  const [row] = await t.database.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.payerNumber, payer),
        soldto ? eq(documents.soldtoNumber, soldto) : undefined,
        eq(documents.documentStatus, '01'),
        eq(documents.itemIsAPayment, false),
        eq(documents.currencyKey, 'USD'),
        gt(documents.openAmount, 0n),
      ),
    )
    // One with a PDF, so that the PDF routes answer the attacker's own request.
    .orderBy(desc(documents.pdfDocumentAvailable), asc(documents.id))
    .limit(1);
  if (!row) throw new Error(`no open invoice of ${payer}`);
  return {
    billing: row.billingDocumentNumber,
    finance: row.documentNumberFinance,
    fiscalYear: row.fiscalYear,
    lineItem: row.lineItem,
    open: row.openAmount,
    total: row.totalAmount,
    payer: row.payerNumber,
  };
}

async function userIdOf(login: string): Promise<number> {
  const rows = (await t.database.db.execute(
    sql`select user_id from portal.users where login = ${login}`,
  )) as unknown as { rows: { user_id: number }[] };
  return Number(rows.rows[0]!.user_id);
}

/** An American Express card saved through the frame (no 3-D Secure step, so that a payment can go through). */
async function savedAmex(token: string, account: PayerData, number: string): Promise<string> {
  const { response } = await tokenizeCard(t.app, token, { number, cvv: '1234', type: 'AMEX' }, account);
  if (response.statusCode !== 200) throw new Error(`tokenize: ${response.body}`);
  const card = response.json().paymentcard.payment_card_token as string;
  const added = await manage(t.app, token, '01', savedCard(card, 'AMEX'), account);
  if (added.json().status.message_type !== 'S') throw new Error(`save card: ${added.body}`);
  return card;
}

async function freshGrant(token: string, account: PayerData): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/tokenization/access_token',
    headers: { authorization: `Bearer ${token}` },
    payload: { action: '01', payment_method: 'CC', payer_data: account },
  });
  return response.statusCode === 200 ? (response.json().access_token as string) : '';
}

/** Each demo user's own account, sold-to and open invoice (the first linked account). */
const ownAccounts: Record<DemoUser['kind'], { account: PayerData; soldto: string; payer: string }> = {
  admin: {
    account: { customer_number: '0000100001', company_code: '1000' },
    soldto: '0000200001',
    payer: '0000100001',
  },
  manager: {
    account: { customer_number: '0000100001', company_code: '1000' },
    soldto: '0000200001',
    payer: '0000100001',
  },
  internal: {
    account: { customer_number: '0000100001', company_code: '1000' },
    soldto: '0000200001',
    payer: '0000100001',
  },
  payer: {
    account: { customer_number: '0000100001', company_code: '1000' },
    soldto: '0000200001',
    payer: '0000100001',
  },
  soldto: {
    account: { customer_number: '0000200001', company_code: '1000' },
    soldto: '0000200001',
    payer: '0000100001',
  },
  payerall: {
    account: { customer_number: '0000900001', company_code: '1000' },
    soldto: '0000200011',
    payer: '0000100006',
  },
  thirdparty: {
    account: { customer_number: '0000100009', company_code: '1000' },
    soldto: '0000200016',
    payer: '0000100009',
  },
};

beforeAll(async () => {
  // The general per-address ceiling would answer 429 to this many calls from one address (it has tests of its own).
  t = await createTestApp({ ledgerDocuments: 600, settings: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  const db = t.database.db;
  // Issue 29: AutoPay offered, so that an attacker's own enrolment is a valid request the foreign one must differ from.
  await writeSetting(db, 'application', { autopayCompanyCodes: ['1000'], scheduledPaymentsCompanyCodes: ['1000'] });
  // The second customer: a payer no demo user holds, with a user, a saved card and a card frame grant of its own.
  const secondAccount = { customer_number: '0000300001', company_code: '1000' };
  await insertUser(
    db,
    {
      login: 'second@example.com',
      email: 'second@example.com',
      firstName: 'Sonja',
      lastName: 'Zweitkundin',
      company: 'Second Customer GmbH',
      passwordHash: await hashPassword(demoPassword),
      status: 'active',
      userRole: 'user',
      primaryAccountTypeId: 'Payer',
      permissions: ['CanMakePayment', 'CanManagePaymentMethods', 'CanManageOwnSAPAccounts'],
      lastPasswordChange: new Date(),
    },
    [
      {
        primaryAccount: '0000300001',
        accountType: 'both',
        companyCode: '1000',
        salesOrganization: '1000',
        distributionChannel: '10',
        division: '00',
      },
    ],
  );
  const tokens = new Map<string, string>();
  for (const user of [...demoUsers.map((u) => u.email), 'second@example.com'])
    tokens.set(user, (await signInAs(t.app, user)).token);
  const payerToken = tokens.get('payer@example.com')!;
  const secondToken = tokens.get('second@example.com')!;
  const payerCard = await savedAmex(payerToken, ownAccounts.payer.account, '378282246310005');
  const secondCard = await savedAmex(secondToken, secondAccount, '370000000000002');
  const cardNumbers: Partial<Record<DemoUser['kind'], string>> = {
    soldto: '371449635398431',
    payerall: '378734493671000',
    thirdparty: '340000000000009',
  };

  // Administration objects: a registration request (and its mail in the outbox), a template key, the users.
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      first_name: 'Rita',
      last_name: 'Request',
      company: 'Request AG',
      email: 'rita@example.com',
      message: 'Please',
    },
  });
  if (registered.statusCode >= 300) throw new Error(`register: ${registered.body}`);
  const [request] = await db.select().from(registrationRequests).limit(1);
  const [outbox] = await db.select().from(mailOutbox).limit(1);
  const secondUser = await userIdOf('second@example.com');
  const payerUser = await userIdOf('payer@example.com');
  const [secondLink] = await db.select().from(userAccounts).where(eq(userAccounts.userId, secondUser));
  const [payerLink] = await db.select().from(userAccounts).where(eq(userAccounts.userId, payerUser));
  // An API key (issue 27): CanEditSystemConfig governs every key.
  const createdKey = await t.app.inject({
    method: 'POST',
    url: '/api/integration/keys',
    headers: { authorization: `Bearer ${tokens.get('admin@example.com')}` },
    payload: { name: 'Object access', scopes: ['ledger:write'] },
  });
  if (createdKey.statusCode !== 201) throw new Error(`api key: ${createdKey.body}`);
  const shared = {
    apiKey: (createdKey.json() as { id: number }).id,
    registrationRequest: request!.registrationRequestId,
    outbox: outbox?.id ?? 1,
    template: emailTemplateKeys[0]!,
  };
  const nameOf = async (customer: string) =>
    (await db.select().from(customers).where(eq(customers.customerNumber, customer)))[0]!.name;
  victim = {
    name: await nameOf('0000300001'),
    email: 'second@example.com',
    account: secondAccount,
    soldto: '0000400001',
    document: await openDocument('0000300001', '0000400001'),
    card: secondCard,
    grant: await freshGrant(secondToken, secondAccount),
    user: secondUser,
    userAccount: secondLink!.accountId,
    auditUser: secondUser,
    ...shared,
  };
  demoCustomer = {
    name: await nameOf('0000100001'),
    email: 'payer@example.com',
    account: ownAccounts.payer.account,
    soldto: '0000200001',
    document: await openDocument('0000100001', '0000200001'),
    card: payerCard,
    grant: await freshGrant(payerToken, ownAccounts.payer.account),
    user: payerUser,
    userAccount: payerLink!.accountId,
    auditUser: payerUser,
    ...shared,
  };
  for (const user of demoUsers) {
    const mine = ownAccounts[user.kind];
    const id = await userIdOf(user.email);
    const [link] = await db.select().from(userAccounts).where(eq(userAccounts.userId, id));
    attackers.push({
      name: user.kind,
      token: tokens.get(user.email),
      role: user.role,
      permissions: demoPermissions(user),
      own: {
        name: await nameOf(mine.payer),
        email: user.email,
        ...shared,
        account: mine.account,
        soldto: mine.soldto,
        document: await openDocument(mine.payer, mine.soldto),
        card: cardNumbers[user.kind]
          ? await savedAmex(tokens.get(user.email)!, mine.account, cardNumbers[user.kind]!)
          : payerCard,
        grant: await freshGrant(tokens.get(user.email)!, mine.account),
        user: id,
        userAccount: link!.accountId,
        auditUser: id,
      },
    });
  }
  attackers.push({
    name: 'second customer',
    token: secondToken,
    role: 'user',
    permissions: ['CanMakePayment', 'CanManagePaymentMethods', 'CanManageOwnSAPAccounts'],
    own: victim,
  });
  attackers.push({ name: 'nobody', permissions: [] });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const routes = contractRoutes();

/** Writes `value` at a dotted path; `x[]` writes into every element (or makes the array [value] at the end). */
function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const [head, ...rest] = path.split('.');
  const array = head!.endsWith('[]');
  const key = array ? head!.slice(0, -2) : head!;
  if (rest.length === 0) {
    if (array) target[key] = [value];
    else if (typeof value === 'object' && value !== null && !Array.isArray(value))
      target[key] = { ...(target[key] as object), ...value };
    else target[key] = value;
    return;
  }
  const next = target[key];
  if (array) for (const item of next as Record<string, unknown>[]) setAt(item, rest.join('.'), value);
  else setAt((target[key] ??= {}) as Record<string, unknown>, rest.join('.'), value);
}

function valueOf(kind: Kind, context: Context, path: string): unknown {
  switch (kind) {
    case 'account':
      return path.endsWith('customer_number') ? context.account.customer_number : context.account;
    case 'document':
      return path.endsWith('document_number_finance') ? context.document.finance : context.document.billing;
    case 'ownUser':
      return context.user;
    default:
      return context[kind];
  }
}

function withValue(request: Request, path: string, value: unknown): Request {
  const copy = structuredClone(request);
  setAt(copy as Record<string, unknown>, path, value);
  return copy;
}

/** An identifier of the same kind and shape that names nothing. */
function unknownOf(kind: Kind, value: unknown): unknown {
  if (typeof value === 'number') return 2_147_483_000;
  if (typeof value === 'object' && value !== null) return { ...value, customer_number: '0000999999' };
  const text = String(value);
  if (kind === 'card' || kind === 'grant')
    // Same length, brand and last four (a card token carries them at 0-10): only the rest differs.
    return text.slice(0, 10) + [...text.slice(10)].map(otherOfItsClass).join('');
  return text.replace(/\d/g, '9');
}

/** Another character of the same class (digit, upper or lower case letter), so that formats still match. */
function otherOfItsClass(c: string): string {
  if (/\d/.test(c)) return c === '9' ? '8' : '9';
  if (/[A-Z]/.test(c)) return c === 'Z' ? 'Y' : 'Z';
  if (/[a-z]/.test(c)) return c === 'z' ? 'y' : 'z';
  return c;
}

/** The answer with the identifier sent and the request's unique id masked, to compare two answers. */
function answerShape(response: { statusCode: number; headers: Record<string, unknown>; body: string }, value: unknown) {
  const type = String(response.headers['content-type'] ?? '');
  const sent = typeof value === 'object' && value !== null ? Object.values(value as object) : [value];
  let body = type.includes('json') || type.includes('csv') ? response.body : `${response.body.length > 0}`;
  for (const text of sent) body = body.split(String(text)).join('<id>');
  body = body.replace(/"uniqueId":"[^"]*"/g, '');
  return `${response.statusCode} ${type} ${body}`;
}

/** Data of the other customer in an answer that the attacker did not send itself. */
function leaksOf(body: string, foreign: Context, request: Request): string {
  const sent = JSON.stringify(request);
  return [foreign.name, foreign.email, foreign.document.billing, foreign.document.finance]
    .filter((text) => body.includes(text) && !sent.includes(text))
    .join(', ');
}

async function send(route: RouteContract, attacker: Attacker, request: Request) {
  let url = route.path;
  for (const [name, value] of Object.entries(request.params ?? {})) url = url.replace(`:${name}`, String(value));
  const query = new URLSearchParams(
    Object.entries(request.query ?? {}).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  return t.app.inject({
    method: route.method,
    url: query ? `${url}?${query}` : url,
    headers: {
      ...(attacker.token ? { authorization: `Bearer ${attacker.token}` } : {}),
      ...(route.method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {}),
    },
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: (request.body ?? {}) as object }),
  });
}

const passesPermission = (route: RouteContract, attacker: Attacker) =>
  Boolean(attacker.token) &&
  (!route.permission || attacker.permissions.includes(route.permission)) &&
  (!route.requiredRole || attacker.role === route.requiredRole);

/** Tables that a refused call may touch without changing anything of a customer's: sign-in state and the trail. */
// ledger.erp_requests: the reference ERP service's book of writes by Idempotency-Key (TEST_ERP=http), where a write
// the ERP refused (a card of another payer: 076) is kept with its answer; nothing of the ledger changes.
const volatile = /^(portal\.(sessions|refresh_tokens|audit_events|idempotency_keys)|ledger\.erp_requests) /;

describe('object access by role (generated from the contracts)', () => {
  it('places every identifier-like field of every route in the catalogue', () => {
    const missing: string[] = [];
    for (const route of routes) {
      const key = routeKey(route);
      const entry = catalogue[key];
      const identifiers = fieldPaths(route).filter((path) => identifierLike.test(path.split('.').at(-1)!));
      if (identifiers.length === 0) continue;
      if (!entry) {
        missing.push(`${key}: ${identifiers.join(', ')} (add the route to the catalogue)`);
        continue;
      }
      for (const path of identifiers) {
        const placed =
          ('positions' in entry &&
            entry.positions.some((position) => path === position.path || path.startsWith(`${position.path}.`))) ||
          ('noObjectIdentifier' in entry && !('positions' in entry)) ||
          ('fields' in entry && entry.fields !== undefined && path in entry.fields) ||
          path in notIdentifiers;
        if (!placed) missing.push(`${key}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
    const stale = Object.keys(catalogue).filter((key) => !routes.some((route) => routeKey(route) === key));
    expect(stale).toEqual([]);
  });

  it("refuses every attacker another customer's identifier in every position, with no data and no change", async () => {
    const before = (await dumpDatabase(t.database.db)).filter((line) => !volatile.test(line));
    const failures: string[] = [];
    let cells = 0;
    let refused = 0;
    let answeredAsUnknown = 0;
    let entitled = 0;
    let positions = 0;
    for (const route of routes) {
      const entry = catalogue[routeKey(route)];
      if (!entry || !('positions' in entry)) continue;
      positions += entry.positions.length;
      for (const position of entry.positions) {
        for (const attacker of attackers) {
          cells++;
          const admin = (adminKinds as readonly string[]).includes(position.kind);
          const permitted = passesPermission(route, attacker);
          if (permitted && (admin || position.entitledBy?.(attacker))) {
            entitled++;
            continue;
          }
          const foreign = attacker.name === 'second customer' ? demoCustomer : victim;
          const own = attacker.own ?? foreign;
          const foreignValue = valueOf(position.kind, foreign, position.path);
          const request = withValue(entry.request(own), position.path, foreignValue);
          const response = await send(route, attacker, request);
          const expected = !attacker.token ? [401] : !permitted ? [403] : [404, 403];
          const leaks = leaksOf(response.body, foreign, request);
          const where = `${attacker.name} ${routeKey(route)} ${position.path}`;
          if (leaks) failures.push(`${where}: ${response.statusCode} leaks ${leaks}`);
          else if (expected.includes(response.statusCode)) refused++;
          else {
            // Not refused outright: the answer must be the one an identifier that does not exist gets.
            const unknownValue = unknownOf(position.kind, foreignValue);
            const unknown = await send(route, attacker, withValue(entry.request(own), position.path, unknownValue));
            const same =
              response.statusCode < 500 &&
              response.statusCode !== 429 &&
              answerShape(response, foreignValue) === answerShape(unknown, unknownValue);
            if (same) answeredAsUnknown++;
            else
              failures.push(
                `${where}: ${response.statusCode} ${response.body.slice(0, 300)} (unknown: ${unknown.statusCode} ${unknown.body.slice(0, 200)})`,
              );
          }
        }
      }
    }
    const after = (await dumpDatabase(t.database.db)).filter((line) => !volatile.test(line));
    const changed = [
      ...before.filter((line) => !after.includes(line)).map((line) => `- ${line.slice(0, 200)}`),
      ...after.filter((line) => !before.includes(line)).map((line) => `+ ${line.slice(0, 200)}`),
    ];
    const routesAttacked = routes.filter((route) => {
      const entry = catalogue[routeKey(route)];
      return entry && 'positions' in entry;
    }).length;
    process.stdout.write(
      `object access matrix: ${routesAttacked} routes, ${positions} identifier positions × ${attackers.length} attackers = ${cells} cells; ${refused} refused (401/403/404), ${answeredAsUnknown} answered as for an identifier that does not exist, ${entitled} entitled by permission (not attacked), ${failures.length} failures\n`,
    );
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
  }, 300_000);

  // A control passes the object check: not refused as not found, unauthenticated or malformed (a business answer such
  // as "document changed", a role rule, a failed account proof or the account limit comes after the object check).
  it('does not refuse the same requests with the attacker’s own identifiers (the controls)', async () => {
    const refusedOwn: string[] = [];
    for (const route of routes) {
      const entry = catalogue[routeKey(route)];
      if (!entry || !('positions' in entry)) continue;
      if (entry.positions.every((position) => (adminKinds as readonly string[]).includes(position.kind))) continue;
      for (const attacker of attackers) {
        if (!attacker.own || !passesPermission(route, attacker)) continue;
        // Internal staff hold no card and no card frame grant (they may not pay): nothing of their own to send.
        if (!attacker.own.card && JSON.stringify(entry.request(attacker.own)).includes('payment_card_token')) continue;
        if (!attacker.own.grant && entry.positions.some((position) => position.kind === 'grant')) continue;
        const response = await send(route, attacker, entry.request(attacker.own));
        const generic = (code: string) => response.body.includes(`"messageKey":"errors.codes.${code}"`);
        if ([401, 429].includes(response.statusCode) || generic('VALIDATION_FAILED') || generic('NOT_FOUND'))
          refusedOwn.push(`${attacker.name} ${routeKey(route)}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(refusedOwn).toEqual([]);
  }, 300_000);
});
