// Issue 17: two portal processes on one PostgreSQL and one Redis behave as one portal. Starts the built server twice
// on a fresh database (the first seeds the demo), with a real SMTP server in this process, and checks:
// - a payment started on one instance and replayed with the same Idempotency-Key on the other charges once;
// - a sign-out on one is refused on the other at the next call; so is a user deleted on one (each instance keeps
//   the sessions it checked in memory and drops them when PostgreSQL announces the change: ADR 0019);
// - a configuration change (a theme) saved on one is what the other answers at the next call;
// - the sign-in limit per account is shared;
// - a payment scheduled for today, and AutoPay's payments on a clock moved ten days on (TEST_CLOCK), are made once
//   although both instances run the scheduled jobs every second (issue 29);
// - each outbox message is sent once although both instances poll; charges and postings match one to one after
//   both reconcilers have run.
// Usage: node .ci/two-instances.mjs <postgres url> <redis url>   (after npm run build)
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [serverUrl = 'postgres://postgres@127.0.0.1:5432/postgres', redisUrl = 'redis://127.0.0.1:6379'] =
  process.argv.slice(2);
const password = 'Portal-Demo-2026';
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function query(connectionString, sql) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}
const admin = (sql) => query(serverUrl, sql);

// A fresh database, and the mail the two instances send.
const name = `portal_two_${randomBytes(5).toString('hex')}`;
await admin(`create database ${name}`);
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
const received = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
      callback();
    });
  },
});
const smtpPort = await freePort();
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

