// The Application configuration through the API (issue 15): every rule of spec §5 answered 400 with the fields and
// nothing saved; the SMTP password write-only and sealed at rest; one value at a time; the effect on the public
// switches at once; the audit row with secrets masked; and the refusals for a manager, a payer and nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApplicationConfiguration } from '@portal/contracts';
import { readdirSync } from 'node:fs';
import { migrationsFolder } from '../../db/client';
import type { ErpConnector } from '../../connectors/erp/erp-connector';
import { createLedgerConnector } from '../../connectors/erp/ledger/ledger-connector';
import { testErpOverHttp } from '../../config';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'admin@example.com')).token;
});
afterAll(async () => {
  await t?.close();
});

function call(token: string | null, method: 'GET' | 'PUT', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

const valid = (current: ApplicationConfiguration): ApplicationConfiguration => ({
  ...current,
  companyName: 'Acme Receivables',
  applicationUrl: 'https://portal.acme.example',
  smtpAddress: 'mail.acme.example',
  smtpPort: 587,
  smtpUseUser: true,
  smtpUser: 'portal',
  smtpPassword: 'smtp-secret-value',
  fromAddress: 'Portal@Acme.example',
  maxPaymentAllowed: '25000.00',
  maxECheckPaymentAllowed: '0',
});

describe('the Application configuration', () => {
  it('answers the document with the spec names and an empty SMTP password', async () => {
    const answer = await call(admin, 'GET', '/api/configuration');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      companyName: 'AR Portal',
      applicationUrl: t.config.PUBLIC_URL,
      smtpPassword: '',
      paymentDisabledMessages: { en: '', fr: '', de: '', es: '', it: '', ja: '', pt: '', ru: '' },
    });
  });

  it('refuses each rule of spec §5 with the field named, and saves nothing', async () => {
    const current = (await call(admin, 'GET', '/api/configuration')).json() as ApplicationConfiguration;
    const base = valid(current);
    const cases: [Partial<ApplicationConfiguration>, string, string][] = [
      [{ companyName: ' ' }, 'companyName', 'validation.configuration.company_name_required'],
      [{ applicationUrl: '' }, 'applicationUrl', 'validation.configuration.application_url_required'],
      [
        { registrationRequestEmail: 'not-an-address' },
        'registrationRequestEmail',
        'validation.configuration.registration_request_email_invalid',
      ],
      [{ fromAddress: 'nope@' }, 'fromAddress', 'validation.configuration.from_address_invalid'],
      [{ smtpAddress: '' }, 'smtpAddress', 'validation.configuration.smtp_address_required'],
      [{ smtpPort: null }, 'smtpPort', 'validation.configuration.smtp_port_required'],
      [{ smtpPort: 70000 }, 'smtpPort', 'validation.configuration.smtp_port_required'],
      [{ smtpUser: '' }, 'smtpUser', 'validation.configuration.smtp_user_required'],
      [{ maxPaymentAllowed: '-5' }, 'maxPaymentAllowed', 'validation.configuration.payment_limit_invalid'],
      [{ maxECheckPaymentAllowed: '1e9' }, 'maxECheckPaymentAllowed', 'validation.configuration.payment_limit_invalid'],
      [
        { isPaymentsDisable: true },
        'paymentDisabledMessages',
        'validation.configuration.disable_payments_validation_message',
      ],
    ];
    for (const [change, field, messageKey] of cases) {
      const answer = await call(admin, 'PUT', '/api/configuration', { ...base, ...change });
      expect(answer.statusCode, field).toBe(400);
      expect(answer.json(), field).toMatchObject({ messageKey, details: { fields: [field] } });
    }
    expect((await call(admin, 'GET', '/api/configuration')).json()).toEqual(current);
  });

  it('keeps the SMTP password sealed and write-only, and audits the change with the secret masked', async () => {
    const current = (await call(admin, 'GET', '/api/configuration')).json() as ApplicationConfiguration;
    const saved = await call(admin, 'PUT', '/api/configuration', valid(current));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      smtpPassword: '',
      fromAddress: 'portal@acme.example',
      maxPaymentAllowed: '25000.00',
    });
    const stored = JSON.stringify(
      await t.database.db.execute(sql`select value from portal.app_settings where key = 'application'`),
    );
    expect(stored).not.toContain('smtp-secret-value');
    expect(stored).toMatch(/"smtpPassword":"v1\./);

    // An empty password keeps the stored one.
    await call(admin, 'PUT', '/api/configuration', { ...valid(current), smtpPassword: '', companyName: 'Acme AR' });
    const again = JSON.stringify(
      await t.database.db.execute(sql`select value from portal.app_settings where key = 'application'`),
    );
    expect(again.match(/"smtpPassword":"(v1\.[^"]+)"/)?.[1]).toBe(stored.match(/"smtpPassword":"(v1\.[^"]+)"/)?.[1]);

    const audit = (await call(admin, 'GET', '/api/audit-events?action=configuration_changed')).json().items;
    expect(audit.length).toBe(2);
    expect(JSON.stringify(audit)).not.toContain('smtp-secret-value');
    expect(audit[1].summary.changes).toEqual(
      expect.arrayContaining([
        { field: 'smtpPassword', from: '********', to: '********' },
        { field: 'companyName', from: 'AR Portal', to: 'Acme Receivables' },
      ]),
    );
  });

  it('sets one value, which the public switches show at once, and refuses a value of the wrong type', async () => {
    expect((await call(null, 'GET', '/api/config')).json().allowGuestPayment).toBe(false);
    const answer = await call(admin, 'PUT', '/api/configuration/Application/allowGuestPayment', { value: true });
    expect(answer.statusCode).toBe(200);
    expect((await call(null, 'GET', '/api/config')).json().allowGuestPayment).toBe(true);
    const wrong = await call(admin, 'PUT', '/api/configuration/Application/smtpPort', { value: 'many' });
    expect(wrong.statusCode).toBe(400);
    expect((await call(admin, 'PUT', '/api/configuration/Application/noSuchField', { value: 1 })).statusCode).toBe(400);
  });

  it('refuses a manager, a payer and nobody', async () => {
    const manager = (await signInAs(t.app, 'manager@example.com')).token;
    const payer = (await signInAs(t.app, 'payer@example.com')).token;
    for (const token of [manager, payer]) {
      expect((await call(token, 'GET', '/api/configuration')).statusCode).toBe(403);
      expect(
        (await call(token, 'PUT', '/api/configuration/Application/allowRegistration', { value: true })).statusCode,
      ).toBe(403);
    }
    expect((await call(null, 'GET', '/api/configuration')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/config')).json().allowRegistration).toBe(false);
  });
});

