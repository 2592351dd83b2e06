// User administration through the API (issue 14): create with an invite over SMTP, edit under the role rules, the
// last admin, sessions ended by deactivation, linked accounts and exclusions seen on the next call, impersonation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { usersCountCap, usersPageSize } from '@portal/contracts';
import { agingDisagreement } from '@portal/domain';
import { users } from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { linkIn, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server';
import { sendDueMail } from '../mail/send-due-mail';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: string;
let manager: string;
let payer: string;
const password = 'lantern quietly over seven hills';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ ledgerDocuments: 3000, settings: { SMTP_URL: smtp.url } });
  admin = (await signInAs(t.app, 'admin@example.com')).token;
  manager = (await signInAs(t.app, 'manager@example.com')).token;
  payer = (await signInAs(t.app, 'payer@example.com')).token;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function call(token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const newUser = (overrides: Record<string, unknown> = {}) => ({
  login: 'Ines.Invited@Example.com',
  email: 'Ines.Invited@Example.com',
  first_name: 'Ines',
  last_name: 'Invited',
  company: 'Invited Co',
  status: 'active',
  primary_account_type_id: 'Payer',
  user_role: 'user',
  ...overrides,
});

async function userIdOf(login: string): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.login, login), isNull(users.deletedAt)));
  return row?.userId;
}