const instances = [];
async function start(label, extraArgs) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/server/dist/server.js', ...extraArgs], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      WEB_CONCURRENCY: '1',
      ACCESS_TOKEN_SECRET: 'two-instances-access-token-secret-0123456789',
      CONFIG_ENCRYPTION_KEY: 'two-instances-config-encryption-key-012345',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'AR Portal <portal@example.com>',
      MAIL_POLL_INTERVAL_SECONDS: '1',
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '1',
      // Issue 29: both run the scheduled jobs every second, on the clock this script moves (app_settings test_clock).
      SCHEDULER_INTERVAL_SECONDS: '1',
      TEST_CLOCK: 'true',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  instances.push(child);
  for (let waited = 0; waited < 120_000; waited += 500) {
    if (child.exitCode !== null) throw new Error(`instance ${label} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return url;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`instance ${label} did not get ready`);
}

async function call(base, method, url, { token, body, key } = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, json, text };
}

const expect200 = (answer) => {
  if (answer.status !== 200) throw new Error(`expected 200, got ${answer.status}: ${answer.text.slice(0, 200)}`);
  return answer;
};

const signIn = async (base, login) =>
  (await call(base, 'POST', '/api/token/login', { body: { login, password } })).json?.token;

let status = 1;
try {
  const one = await start('one', ['--demo']);
  const two = await start('two', []);
  console.log(`two instances on ${name}: ${one} and ${two}`);

  // The sign-in limit per account is counted once for both.
  const attempts = [];
  for (let index = 0; index < 4; index++) {
    const answer = await call(index % 2 ? two : one, 'POST', '/api/token/login', {
      body: { login: 'thirdparty@example.com', password: 'Not-The-Password-1' },
    });
    attempts.push(answer.status);
  }
  check(
    attempts.join(',') === '401,401,401,429',
    `sign-in limit shared: ${attempts.join(', ')} (3 failures, then 429)`,
  );

  // A sign-out on one is refused on the other at the next call.
  const session = await signIn(one, 'soldto@example.com');
  const before = await call(two, 'POST', '/api/token/getuseraccounts', { token: session });
  await call(one, 'POST', '/api/token/logout', { token: session });
  const after = await call(two, 'POST', '/api/token/getuseraccounts', { token: session });
  check(
    before.status === 200 && after.status === 401,
    `sign-out on one, refused on two: ${before.status} then ${after.status}`,
  );

  // A user deleted by an administrator on one is refused on the other at the next call, and a configuration change
  // saved on one is what the other answers at the next call (both instances had them in memory).
  const administrator = await signIn(one, 'admin@example.com');
  const payerAll = await signIn(one, 'payerall@example.com');
  expect200(await call(two, 'GET', '/api/configuration/getfooterlinks', { token: payerAll }));
  const [{ user_id: deletedId }] = await query(
    databaseUrl,
    `select user_id from portal.users where login = 'payerall@example.com'`,
  );
  // The default theme gets a sign-in banner on one; the other's public theme (read before, so kept) shows it.
  const themeBefore = await call(two, 'GET', '/api/configuration/theme?url=127.0.0.1');
  const marker = `two-instances-${randomBytes(4).toString('hex')}`;
  const themes = (await call(one, 'GET', '/api/configuration/themes', { token: administrator })).json;
  const withBanner = {
    themes: themes.themes.map((theme) =>
      theme.name === 'theme_default' ? { ...theme, banners: [{ language: 'en', content: `<p>${marker}</p>` }] } : theme,
    ),
  };
  const savedThemes = await call(one, 'PUT', '/api/configuration/themes', { token: administrator, body: withBanner });
  const themeAfter = await call(two, 'GET', '/api/configuration/theme?url=127.0.0.1');
  check(
    themeBefore.status === 200 && savedThemes.status === 200 && themeAfter.text.includes(marker),
    `theme saved on one, answered by two at the next call: ${themeBefore.status}, ${savedThemes.status} ` +
      `${savedThemes.status === 200 ? '' : savedThemes.text.slice(0, 200)}, ` +
      `${themeAfter.text.includes(marker) ? 'the new banner' : themeAfter.text.slice(0, 200)}`,
  );
  const deleted = await call(one, 'DELETE', `/api/users/${deletedId}`, { token: administrator });
  const afterDeletion = await call(two, 'GET', '/api/configuration/getfooterlinks', { token: payerAll });
  check(
    deleted.status === 200 && afterDeletion.status === 401,
    `user deleted on one, refused on two: ${deleted.status} then ${afterDeletion.status}`,
  );

  // A payment started on one and replayed with the same key on the other charges once.
  const payer = await signIn(one, 'payer@example.com');
  const account = { customer_number: '0000100001', company_code: '1000' };
  const access = await call(one, 'POST', '/api/tokenization/access_token', {
    token: payer,
    body: { action: '01', payment_method: 'CC', payer_data: account },
  });
  await call(one, 'POST', '/sandbox-gateway/Ajax', {
    body: {
      access_token: access.json.access_token,
      card_type: 'AMEX',
      card_number: '371449635398431',
      card_validation_code: '1234',
      expiration_month: '12',
      expiration_year: '2031',
    },
  });
  const tokenized = await call(two, 'POST', '/api/tokenization/response', {
    token: payer,
    body: { action: '02', access_token: access.json.access_token },
  });
  const card = tokenized.json?.paymentcard?.payment_card_token;
  // One reads (and keeps) the payer's saved cards before two saves one: the payment below, on one, needs it.
  const methodsPath = '/api/payment-methods?customer_number=0000100001&company_code=1000';
  const tokensOn = async (instance) =>
    ((await call(instance, 'GET', methodsPath, { token: payer })).json?.payment_cards ?? []).map(
      (method) => method.payment_card_token,
    );
  const keptBefore = await tokensOn(one);
  const manageCard = (action) =>
    call(two, 'POST', '/api/payment-methods/manage', {
      token: payer,
      body: {
        payer_data: account,
        action,
        payment_cards: [
          {
            payment_card_name: 'Pat Payer',
            payment_card_token: card,
            payment_card_type: 'AMEX',
            valid_from: '',
            valid_to: '12-31-2031',
            default: '',
            is_session: '',
            electronic_check_account_type: '',
            electronic_check_rdfi_number: '',
            payer_account: '',
            preauthorization_amount: '',
          },
        ],
        log: { id: action === '01' ? 'ADD_PAYMENT_CARD' : 'DEL_PAYMENT_CARD' },
      },
    });
  const saved = await manageCard('01');
  check(
    saved.json?.status?.message_type === 'S' && !keptBefore.includes(card) && (await tokensOn(one)).includes(card),
    `a card saved on two (frame on one) is in one's list at once, though one kept the list before: ${saved.text.slice(0, 60)}`,
  );
  const [invoice, anotherInvoice] = await query(
    databaseUrl,
    `select document_number_finance, line_item, fiscal_year, billing_document_number, open_amount::text as open
       from ledger.documents
      where payer_number = '0000100001' and company_code = '1000' and currency_key = 'USD'
        and document_status = '01' and item_is_a_payment = false and open_amount > 0
      order by id limit 2`,
  );
  const payRequest = (document) => {
    const amount = (Number(document.open) / 100).toFixed(2);
    return {
      payer_data: account,
      soldto: { account_number: '' },
      payment_detail: { payment_card_token: card, payment_card_type: 'AMEX', card_validation_code: '1234' },
      documents: [
        {
          document_number_finance: document.document_number_finance,
          line_item_in_the_relevant_invoice: document.line_item,
          fiscal_year_of_the_relevant_invoice: document.fiscal_year,
          open_amount: amount,
          amount_to_process: amount,
          currency_key: 'USD',
          reason_code: '',
          comment: '',
          reference_number: '',
          billing_document_number: document.billing_document_number,
        },
      ],
      currency_key: 'USD',
      currency_decimals: 2,
      log: { id: 'POST_INVOICE' },
    };
  };
  const request = payRequest(invoice);
  const key = randomUUID();
  const first = await call(one, 'POST', '/api/invoice/payments', { token: payer, body: request, key });
  const replay = await call(two, 'POST', '/api/invoice/payments', { token: payer, body: request, key });
  const charges = async () => (await query(databaseUrl, 'select count(*)::int as n from gateway_sandbox.charges'))[0].n;
  check(
    first.status === 200 && replay.status === 200 && first.text === replay.text && (await charges()) === 1,
    `payment on one, replayed on two with the same key: ${first.status}/${replay.status}, same answer ${first.text === replay.text}, charges ${await charges()}`,
  );

  // A card deleted on two cannot pay on one at the next call (one kept the payer's cards).
  const removed = await manageCard('03');
  const afterRemoval = await call(one, 'POST', '/api/invoice/payments', {
    token: payer,
    body: payRequest(anotherInvoice),
    key: randomUUID(),
  });
  const listedAfter = (await tokensOn(one)).includes(card);
  check(
    removed.json?.status?.message_type === 'S' && !listedAfter && afterRemoval.status === 404,
    `a card deleted on two is gone from one's list and refused for a payment on one: ${removed.text.slice(0, 60)}, listed ${listedAfter}, payment ${afterRemoval.status}`,
  );

  // Issue 29: a payment scheduled for today, and AutoPay's payments ten days on, are each made once although both
  // instances run the jobs every second.
  const until = async (what, test, timeoutMs = 20_000) => {
    for (let waited = 0; waited < timeoutMs; waited += 500) {
      if (await test()) return true;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log(`gave up waiting for ${what}`);
    return false;
  };
  const visa = ((await call(one, 'GET', methodsPath, { token: payer })).json?.payment_cards ?? []).find(
    (method) => method.payment_card_type === 'VISA',
  );
  const [scheduledInvoice] = await query(
    databaseUrl,
    `select document_number_finance, line_item, fiscal_year, billing_document_number, open_amount::text as open
       from ledger.documents
      where payer_number = '0000100001' and company_code = '1000' and currency_key = 'USD'
        and document_status = '01' and item_is_a_payment = false and open_amount > 0
      order by id offset 5 limit 1`,
  );
  const iso = new Date().toISOString().slice(0, 10);
  const chargesBefore = await charges();
  const scheduled = await call(one, 'POST', '/api/invoice/payments', {
    token: payer,
    body: {
      ...payRequest(scheduledInvoice),
      payment_detail: { payment_card_token: visa?.payment_card_token, payment_card_type: 'VISA' },
      scheduled_date: `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`,
    },
    key: randomUUID(),
  });
  const scheduledId = scheduled.json?.id;
  const statusOf = async () =>
    (await query(databaseUrl, `select status from portal.scheduled_payments where id = '${scheduledId}'`))[0]?.status;
  await until('the scheduled payment', async () => (await statusOf()) === 'paid');
  const [{ n: scheduledIntents }] = await query(
    databaseUrl,
    `select count(*)::int as n from portal.payment_intents where scope = 'scheduled:${scheduledId}'`,
  );
  check(
    scheduled.json?.status === 'scheduled' &&
      (await statusOf()) === 'paid' &&
      scheduledIntents === 1 &&
      (await charges()) === chargesBefore + 1,
    `a payment scheduled on one for today is paid once by the two schedulers: ${scheduled.text.slice(0, 60)}, ${await statusOf()}, ${scheduledIntents} intent, ${(await charges()) - chargesBefore} charge`,
  );
  const enrolled = await call(two, 'PUT', '/api/autopay', {
    token: payer,
    body: {
      payer_data: account,
      payment_card_token: visa?.payment_card_token,
      payment_card_type: 'VISA',
      days_before_due: 0,
    },
  });
  const chargesBeforeAutopay = await charges();
  await query(
    databaseUrl,
    `insert into portal.app_settings (key, value) values ('test_clock', '{"offsetMs": ${10 * 86_400_000}}')
     on conflict (key) do update set value = excluded.value`,
  );
  // The payments due by the moved clock's day; the later ones wait for their day.
  const autopayRows = () =>
    query(
      databaseUrl,
      `select status from portal.scheduled_payments
        where autopay_id = '${enrolled.json?.id}' and scheduled_date <= current_date + 10`,
    );
  await until(
    "AutoPay's payments",
    async () => {
      const rows = await autopayRows();
      return rows.length > 0 && rows.every((row) => !['scheduled', 'processing'].includes(row.status));
    },
    30_000,
  );
  const rows = await autopayRows();
  const paidRows = rows.filter((row) => row.status === 'paid').length;
  const [{ planned, distinct }] = await query(
    databaseUrl,
    `select count(*)::int as planned, count(distinct document_key)::int as distinct
       from portal.autopay_items where autopay_id = '${enrolled.json?.id}'`,
  );
  check(
    enrolled.status === 200 &&
      paidRows > 0 &&
      planned === distinct &&
      (await charges()) === chargesBeforeAutopay + paidRows,
    `AutoPay enrolled on two, ten days on: ${rows.length} payments planned once (${planned} invoices), ${paidRows} paid, ${(await charges()) - chargesBeforeAutopay} charges`,
  );

  // Each outbox message is sent once, though both instances poll every second.
  const resets = [
    await call(one, 'POST', '/api/users/password-reset-request', { body: { email: 'payer@example.com' } }),
    await call(two, 'POST', '/api/users/password-reset-request', { body: { email: 'manager@example.com' } }),
  ].map((answer) => answer.status);
  // Behind the payments' receipts (dozens), on a loaded machine: wait until neither outbox has anything queued, then a
  // poll more of each instance, which would send a message twice if two could claim it.
  await until(
    'the outboxes to be empty',
    async () =>
      (await query(databaseUrl, `select count(*)::int as queued from portal.mail_outbox where status = 'queued'`))[0]
        .queued === 0,
    120_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const count = (to) => received.filter((address) => address === to).length;
  check(
    count('payer@example.com') >= 1 && count('manager@example.com') === 1,
    `each e-mail sent once by the two outboxes: payer ${count('payer@example.com')} (reset + receipt), manager ${count('manager@example.com')} (reset requests answered ${resets.join(', ')})`,
  );
  const [postings] = await query(
    databaseUrl,
    `select (select count(*)::int from gateway_sandbox.charges where status = 'approved') as charged,
            (select count(*)::int from ledger.payments p
              where p.message_type = 'S'
                and exists (select 1 from gateway_sandbox.charges c where c.order_number = p.order_number)) as posted,
            (select count(*)::int from portal.payment_intents where state in ('pending', 'approved')) as open`,
  );
  check(
    postings.charged === postings.posted && postings.open === 0,
    `after both reconcilers ran: ${postings.charged} charged, ${postings.posted} posted, ${postings.open} intents open`,
  );
  status = failures.length ? 1 : 0;
} catch (error) {
  console.error(error);
} finally {
  for (const child of instances) child.kill('SIGTERM');
  await Promise.all(
    instances.map(
      (child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve))),
    ),
  );
  await new Promise((resolve) => smtp.close(resolve));
  await admin(`drop database if exists ${name} with (force)`);
}
console.log(
  `two instances: ${failures.length ? `${failures.length} failed` : status ? 'stopped by the error above' : 'every check passed'}`,
);
process.exit(status);
