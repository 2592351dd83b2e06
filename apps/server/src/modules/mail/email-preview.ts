// POST /api/configuration/email/{key}/preview (issue 15, the Email tab): one template text rendered on sample data
// exactly as the outbox would render it (same values builder, layout and branding), so that an administrator sees
// the subject, HTML and text part before saving. The same placeholder rule as saving: an unknown name is 400.
import type { EmailTemplateKey, EmailTemplateText } from '@portal/contracts';
import { translate } from '@portal/i18n';
import type { AppContext } from '../../app-context';
import { sanitizeHtml } from '../configuration/html-sanitizer';
import { disputeMailSample, disputeMailTemplates } from './dispute-mail-values';
import { assertKnownPlaceholders } from './email-templates';
import { mailBranding } from './mail-branding';
import { buildMailValues, type ReceiptPayload } from './mail-values';
import type { MoneyBackMailPayload } from './money-back-mail';
import { moneyBackTemplates } from './money-back-mail-values';
import { renderEmail, type RenderedEmail } from './render-email';
import type { AutopayMailPayload, MonthlyStatementMailPayload, ScheduledPaymentMailPayload } from './scheduling-mail';
import { schedulingTemplates } from './scheduling-mail-values';
import { reminderPayPath, type ReminderMailPayload } from './reminder-mail';
import { reminderMailTemplates } from './reminder-mail-values';

export async function previewEmailTemplate(
  ctx: AppContext,
  key: EmailTemplateKey,
  text: EmailTemplateText,
): Promise<RenderedEmail> {
  assertKnownPlaceholders(key, [text]);
  const branding = await mailBranding(ctx.db);
  const now = ctx.now();
  const url = (path: string) => new URL(path, ctx.config.PUBLIC_URL).toString();
  const receipt: ReceiptPayload = {
    kind: key === 'deposit_receipt' ? 'deposit' : 'invoice',
    reference_code: 'PAY-2026-000123',
    payment_method_label: 'Visa •••• 4242',
    total_amount: '1250.00',
    currency_key: 'USD',
    currency_decimals: 2,
    processed_at: now.toISOString(),
    documents: [
      { billing_document_number: '0090001234', amount: '1000.00' },
      { billing_document_number: '0090001235', amount: '250.00' },
    ],
  };
  const values = buildMailValues({
    template: key,
    language: text.language,
    companyName: branding.companyName,
    payload: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines Ltd',
      email: 'ada@example.com',
      message: translate(text.language, undefined, 'configuration.email.sample_message'),
      reviewUrl: url('/settings/registration-requests'),
      signInUrl: url('/signin'),
      resetRequestUrl: url('/request-password-reset'),
      user: 'admin@example.com',
      address: '203.0.113.7',
      mode: 'R',
      at: now.toISOString(),
      changedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 24 * 3600_000).toISOString(),
      ...receipt,
      ...(schedulingTemplates.has(key) ? schedulingSample(key, now, url) : {}),
      ...(moneyBackTemplates.has(key) ? moneyBackSample(key, now, url) : {}),
      ...(reminderMailTemplates.has(key) ? reminderSample(key, now, url) : {}),
      ...(disputeMailTemplates.has(key) ? disputeMailSample(key, url) : {}),
    },
    links: {
      confirmUrl: url('/auto-register/confirm/sample'),
      inviteUrl: url('/register/sample'),
      resetUrl: url('/reset-password/sample'),
    },
  });
  // Shown as it would be saved: with only what the HTML policy keeps (email-templates.ts).
  return renderEmail({ ...text, template: await sanitizeHtml(text.template) }, values, branding, text.language);
}

type Sample<T> = Omit<T, 'firstName' | 'lastName'>;

