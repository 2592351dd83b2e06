// Issue 29, the monthly statement e-mail: opt-in per user in the profile, one message per account with last month's
// statement attached as a PDF, sent once per user and month even when two instances run the job at once; a user who
// did not opt in, or is deactivated, gets none. The opt-in call refuses nobody's session.
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, statementMailings, users } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { pdfText } from '../../test/pdf-text';
import { addInstance, createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server';
import { sendDueMail } from '../mail/send-due-mail';
import { monthlyStatementAttachment } from './monthly-statement-attachment';

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    ledgerDocuments: 1500,
    settings: { SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@example.com>' },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const optIn = async (login: string, on: boolean) => {
  const token = (await signInAs(t.app, login)).token;
  return t.app.inject({
    method: 'PUT',
    url: '/api/profile/monthly-statement',
    headers: { authorization: `Bearer ${token}` },
    payload: { monthly_statement: on },
  });
};

describe('the monthly statement e-mail', () => {
  it('is opt-in in the profile, and refused without a session', async () => {
    const response = await optIn('payer@example.com', true);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ monthly_statement: true });
    const token = (await signInAs(t.app, 'payer@example.com')).token;
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/token/getuseraccounts',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json().monthly_statement).toBe(true);
    const nobody = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/monthly-statement',
      payload: { monthly_statement: true },
    });
    expect(nobody.statusCode).toBe(401);
  });

  it("sends each opted-in user last month's statement per account once, with the PDF, across two instances", async () => {
    await optIn('payer@example.com', true);
    await optIn('soldto@example.com', false);
    // The test clock is 2026-11-02: last month is October.
    const second = await addInstance(t);
    try {
      await Promise.all([runJob(t.app.ctx, 'monthly-statements'), runJob(second.app.ctx, 'monthly-statements')]);
      await runJob(second.app.ctx, 'monthly-statements');
    } finally {
      await second.close();
    }
    const [payer] = await t.database.db.select().from(users).where(eq(users.login, 'payer@example.com'));
    const mailings = await t.database.db.select().from(statementMailings);
    expect(mailings.map((m) => [m.userId, m.month])).toEqual([[payer!.userId, '2026-10']]);
    const queued = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'monthly_statement'));
    expect(queued.length).toBeGreaterThan(0);
    expect(new Set(queued.map((m) => m.recipient))).toEqual(new Set(['payer@example.com']));

    smtp.received.length = 0;
    await sendDueMail(t.app.ctx, { attachments: (row) => monthlyStatementAttachment(t.app.ctx, row) });
    const mail = await smtp.waitFor(queued.length);
    const first = mail.find((m) => m.attachments.length > 0)!;
    expect(first.subject).not.toBe('');
    expect(first.attachments).toHaveLength(1);
    expect(first.attachments[0]!.filename).toMatch(/^Statement-100001-2026-10\.pdf$/);
    expect(first.attachments[0]!.contentType).toBe('application/pdf');
    expect((await PDFDocument.load(first.attachments[0]!.content)).getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdfText(first.attachments[0]!.content)).toContain('Statement of account');
  });
});
