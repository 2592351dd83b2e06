// Self-registration end to end through the API (issue 13): account proof, registration, the waiting state, the
// confirmation link over SMTP, and every refusal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formatMinorUnits } from '@portal/domain';
import { documents, users } from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { linkIn, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server';
import { sendDueMail } from '../mail/send-due-mail';
import { openInvoices, type OpenInvoice } from '../payments/payments.test-helpers';
import { writeSetting } from '../system/app-settings.repository';

let t: TestApp;
let smtp: TestSmtpServer;
let invoice: OpenInvoice;
const password = 'lantern quietly over seven hills';

beforeEach(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ ledgerDocuments: 3000, settings: { SMTP_URL: smtp.url, GUEST_LOOKUP_MIN_MS: '50' } });
  await writeSetting(t.database.db, 'application', { allowRegistration: true });
  invoice = (await openInvoices(t.database.db, 1))[0]!;
});
afterEach(async () => {
  await t.close();
  await smtp.close();
});

function prove(body: { accountNumber: string; invoiceNumber: string; invoiceAmount: string }, ip = '127.0.0.1') {
  return t.app.inject({ method: 'PUT', url: '/api/users/account/validate', remoteAddress: ip, payload: body });
}

const tripleOf = (document: OpenInvoice) => ({
  accountNumber: document.payerNumber.replace(/^0+/, ''),
  invoiceNumber: document.billingDocumentNumber.replace(/^0+/, ''),
  invoiceAmount: formatMinorUnits(document.totalAmount, 2),
});

function register(accounts: unknown[], overrides: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/token/auto-register/user',
    headers: { 'accept-language': 'fr' },
    payload: {
      email: 'New.Customer@Example.com',
      first_name: 'Nora',
      last_name: 'New',
      company: 'New Co',
      password,
      verify_password: password,
      accounts,
      ...overrides,
    },
  });
}

