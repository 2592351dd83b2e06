// Registration requests through the API (issue 14): the public request, limited per address and mailed to
// registrationRequestEmail; the list for those who may manage them; completion when a user is created from one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { linkIn, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server';
import { sendDueMail } from '../mail/send-due-mail';
import { writeSetting } from '../system/app-settings.repository';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: string;
let payer: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url } });
  await writeSetting(t.database.db, 'application', { registrationRequestEmail: 'Requests@Example.com' });
  admin = (await signInAs(t.app, 'admin@example.com')).token;
  payer = (await signInAs(t.app, 'payer@example.com')).token;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const request = {
  first_name: 'Rita',
  last_name: '<img src=x onerror=alert(1)>',
  company: 'Requesting Ltd',
  email: 'Rita@Requesting.example',
  message: 'We buy from you every month.',
};

function call(token: string | null, method: 'GET' | 'POST', url: string, payload?: object, ip = '127.0.0.1') {
  return t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}`, 'accept-language': 'fr' } : { 'accept-language': 'fr' },
    ...(payload ? { payload } : {}),
  });
}

describe('registration requests', () => {
  it('takes a request from nobody, mails it escaped, lists it, and completes it with the user created from it', async () => {
    const missing = await call(null, 'POST', '/api/register', { ...request, company: ' ' }, '10.0.0.1');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      messageKey: 'validation.registration.company_required',
      message: expect.not.stringMatching(/company_required/),
    });
    expect((await call(null, 'POST', '/api/register', request, '10.0.0.1')).json()).toEqual({ message: 'Success' });

    await sendDueMail(t.app.ctx);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['requests@example.com']);
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail!.html).not.toContain('<img src=x');
    expect(linkIn(mail!, `${t.app.ctx.config.PUBLIC_URL}/settings/`)).toBe(
      `${t.app.ctx.config.PUBLIC_URL}/settings/registration-requests`,
    );

    const list = (await call(admin, 'GET', '/api/register')).json().items;
    expect(list).toEqual([expect.objectContaining({ email: 'rita@requesting.example', completed_date: null })]);
    const id = list[0].registrationRequestId as number;
    expect((await call(admin, 'GET', `/api/register/${id}`)).json().company).toBe('Requesting Ltd');

    const created = await call(admin, 'POST', '/api/users', {
      login: 'rita@requesting.example',
      email: 'rita@requesting.example',
      first_name: 'Rita',
      last_name: 'Requester',
      company: 'Requesting Ltd',
      status: 'active',
      primary_account_type_id: 'Payer',
      user_role: 'user',
      registration_request_id: id,
    });
    expect(created.statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/register')).json().items).toEqual([]);
    expect((await call(admin, 'GET', `/api/register/${id}`)).json().completed_date).not.toBeNull();
  });

  it('limits requests per address, and keeps the list from those without the permission', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call(null, 'POST', '/api/register', { ...request, email: `r${i}@x.example` }, '10.0.0.9')).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    expect((await call(payer, 'GET', '/api/register')).statusCode).toBe(403);
    expect((await call(payer, 'GET', '/api/register/1')).statusCode).toBe(403);
    expect((await call(payer, 'POST', '/api/register/1/completed')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/register')).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/api/register/999999')).statusCode).toBe(404);
  });
});

describe('audit trail', () => {
  it('shows administrators the events newest first, filtered and paged, and exports them as CSV', async () => {
    const page = await call(admin, 'GET', '/api/audit-events?limit=2');
    expect(page.statusCode).toBe(200);
    const first = page.json();
    expect(first.items).toHaveLength(2);
    expect(first.items[0].id).toBeGreaterThan(first.items[1].id);
    const next = (await call(admin, 'GET', `/api/audit-events?limit=2&cursor=${first.nextCursor}`)).json();
    expect(next.items[0].id).toBeLessThan(first.items[1].id);

    const created = (await call(admin, 'GET', '/api/audit-events?action=user_created')).json().items;
    expect(created).toEqual([
      expect.objectContaining({
        action: 'user_created',
        subject: 'rita@requesting.example',
        actor: expect.objectContaining({ login: 'admin@example.com' }),
      }),
    ]);
    expect((await call(admin, 'GET', '/api/audit-events?from=2000-01-01&to=2000-01-02')).json().items).toEqual([]);

    const csv = await call(admin, 'GET', '/api/audit-events/export?action=user_created');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('rita@requesting.example');
    expect(csv.body.split('\n')[0]).toContain('Action');
  });

  it('keeps the trail from everyone but administrators', async () => {
    const manager = (await signInAs(t.app, 'manager@example.com')).token;
    expect((await call(manager, 'GET', '/api/audit-events')).statusCode).toBe(403);
    expect((await call(manager, 'GET', '/api/audit-events/export')).statusCode).toBe(403);
    expect((await call(payer, 'GET', '/api/audit-events')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/audit-events')).statusCode).toBe(401);
  });
});