describe('the System tab', () => {
  it('tells an administrator the version, database, migrations, outbox and this instance, and no one else', async () => {
    const answer = await call(admin, 'GET', '/api/configuration/system');
    expect(answer.statusCode).toBe(200);
    const status = answer.json();
    expect(status).toMatchObject({
      version: expect.stringMatching(/^v?\d+\.\d+\.\d+/),
      database: expect.stringMatching(/^(pglite|postgres)$/),
      outbox: { queued: expect.any(Number), failed: 0, sent: expect.any(Number) },
      reconciler: { lastRunAt: null, instanceId: null },
      instance: { id: expect.any(String), startedAt: expect.any(String) },
      erp: testErpOverHttp()
        ? { kind: 'http', url: t.config.ERP_URL, circuit: 'closed', openedAt: null, lastError: null }
        : { kind: 'ledger', url: null, circuit: null, openedAt: null, lastError: null },
    });
    const migrationFiles = readdirSync(migrationsFolder()).filter((name) => name.endsWith('.sql'));
    expect(status.migrations.applied).toBe(migrationFiles.length);
    expect(Number.isNaN(Date.parse(status.migrations.latest))).toBe(false);
    const manager = (await signInAs(t.app, 'manager@example.com')).token;
    expect((await call(manager, 'GET', '/api/configuration/system')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/configuration/system')).statusCode).toBe(401);
  });
});

describe('the connection status', () => {
  it('is good with the built-in ledger (200 and S), and refused to a manager and to nobody', async () => {
    const answer = await call(admin, 'GET', '/api/configuration/connection-status');
    expect(answer.json()).toMatchObject({ good: true, statusCode: 200, messageType: 'S' });
    const manager = (await signInAs(t.app, 'manager@example.com')).token;
    expect((await call(manager, 'GET', '/api/configuration/connection-status')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/configuration/connection-status')).statusCode).toBe(401);
  });

  it('reports the message type and text of an ERP that answers E, and the error of one that fails', async () => {
    for (const [answer, expected] of [
      [
        async (ledger: ErpConnector) => ({
          ...(await ledger.getBackendConfiguration()),
          status: { message_type: 'E' as const, message_line_string: 'No RFC' },
        }),
        { good: false, statusCode: 200, messageType: 'E', message: 'No RFC' },
      ],
      [
        async () => {
          throw Object.assign(new Error('ERP unreachable'), { statusCode: 504 });
        },
        // Over HTTP (TEST_ERP=http) the failure is the ERP service's 500, which the portal reports as unavailable.
        testErpOverHttp()
          ? {
              good: false,
              statusCode: 503,
              messageType: 'E',
              message: 'ERP GET /erp/v1/configuration answered 500 (server_error)',
            }
          : { good: false, statusCode: 504, messageType: 'E', message: 'ERP unreachable' },
      ],
    ] as const) {
      const other = await createTestApp({
        erp: (db, now) => {
          const ledger = createLedgerConnector(db, { now });
          return { ...ledger, getBackendConfiguration: () => answer(ledger) };
        },
      });
      try {
        const token = (await signInAs(other.app, 'admin@example.com')).token;
        const status = await other.app.inject({
          method: 'GET',
          url: '/api/configuration/connection-status',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(status.json()).toEqual(expected);
      } finally {
        await other.close();
      }
    }
  });
});
