import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 300 });
});
afterAll(async () => {
  await t?.close();
});

async function post(login: string, url: string, payload?: object) {
  const { token } = await signInAs(t.app, login);
  return t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
}

describe('POST /api/customer/header-accounts', () => {
  it('gives a payer its payers, each with its sold-tos', async () => {
    const response = await post('payer@example.com', '/api/customer/header-accounts', {});
    expect(response.statusCode).toBe(200);
    const { HeaderItems } = response.json();
    expect(HeaderItems.length).toBe(2);
    expect(HeaderItems[0].AccountType).toBe('Payer');
    expect(HeaderItems[0].DropDownItems.length).toBeGreaterThan(1);
  });

  it('gives a sold-to user just its own account', async () => {
    const { HeaderItems } = (await post('soldto@example.com', '/api/customer/header-accounts')).json();
    expect(HeaderItems).toHaveLength(1);
    expect(HeaderItems[0].DropDownItems).toHaveLength(1);
  });

  it("refuses another user's accounts to a user who may not impersonate", async () => {
    const response = await post('payer@example.com', '/api/customer/header-accounts', { userid: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('FORBIDDEN');
  });

  it("lets an administrator read another user's accounts", async () => {
    const payerProfile = (await post('payer@example.com', '/api/token/getuseraccounts')).json();
    const response = await post('admin@example.com', '/api/customer/header-accounts', {
      userid: payerProfile.user_id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().HeaderItems).toHaveLength(2);
  });

  // Issue 27: reading another user's accounts is audited like a call made while working as that user.
  const impersonatedCalls = () =>
    t.database.db
      .select({
        user_id: auditEvents.userId,
        target_user_id: auditEvents.targetUserId,
        subject: auditEvents.subject,
        details: auditEvents.details,
      })
      .from(auditEvents)
      .where(eq(auditEvents.event, 'impersonated_call'))
      .orderBy(asc(auditEvents.id));

  it("records the reader and the user read when a manager reads another user's accounts", async () => {
    const manager = (await post('manager@example.com', '/api/token/getuseraccounts')).json();
    const soldTo = (await post('soldto@example.com', '/api/token/getuseraccounts')).json();
    const before = (await impersonatedCalls()).length;
    const response = await post('manager@example.com', '/api/customer/header-accounts', { userid: soldTo.user_id });
    expect(response.statusCode).toBe(200);
    const rows = await impersonatedCalls();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      user_id: manager.user_id,
      target_user_id: soldTo.user_id,
      subject: 'soldto@example.com',
      details: { method: 'POST', route: '/api/customer/header-accounts', status: 200 },
    });
  });

  it("records nothing for one's own accounts, with or without userid, nor for a refused read", async () => {
    const manager = (await post('manager@example.com', '/api/token/getuseraccounts')).json();
    const admin = (await post('admin@example.com', '/api/token/getuseraccounts')).json();
    const before = (await impersonatedCalls()).length;
    expect((await post('manager@example.com', '/api/customer/header-accounts', {})).statusCode).toBe(200);
    const own = await post('manager@example.com', '/api/customer/header-accounts', { userid: manager.user_id });
    expect(own.statusCode).toBe(200);
    // A manager may not work as an administrator, a payer as anyone, and an unknown user is not found.
    expect(
      (await post('manager@example.com', '/api/customer/header-accounts', { userid: admin.user_id })).statusCode,
    ).toBe(403);
    expect(
      (await post('payer@example.com', '/api/customer/header-accounts', { userid: manager.user_id })).statusCode,
    ).toBe(403);
    expect((await post('admin@example.com', '/api/customer/header-accounts', { userid: 999_999 })).statusCode).toBe(
      404,
    );
    expect(await impersonatedCalls()).toHaveLength(before);
  });
});

describe('POST /api/customer/payer', () => {
  it('answers the address of an account the user may see', async () => {
    const response = await post('payer@example.com', '/api/customer/payer', {
      customer_number: '100001',
      company_code: '1000',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status.message_type).toBe('S');
    expect(response.json().detail.address_data.name).not.toBe('');
  });

  it("answers 404 for another customer's account, the same as for an unknown one", async () => {
    const other = await post('soldto@example.com', '/api/customer/payer', {
      customer_number: '100002',
      company_code: '3000',
    });
    const unknown = await post('soldto@example.com', '/api/customer/payer', {
      customer_number: '999999',
      company_code: '1000',
    });
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(other.json().error).toBe(unknown.json().error);
  });
});