/** Issue 29: a scheduled payment, an AutoPay enrolment or a month's statement, on sample data. */
function schedulingSample(key: EmailTemplateKey, now: Date, url: (path: string) => string): Record<string, unknown> {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const usd = { currency_key: 'USD', currency_decimals: 2 };
  const documents = [
    { billing_document_number: '0090001234', document_number_finance: '1400001234', amount: '1000.00' },
    { billing_document_number: '0090001235', document_number_finance: '1400001235', amount: '250.00' },
  ];
  const manage_url = url('/scheduled-payments');
  if (key === 'scheduled_payment' || key === 'scheduled_payment_not_paid') {
    const payment: Sample<ScheduledPaymentMailPayload> = {
      cause: 'schedule',
      scheduled_date: day(7),
      total_amount: '1250.00',
      ...usd,
      payment_method_label: 'Visa •••• 4242',
      documents,
      ...(key === 'scheduled_payment_not_paid' ? { reason: 'declined' as const, reason_detail: '' } : {}),
      manage_url,
    };
    return payment;
  }
  if (key === 'monthly_statement') {
    const statement: Sample<MonthlyStatementMailPayload> = {
      user_id: 0,
      account: '1234 Analytical Engines Ltd',
      payer_data: { customer_number: '0000001234', company_code: '1000' },
      date_from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10),
      date_to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10),
    };
    return statement;
  }
  const autopay: Sample<AutopayMailPayload> = {
    account: '1234 Analytical Engines Ltd',
    payment_method_label: 'Visa •••• 4242',
    days_before_due: 5,
    max_amount: '5000.00',
    max_currency_key: 'USD',
    max_currency_decimals: 2,
    left: [
      key === 'autopay_enrolled'
        ? { ...documents[0]!, ...usd, due_date: day(-10), amount: '480.00', why: 'past_due' }
        : { ...documents[0]!, ...usd, due_date: day(8), amount: '7200.00', why: 'over_maximum' },
    ],
    payments: [{ scheduled_date: day(3), total_amount: '1250.00', ...usd, documents }],
    stopped_reason: 'method_expired',
    manage_url,
  };
  return autopay;
}

/** Issue 37: part of a card payment refunded, or a bank debit returned in full, on sample data. */
function moneyBackSample(
  key: EmailTemplateKey,
  now: Date,
  url: (path: string) => string,
): Sample<MoneyBackMailPayload> {
  const refund = key === 'payment_refunded';
  const invoice = (number: string, amount: string) => ({
    billing_document_number: `009000${number}`,
    document_number_finance: `140000${number}`,
    amount,
  });
  return {
    amount: refund ? '250.00' : '1250.00',
    payment_amount: '1250.00',
    currency_key: 'USD',
    currency_decimals: 2,
    payment_date: new Date(now.getTime() - 10 * 86_400_000).toISOString().slice(0, 10),
    reference_code: 'PAY-2026-000123',
    payment_method_label: refund ? 'VISA 4242' : 'EC 6789',
    reason: refund ? 'overpayment' : '',
    return_code: refund ? '' : 'R01',
    documents: refund ? [invoice('1235', '250.00')] : [invoice('1234', '1000.00'), invoice('1235', '250.00')],
    // Where notifyPayer links (payment-reversals/settle-reversal.ts).
    manage_url: url(refund ? '/payments/history' : '/invoices'),
  };
}

/** Issue 38: a reminder of each step on sample data: two invoices, due as the step says. */
function reminderSample(
  key: EmailTemplateKey,
  now: Date,
  url: (path: string) => string,
): Omit<ReminderMailPayload, 'firstName' | 'lastName'> {
  const step = { reminder_upcoming: -7, reminder_due: 0, reminder_overdue: 14, reminder_final: 30 }[
    key as 'reminder_upcoming'
  ];
  const asOf = now.toISOString().slice(0, 10);
  const due = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const payerData = { customer_number: '0000001234', company_code: '1000' };
  const documents = [
    { number: '1234', amount: '1000.00', days: step ?? 0 },
    { number: '1235', amount: '250.00', days: (step ?? 0) + 3 },
  ].map((invoice) => ({
    billing_document_number: `009000${invoice.number}`,
    document_number_finance: `140000${invoice.number}`,
    due_date: due(invoice.days),
    open_amount: invoice.amount,
    currency_key: 'USD',
    currency_decimals: 2,
  }));
  return {
    user_id: 0,
    account: '1234 Analytical Engines Ltd',
    payer_data: payerData,
    days_from_due: step ?? 0,
    as_of: asOf,
    documents,
    pay_url: url(reminderPayPath(payerData, documents)),
    attach_statement: false,
  };
}