describe('users', () => {
  let invitedId: number;

  it('lets a manager create a user, who gets an invite and sets a password once', async () => {
    const created = await call(manager, 'POST', '/api/users', newUser());
    expect(created.statusCode).toBe(200);
    const user = created.json();
    invitedId = user.user_id;
    expect(user).toMatchObject({
      login: 'ines.invited@example.com',
      email: 'ines.invited@example.com',
      invite_pending: true,
    });
    expect(user.Permissions).toEqual(['CanMakePayment', 'CanManagePaymentMethods', 'CanManageOwnSAPAccounts']);

    await sendDueMail(t.app.ctx);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['ines.invited@example.com']);
    const token = linkIn(mail!, `${t.app.ctx.config.PUBLIC_URL}/register/`).split('/register/')[1]!;

    expect((await call(null, 'GET', `/api/users/invite/${token}`)).json()).toEqual({
      first_name: 'Ines',
      email: 'ines.invited@example.com',
    });
    const weak = await call(null, 'POST', '/api/token/complete-registration', {
      inviteId: token,
      password: 'password1234',
      confirmPassword: 'password1234',
    });
    expect(weak.statusCode).toBe(400);
    const done = await call(null, 'POST', '/api/token/complete-registration', {
      inviteId: token,
      password,
      confirmPassword: password,
    });
    expect(done.json()).toEqual({ message: 'Success' });
    await signInAs(t.app, 'ines.invited@example.com', password);
    const again = await call(null, 'POST', '/api/token/complete-registration', {
      inviteId: token,
      password,
      confirmPassword: password,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().messageKey).toBe('auth.invite.invalid_token');
  });

  it('refuses a taken login or e-mail, a missing field, and a manager choosing a role', async () => {
    const taken = await call(admin, 'POST', '/api/users', newUser({ login: 'other', email: 'PAYER@example.com' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().messageKey).toBe('errors.users.email_taken');
    const missing = await call(
      admin,
      'POST',
      '/api/users',
      newUser({ login: 'x2', email: 'x2@example.com', company: ' ' }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().messageKey).toBe('validation.user.company_required');
    const role = await call(
      manager,
      'POST',
      '/api/users',
      newUser({ login: 'x3', email: 'x3@example.com', user_role: 'admin' }),
    );
    expect(role.statusCode).toBe(403);
    expect(await userIdOf('x3')).toBeUndefined();
  });

  it('keeps a manager from changing a role, an admin, or a permission the manager does not hold', async () => {
    const user = (await call(manager, 'GET', `/api/users/${invitedId}`)).json();
    const asInput = {
      ...newUser(),
      login: user.login,
      email: user.email,
      Permissions: user.Permissions,
    };
    expect(
      (await call(manager, 'PUT', `/api/users/${invitedId}`, { ...asInput, user_role: 'manager' })).statusCode,
    ).toBe(403);
    const grant = await call(manager, 'PUT', `/api/users/${invitedId}`, {
      ...asInput,
      Permissions: [...user.Permissions, 'CanEditSystemConfig'],
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().messageKey).toBe('errors.users.permission_not_held');
    const adminId = await userIdOf('admin@example.com');
    const adminRow = (await call(manager, 'GET', `/api/users/${adminId}`)).json();
    const lock = await call(manager, 'PUT', `/api/users/${adminId}`, {
      ...newUser(),
      login: adminRow.login,
      email: adminRow.email,
      first_name: adminRow.first_name,
      last_name: adminRow.last_name,
      company: adminRow.company || 'x',
      user_role: 'admin',
      status: 'locked',
    });
    expect(lock.statusCode).toBe(403);
    expect((await call(manager, 'DELETE', `/api/users/${adminId}`)).statusCode).toBe(403);
    // The payer may not administer anyone; nobody signed in may not either.
    expect((await call(payer, 'GET', `/api/users/${invitedId}`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/users/${invitedId}`)).statusCode).toBe(401);
  });

  it('never leaves the portal without an active admin', async () => {
    const adminId = await userIdOf('admin@example.com');
    const row = (await call(admin, 'GET', `/api/users/${adminId}`)).json();
    const demote = await call(admin, 'PUT', `/api/users/${adminId}`, {
      login: row.login,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      company: row.company || 'Portal',
      status: 'active',
      primary_account_type_id: row.primary_account_type_id,
      user_role: 'manager',
      Permissions: row.Permissions,
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().messageKey).toBe('errors.users.last_admin');
  });

  it('ends the sessions of a user set to deactivated at once, and lists the user by status and search', async () => {
    const session = (await signInAs(t.app, 'ines.invited@example.com', password)).token;
    expect((await call(session, 'POST', '/api/token/getuseraccounts')).statusCode).toBe(200);
    const user = (await call(admin, 'GET', `/api/users/${invitedId}`)).json();
    const deactivated = await call(admin, 'PUT', `/api/users/${invitedId}`, {
      ...newUser(),
      login: user.login,
      email: user.email,
      status: 'deactivated',
      Permissions: user.Permissions,
    });
    expect(deactivated.statusCode).toBe(200);
    expect((await call(session, 'POST', '/api/token/getuseraccounts')).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/token/login',
      payload: { login: 'ines.invited@example.com', password },
    });
    expect(signIn.statusCode).not.toBe(200);

    const listed = (await call(admin, 'GET', '/api/users?status=deactive&search=INVITED')).json();
    expect(listed.items.map((u: { login: string }) => u.login)).toEqual(['ines.invited@example.com']);
    expect(listed.total).toBe(1);
    expect((await call(admin, 'GET', '/api/users')).json()).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
      total_capped: false,
    });
    const byAccount = (await call(admin, 'GET', '/api/users?status=all&search=100009')).json();
    // Each user with their own accounts: only the users linked to 100009 are found.
    expect(byAccount.items.map((u: { login: string }) => u.login)).toEqual(['thirdparty@example.com']);
    expect(byAccount.items[0].accounts).toContain('0000100009');
  });

  it('soft-deletes a user: gone from the list, the name kept for the audit trail', async () => {
    expect((await call(admin, 'DELETE', `/api/users/${invitedId}`)).json()).toEqual({ message: 'Success' });
    expect((await call(admin, 'GET', `/api/users/${invitedId}`)).statusCode).toBe(404);
    const rows = await t.database.db.execute(sql`select first_name from portal.users where user_id = ${invitedId}`);
    expect(JSON.stringify(rows)).toContain('Ines');
    // The address is free again.
    expect((await call(admin, 'POST', '/api/users', newUser())).statusCode).toBe(200);
  });
});

describe('role templates (issue 38)', () => {
  it('lets an administrator save an internal user as a collector, on create and on edit', async () => {
    const collector = ['CanViewUsers', 'CanManageCollections', 'CanViewReceivedPayments'];
    const created = await call(
      admin,
      'POST',
      '/api/users',
      newUser({ login: 'colin.collector', email: 'colin@example.com', user_role: 'internal', Permissions: collector }),
    );
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ user_role: 'internal' });
    expect([...created.json().Permissions].sort()).toEqual([...collector].sort());

    // An internal user saved with the role's defaults first, then given the collector's permissions.
    const plain = await call(
      admin,
      'POST',
      '/api/users',
      newUser({ login: 'ivy.internal', email: 'ivy@example.com', user_role: 'internal' }),
    );
    expect(plain.statusCode).toBe(200);
    const user = plain.json();
    expect(user.Permissions).toEqual(['CanViewUsers']);
    const edited = await call(admin, 'PUT', `/api/users/${user.user_id}`, {
      ...newUser({ login: user.login, email: user.email, user_role: 'internal' }),
      Permissions: collector,
    });
    expect(edited.statusCode).toBe(200);
    expect([...edited.json().Permissions].sort()).toEqual([...collector].sort());

    // A manager holds neither CanManageCollections nor CanViewReceivedPayments: the rule stays.
    const byManager = await call(manager, 'PUT', `/api/users/${user.user_id}`, {
      ...newUser({ login: user.login, email: user.email, user_role: 'internal' }),
      Permissions: ['CanViewUsers'],
    });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().messageKey).toBe('errors.users.permission_not_held');
  });
});

describe('linked accounts and exclusions', () => {
  it('checks a link with the ERP and the cap, and a removed link is gone on the next call', async () => {
    const payerId = await userIdOf('payer@example.com');
    const before = (await call(admin, 'GET', `/api/users/${payerId}/accounts`)).json().Accounts;
    const unknown = await call(admin, 'POST', `/api/users/${payerId}/accounts`, {
      primary_account: '999999',
      account_type: 'both',
      company_code: '1000',
      sales_organization: '1000',
      distribution_channel: '10',
      division: '00',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().messageKey).toBe('errors.users.account_unknown');
    const badChars = await call(admin, 'POST', `/api/users/${payerId}/accounts`, {
      primary_account: '1000-01',
      account_type: 'both',
      company_code: '1000',
      sales_organization: '1000',
      distribution_channel: '10',
      division: '00',
    });
    expect(badChars.json().messageKey).toBe('validation.invalid_characters');

    const headerBefore = (await call(payer, 'POST', '/api/customer/header-accounts', {})).json().HeaderItems;
    expect(headerBefore.length).toBe(before.length);
    const removed = before.at(-1);
    await call(admin, 'DELETE', `/api/users/${payerId}/accounts/${removed.account_id}`);
    const headerAfter = (await call(payer, 'POST', '/api/customer/header-accounts', {})).json().HeaderItems;
    expect(headerAfter.length).toBe(before.length - 1);
    // Put it back for the other tests.
    const back = await call(admin, 'POST', `/api/users/${payerId}/accounts`, { ...removed, account_id: undefined });
    expect(back.json()).toMatchObject({ Accounts: expect.any(Array) });
  });

  it('hides an excluded account of a PayerAll user everywhere, and refuses an empty entry', async () => {
    const payerAll = (await signInAs(t.app, 'payerall@example.com')).token;
    const payerAllId = await userIdOf('payerall@example.com');
    const [item] = (await call(payerAll, 'POST', '/api/customer/header-accounts', {})).json().HeaderItems;
    const excluded = item.DropDownItems[0].PrimaryAcct as string;
    expect((await call(admin, 'PUT', `/api/users/${payerAllId}/exclusions`, { exclusions: [' '] })).statusCode).toBe(
      400,
    );
    const put = await call(admin, 'PUT', `/api/users/${payerAllId}/exclusions`, { exclusions: [excluded] });
    expect(put.json().exclusions).toEqual([excluded.replace(/^0+/, '')]);
    const [after] = (await call(payerAll, 'POST', '/api/customer/header-accounts', {})).json().HeaderItems;
    const remaining = after.DropDownItems.map((s: { PrimaryAcct: string }) => s.PrimaryAcct) as string[];
    expect(remaining).not.toContain(excluded);
    // Invoice search: naming the excluded account is refused as unknown; searching all never returns its documents.
    const search = (soldTos: string[]) =>
      call(payerAll, 'POST', '/api/Invoice', {
        payer_data: { customer_number: item.PrimaryAcct, company_code: item.CompanyCode },
        soldto_data: soldTos,
        search_parameters: { status: '03', page_size: 200 },
      });
    const named = await search([excluded]);
    expect(named.statusCode).toBe(404);
    const all = (await search(remaining)).json();
    expect(all.found_count).toBeGreaterThan(0);
    expect(all.document_list.map((d: { soldto_number: string }) => d.soldto_number.replace(/^0+/, ''))).not.toContain(
      excluded.replace(/^0+/, ''),
    );
    // Aging and totals of "every sold-to" leave it out: they equal those of the sold-tos that remain, and naming it
    // is refused as unknown.
    const account = { customer_number: item.PrimaryAcct, company_code: item.CompanyCode };
    const agingOf = async (soldTos: string[]) => {
      const response = await call(payerAll, 'POST', '/api/invoice/aging', {
        payer_data: account,
        soldto_data: soldTos,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().aging;
    };
    expect(await agingOf([])).toEqual(await agingOf(remaining));
    expect(
      (await call(payerAll, 'POST', '/api/invoice/aging', { payer_data: account, soldto_data: [excluded] })).statusCode,
    ).toBe(404);
    const totals = (
      await call(payerAll, 'POST', '/api/invoice/totals', { payer_data: account, soldto_data: [] })
    ).json();
    for (const entry of await agingOf([])) {
      const cards = totals.totals.find(
        (candidate: { currency_key: string }) => candidate.currency_key === entry.currency_key,
      );
      expect(agingDisagreement(entry, cards)).toBeNull();
    }
    // Not for a Payer user.
    const payerId = await userIdOf('payer@example.com');
    expect((await call(admin, 'PUT', `/api/users/${payerId}/exclusions`, { exclusions: ['1'] })).statusCode).toBe(400);
  });
});

describe('impersonation', () => {
  it("lets a manager work as the payer with the payer's accounts, records it, and stop again", async () => {
    const payerId = await userIdOf('payer@example.com');
    const session = (await signInAs(t.app, 'manager@example.com')).token;
    const started = await call(session, 'POST', `/api/users/${payerId}/impersonate`);
    expect(started.statusCode).toBe(200);
    const profile = (await call(session, 'POST', '/api/token/getuseraccounts')).json();
    expect(profile.login).toBe('payer@example.com');
    expect(profile.impersonated_by.login).toBe('manager@example.com');
    // The manager's permissions capped by the payer's: no user administration while working as the payer.
    expect(profile.Permissions).not.toContain('CanManageUsers');
    expect((await call(session, 'GET', '/api/users?status=all')).statusCode).toBe(403);
    const payerHeader = (await call(payer, 'POST', '/api/customer/header-accounts', {})).json().HeaderItems;
    const asPayer = (await call(session, 'POST', '/api/customer/header-accounts', {})).json().HeaderItems;
    expect(asPayer).toEqual(payerHeader);
    // Working as someone is not a way to change their password.
    const change = await call(session, 'POST', '/api/token/resetpassword', {
      CurrentPassword: 'Portal-Demo-2026',
      NewPassword: password,
      ConfirmNewPassword: password,
    });
    expect(change.statusCode).toBe(403);

    expect((await call(session, 'DELETE', '/api/impersonation')).statusCode).toBe(200);
    expect((await call(session, 'POST', '/api/token/getuseraccounts')).json().login).toBe('manager@example.com');
    const events = await t.database.db.execute(
      sql`select event from portal.audit_events where target_user_id = ${payerId} order by id`,
    );
    const names = JSON.stringify(events);
    expect(names).toContain('impersonation_started');
    expect(names).toContain('impersonated_call');
    expect(names).toContain('impersonation_stopped');
  });

  it('keeps a manager from working as an admin, and a payer from working as anyone', async () => {
    const adminId = await userIdOf('admin@example.com');
    const payerId = await userIdOf('payer@example.com');
    expect((await call(manager, 'POST', `/api/users/${adminId}/impersonate`)).statusCode).toBe(403);
    expect((await call(payer, 'POST', `/api/users/${adminId}/impersonate`)).statusCode).toBe(403);
    expect((await call(null, 'POST', `/api/users/${payerId}/impersonate`)).statusCode).toBe(401);
    // The header accounts of another user: only with CanImpersonate.
    const soldtoId = await userIdOf('soldto@example.com');
    expect((await call(payer, 'POST', '/api/customer/header-accounts', { userid: soldtoId })).statusCode).toBe(403);
    expect((await call(manager, 'POST', '/api/customer/header-accounts', { userid: soldtoId })).statusCode).toBe(200);
  });

  it('refuses every change to the audit trail in the database itself', async () => {
    await expect(t.database.db.execute(sql`delete from portal.audit_events`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update portal.audit_events set event = 'x'`)).rejects.toThrow();
  });
});

describe('the list over many users', () => {
  it('pages by login and counts up to the cap', async () => {
    await t.database.db.execute(sql`
      insert into portal.users (login, email, first_name, last_name, company, user_role, primary_account_type_id)
      select 'bulk' || lpad(g::text, 4, '0') || '@bulk.example', 'bulk' || lpad(g::text, 4, '0') || '@bulk.example',
             'Bulk', 'User' || g, 'Bulk Co', 'user', 'Payer'
      from generate_series(1, ${usersCountCap + 20}) g`);
    const first = (await call(admin, 'GET', '/api/users?status=active&search=bulk.example')).json();
    expect(first).toMatchObject({ total: usersCountCap, total_capped: true });
    expect(first.items).toHaveLength(usersPageSize);
    expect(first.items[0].login).toBe('bulk0001@bulk.example');
    const second = (
      await call(
        admin,
        'GET',
        `/api/users?status=active&search=bulk.example&cursor=${encodeURIComponent(first.nextCursor)}`,
      )
    ).json();
    expect(second.items[0].login).toBe(`bulk${String(usersPageSize + 1).padStart(4, '0')}@bulk.example`);
    const few = (await call(admin, 'GET', '/api/users?status=active&search=bulk101')).json();
    expect(few).toMatchObject({ total: 10, total_capped: false });
    expect(few.items).toHaveLength(10);
  });
});