describe('account proof (PUT /api/users/account/validate)', () => {
  it('answers the payer account with a proof for the right triple, leading zeros optional', async () => {
    const response = await prove(tripleOf(invoice));
    expect(response.statusCode).toBe(200);
    expect(response.json().account).toMatchObject({
      primary_account: '0000100001',
      account_type: 'Payer',
      company_code: '1000',
      sales_organization: '1000',
      distribution_channel: '10',
      division: '00',
    });
    expect(response.json().account.name).not.toBe('');
    expect(response.json().account.proof).toMatch(/^\d+\.[\w-]+$/);
  });

  it('gives one 404 for unknown account, unknown invoice and wrong amount', async () => {
    const triple = tripleOf(invoice);
    const answers = await Promise.all([
      prove({ ...triple, accountNumber: '999999' }),
      prove({ ...triple, invoiceNumber: '1' }),
      prove({ ...triple, invoiceAmount: '0.01' }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().messageKey).toBe('errors.account.no_account_found');
    }
  });

  it('refuses bad input with the spec messages', async () => {
    const triple = tripleOf(invoice);
    expect((await prove({ ...triple, accountNumber: '12-34' })).json().messageKey).toBe(
      'validation.invalid_characters',
    );
    expect((await prove({ ...triple, invoiceAmount: '12.5' })).statusCode).toBe(400);
  });

  it('shares the guest lookup limit per address (429 too_many_attempts)', async () => {
    const triple = tripleOf(invoice);
    for (let i = 0; i < 10; i++) await prove({ ...triple, invoiceAmount: '0.01' }, '10.1.1.1');
    const limited = await prove(triple, '10.1.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().messageKey).toBe('errors.account.too_many_attempts');
  });

  it('is off with registration', async () => {
    await writeSetting(t.database.db, 'application', { allowRegistration: false });
    expect((await prove(tripleOf(invoice))).statusCode).toBe(403);
  });
});

describe('registration (POST /api/token/auto-register/user)', () => {
  it('creates a waiting user who confirms by the mailed link and then sees invoices', async () => {
    const { account } = (await prove(tripleOf(invoice))).json();
    const response = await register([account]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Success', isConfirmed: false });
    const [user] = await t.database.db.select().from(users).where(eq(users.login, 'new.customer@example.com'));
    expect(user).toMatchObject({
      email: 'new.customer@example.com',
      status: 'waiting-confirmation',
      userRole: 'user',
      primaryAccountTypeId: 'Payer',
      language: 'fr',
    });

    // Waiting: signs in, sees the profile, but no customer data.
    const session = await signInAs(t.app, 'new.customer@example.com', password);
    const auth = { authorization: `Bearer ${session.token}` };
    const profile = await t.app.inject({ method: 'POST', url: '/api/token/getuseraccounts', headers: auth });
    expect(profile.json()).toMatchObject({
      status: 'waiting-confirmation',
      Accounts: [{ primary_account: '0000100001' }],
    });
    const data = await t.app.inject({ method: 'POST', url: '/api/customer/header-accounts', headers: auth });
    expect(data.statusCode).toBe(403);
    expect(data.json().reason).toBe('waiting_confirmation');

    await sendDueMail(t.app.ctx);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['new.customer@example.com']);
    expect(mail!.subject).toBe('Confirmez votre adresse e-mail pour AR Portal');
    const token = linkIn(mail!, 'http://localhost:3000/auto-register/confirm/').split('/').pop()!;
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/token/auto-register/user-confirm/${token}` });
    expect(confirmed.statusCode).toBe(200);
    // Used once.
    const again = await t.app.inject({ method: 'POST', url: `/api/token/auto-register/user-confirm/${token}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Could not validate account.');

    const accounts = await t.app.inject({ method: 'POST', url: '/api/customer/header-accounts', headers: auth });
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json().HeaderItems[0].PrimaryAcct).toBe('0000100001');
    await sendDueMail(t.app.ctx);
    // Signing in (here without Accept-Language) keeps the language the user now reads: the welcome is English.
    expect(smtp.received.map((m) => m.subject)).toContain('Welcome to AR Portal');
  });

  it('resends the confirmation: the new link works, the old one not', async () => {
    const { account } = (await prove(tripleOf(invoice))).json();
    await register([account]);
    await sendDueMail(t.app.ctx);
    const first = linkIn((await smtp.waitFor(1))[0]!, 'http://localhost:3000/auto-register/confirm/');
    const session = await signInAs(t.app, 'new.customer@example.com', password);
    const resent = await t.app.inject({
      method: 'PUT',
      url: '/api/token/auto-register/resend-confirmation',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(resent.statusCode).toBe(200);
    await sendDueMail(t.app.ctx);
    const second = linkIn((await smtp.waitFor(2))[1]!, 'http://localhost:3000/auto-register/confirm/');
    expect(second).not.toBe(first);
    const old = await t.app.inject({
      method: 'POST',
      url: `/api/token/auto-register/user-confirm/${first.split('/').pop()}`,
    });
    expect(old.statusCode).toBe(404);
    const fresh = await t.app.inject({
      method: 'POST',
      url: `/api/token/auto-register/user-confirm/${second.split('/').pop()}`,
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('lets the confirmation link expire after registrationEmailExpiration (24 h by default)', async () => {
    const { account } = (await prove(tripleOf(invoice))).json();
    await register([account]);
    await sendDueMail(t.app.ctx);
    const token = linkIn((await smtp.waitFor(1))[0]!, 'http://localhost:3000/auto-register/confirm/')
      .split('/')
      .pop();
    t.clock.advance(25 * 3_600_000);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/token/auto-register/user-confirm/${token}` })).statusCode,
    ).toBe(404);
  });

  it('refuses an account without a valid proof, a tampered one, or an expired one', async () => {
    const { account } = (await prove(tripleOf(invoice))).json();
    const forged = { ...account, primary_account: '0000100002' };
    for (const accounts of [[{ ...account, proof: '1.abc' }], [forged], []]) {
      const response = await register(accounts);
      expect(response.statusCode).toBe(400);
    }
    t.clock.advance(31 * 60_000);
    expect((await register([account])).statusCode).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.login, 'new.customer@example.com'))).toEqual([]);
  });

  it('checks every field with the spec messages', async () => {
    const { account } = (await prove(tripleOf(invoice))).json();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: '' }, 'validation.registration.email_required'],
      [{ email: 'nope' }, 'validation.registration.email_invalid'],
      [{ first_name: ' ' }, 'validation.registration.first_name_required'],
      [{ last_name: '' }, 'validation.registration.last_name_required'],
      [{ company: '' }, 'validation.registration.company_required'],
      [{ password: '', verify_password: '' }, 'validation.registration.password_required'],
      [{ verify_password: 'different' }, 'validation.registration.passwords_must_match'],
      [{ password: 'password1234', verify_password: 'password1234' }, 'validation.password_policy.too_common'],
    ];
    for (const [overrides, key] of cases) {
      const response = await register([account], overrides);
      expect({ key: response.json().messageKey, status: response.statusCode }).toEqual({ key, status: 400 });
    }
  });

  it('answers an address already registered like a success, creates nothing, and mails the owner a reset link', async () => {
    const { account } = (await prove(tripleOf(invoice))).json();
    const response = await register([account], { email: 'PAYER@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Success', isConfirmed: false });
    await sendDueMail(t.app.ctx);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['payer@example.com']);
    expect(mail!.subject).toBe('Reset your AR Portal password');
    await signInAs(t.app, 'payer@example.com');
  });

  it('is refused while registration is off', async () => {
    const { account } = (await prove(tripleOf(invoice))).json();
    await writeSetting(t.database.db, 'application', { allowRegistration: false });
    const response = await register([account]);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('REGISTRATION_DISABLED');
  });
});

describe('linking an account by invoice on the profile (POST /api/users/{id}/accounts/byinvoice)', () => {
  async function otherPayerInvoice(): Promise<OpenInvoice> {
    const [row] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.payerNumber, '0000100003'), eq(documents.itemIsAPayment, false)))
      .limit(1);
    return row!;
  }

  it('links a proven account to the own profile only, once, up to 4', async () => {
    const other = await otherPayerInvoice();
    const soldto = await signInAs(t.app, 'soldto@example.com');
    const profile = (
      await t.app.inject({
        method: 'POST',
        url: '/api/token/getuseraccounts',
        headers: { authorization: `Bearer ${soldto.token}` },
      })
    ).json();
    const link = (userId: number, token = soldto.token) =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/${userId}/accounts/byinvoice`,
        headers: { authorization: `Bearer ${token}` },
        payload: tripleOf(other),
      });
    // Another user's id: as if it did not exist.
    expect((await link(profile.user_id + 1)).statusCode).toBe(404);
    const linked = await link(profile.user_id);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().Accounts.map((a: { primary_account: string }) => a.primary_account)).toContain('0000100003');
    const twice = await link(profile.user_id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().messageKey).toBe('errors.account.already_added');
  });

  it('refuses at the cap of 4, for third-party users, for a role without CanManageOwnSAPAccounts, and for nobody', async () => {
    const other = await otherPayerInvoice();
    const as = async (login: string) => {
      const session = await signInAs(t.app, login);
      const profile = (
        await t.app.inject({
          method: 'POST',
          url: '/api/token/getuseraccounts',
          headers: { authorization: `Bearer ${session.token}` },
        })
      ).json();
      return t.app.inject({
        method: 'POST',
        url: `/api/users/${profile.user_id}/accounts/byinvoice`,
        headers: { authorization: `Bearer ${session.token}` },
        payload: tripleOf(other),
      });
    };
    expect((await as('admin@example.com')).json().messageKey).toBe('auth.registration.max_no_of_accounts');
    expect((await as('thirdparty@example.com')).statusCode).toBe(403);
    expect((await as('internal@example.com')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/1/accounts/byinvoice', payload: tripleOf(other) }))
        .statusCode,
    ).toBe(401);
  });
});
