// Issue 29: the e-mails of scheduled payments, AutoPay and the monthly statement, rendered from their default
// templates by the outbox's own step (renderMessageText): amounts with the currency's decimals, days, reasons and
// tables in the reader's language, every value escaped, and nothing left of a placeholder or a message key.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AutopayLeftInvoice, autopayStopReasons, notPaidReasons } from '@portal/contracts';
import { languages, type Language } from '@portal/i18n';
import { renderMessageText } from './render-outbox-message';
import type {
  AutopayMailPayload,
  MailDocument,
  MonthlyStatementMailPayload,
  ScheduledPaymentMailPayload,
} from './scheduling-mail';

const branding = { companyName: 'AR Portal', logoCid: null, primaryColor: '#0b4f8a' };

function defaultTemplate(language: Language, template: string): { title: string; template: string } {
  const texts = JSON.parse(
    readFileSync(new URL(`./default-templates/${language}.json`, import.meta.url), 'utf8'),
  ) as Record<string, { title: string; template: string }>;
  return texts[template]!;
}

/** Rendered as the outbox renders it; Intl's no-break spaces (fr 1 250,50 €) read as spaces. */
async function render(template: string, payload: object, language: Language = 'en') {
  const rendered = await renderMessageText(
    defaultTemplate(language, template),
    { template, language, payload: payload as Record<string, unknown>, links: null },
    branding,
  );
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  return { subject: plain(rendered.subject), html: plain(rendered.html), text: plain(rendered.text) };
}

const documents: MailDocument[] = [
  { billing_document_number: '<b>1</b>', document_number_finance: '1400000001', amount: '1000.5' },
  { billing_document_number: '0090001235', document_number_finance: '1400000002', amount: '250' },
];

const scheduled: ScheduledPaymentMailPayload = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  cause: 'schedule',
  scheduled_date: '2026-10-15',
  total_amount: '1250.5',
  currency_key: 'EUR',
  currency_decimals: 2,
  payment_method_label: 'Visa •••• 4242',
  documents,
  manage_url: 'https://portal.example.com/scheduled-payments',
};

const autopay: AutopayMailPayload = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  account: '1234 Analytical <Engines>',
  payment_method_label: 'Visa •••• 4242',
  days_before_due: 5,
  max_amount: '5000',
  max_currency_key: 'USD',
  max_currency_decimals: 2,
  left: [
    {
      billing_document_number: '<b>1</b>',
      document_number_finance: '1400000001',
      due_date: '2026-09-30',
      amount: '480',
      currency_key: 'USD',
      currency_decimals: 2,
      why: 'past_due',
    },
  ],
  manage_url: 'https://portal.example.com/scheduled-payments',
};

const statement: MonthlyStatementMailPayload = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  user_id: 7,
  account: '1234 Analytical Engines',
  payer_data: { customer_number: '0000001234', company_code: '1000' },
  date_from: '2026-10-01',
  date_to: '2026-10-31',
};

const escapedInvoice = '&lt;b&gt;1&lt;/b&gt;';

describe('the scheduled payment e-mails', () => {
  it('confirms the amount, the day, the method and the documents, escaped, with the link (en, de)', async () => {
    const en = await render('scheduled_payment', scheduled);
    expect(en.subject).toBe('Payment of €1,250.50 scheduled for October 15, 2026');
    expect(en.html).toContain('Your payment of <strong>€1,250.50</strong> with Visa •••• 4242');
    expect(en.html).toContain('<strong>October 15, 2026</strong>');
    expect(en.html).toContain(escapedInvoice);
    expect(en.html).not.toContain('<b>1</b>');
    expect(en.html).toMatch(/>90001235<\/td><td align="right"[^>]*>€250\.00<\/td>/);
    expect(en.html).toContain('€1,000.50');
    expect(en.html).toContain('href="https://portal.example.com/scheduled-payments"');
    expect(en.text).toContain('You can cancel it in the portal until that day.');

    const de = await render('scheduled_payment', scheduled, 'de');
    expect(de.subject).toBe('Zahlung von 1.250,50 € für den 15. Oktober 2026 geplant');
    expect(de.html).toContain('>Beleg</th>');
    expect(de.html).toContain('1.000,50 €');
    expect(de.html).toContain(escapedInvoice);
  });

  it('says a payment was not made and why, with the check’s or gateway’s words (en, fr)', async () => {
    const declined = { ...scheduled, reason: 'declined', reason_detail: 'Insufficient <funds>' } as const;
    const en = await render('scheduled_payment_not_paid', declined);
    expect(en.subject).toBe('Scheduled payment of €1,250.50 not made');
    expect(en.html).toContain('scheduled for October 15, 2026 was <strong>not made</strong>. Nothing was charged.');
    expect(en.html).toContain(
      'Reason: The payment was declined by the bank or the card issuer. Details: Insufficient &lt;funds&gt;</p>',
    );
    expect(en.html).toContain(escapedInvoice);

    const expired = await render('scheduled_payment_not_paid', { ...scheduled, reason: 'method_expired' });
    expect(expired.html).toContain('Reason: The saved payment method has expired.</p>');
    // Issue 37: a debit the bank returned with a code that ends the method.
    const returned = await render('scheduled_payment_not_paid', { ...scheduled, reason: 'method_returned' });
    expect(returned.html).toContain(
      'Reason: A debit of the saved payment method was returned by the bank as one that cannot be collected again (for example, the account is closed).</p>',
    );

    const fr = await render('scheduled_payment_not_paid', declined, 'fr');
    expect(fr.subject).toBe('Paiement programmé de 1 250,50 € non effectué');
    expect(fr.html).toContain('programmé pour le 15 octobre 2026 <strong>n’a pas été effectué</strong>');
    expect(fr.html).toContain(
      'Motif : Le paiement a été refusé par la banque ou l’émetteur de la carte. Détails : Insufficient &lt;funds&gt;',
    );
  });

  it('names every reason a payment is not made in every language', async () => {
    for (const language of languages)
      for (const reason of notPaidReasons) {
        const mail = await render('scheduled_payment_not_paid', { ...scheduled, reason }, language);
        expect({ language, reason, key: mail.html.includes('mail.scheduling') }).toEqual({
          language,
          reason,
          key: false,
        });
      }
  });
});

describe('the AutoPay e-mails', () => {
  it('confirms an enrolment: schedule, maximum and the invoices left past due (en, ja)', async () => {
    const en = await render('autopay_enrolled', autopay);
    expect(en.subject).toBe('AutoPay is on for account 1234 Analytical <Engines>');
    expect(en.html).toContain('account <strong>1234 Analytical &lt;Engines&gt;</strong>');
    expect(en.html).toContain(
      'Schedule: each invoice 5 days before its due date<br>Amount: up to $5,000.00 per payment',
    );
    expect(en.html).toMatch(/>Invoice<\/th>.*>Due date<\/th>.*>Amount<\/th>.*>Why<\/th>/);
    expect(en.html).toContain(escapedInvoice);
    expect(en.html).toContain('September 30, 2026');
    expect(en.html).toContain('$480.00');
    expect(en.html).toContain('Already past due');
    expect(en.html).toContain('href="https://portal.example.com/scheduled-payments"');

    const ja = await render('autopay_enrolled', autopay, 'ja');
    expect(ja.subject).toBe('取引先 1234 Analytical <Engines> の自動支払を開始しました');
    expect(ja.html).toContain('支払時期: 各請求書の支払期日の5日前<br>金額: 1回の支払につき$5,000.00まで');
    expect(ja.html).toContain('2026年9月30日');
    expect(ja.html).toContain('支払期日超過');
  });

  it('says so in a sentence when AutoPay leaves no invoice (en, ja)', async () => {
    const en = await render('autopay_enrolled', { ...autopay, left: [] });
    expect(en.html).toContain('<p style="margin:0 0 14px;">None: AutoPay leaves no invoice for you to pay.</p>');
    expect(en.html).not.toContain('>Due date</th>');
    const ja = await render('autopay_enrolled', { ...autopay, left: [] }, 'ja');
    expect(ja.html).toContain('なし：自動支払で支払われずに残る請求書はありません。');
  });

  it('words the schedule for the due date itself, one day, many days and no maximum', async () => {
    const schedule = async (days: number, language: Language = 'en') =>
      (await render('autopay_enrolled', { ...autopay, days_before_due: days, max_amount: null }, language)).html;
    expect(await schedule(0)).toContain('Schedule: each invoice on its due date<br>Amount: no maximum per payment');
    expect(await schedule(1)).toContain('each invoice 1 day before its due date');
    expect(await schedule(1, 'ru')).toContain('каждый счёт за 1 день до срока оплаты');
    expect(await schedule(3, 'ru')).toContain('каждый счёт за 3 дня до срока оплаты');
    expect(await schedule(5, 'ru')).toContain('каждый счёт за 5 дней до срока оплаты');
    expect(await schedule(21, 'ru')).toContain('каждый счёт за 21 день до срока оплаты');
    expect(await schedule(0, 'fr')).toContain('chaque facture à sa date d’échéance');
  });

  it('lists the payments it will make and the invoices it leaves, with why (en, es)', async () => {
    const left = (why: AutopayLeftInvoice['why'], number: string, amount: string, currency_key: string) => ({
      billing_document_number: number,
      document_number_finance: '1400000009',
      due_date: '2026-10-20',
      amount,
      currency_key,
      currency_decimals: currency_key === 'JPY' ? 0 : 2,
      why,
    });
    const reminder: AutopayMailPayload = {
      ...autopay,
      max_amount: '100000',
      max_currency_key: 'JPY',
      max_currency_decimals: 0,
      payments: [
        { scheduled_date: '2026-10-12', total_amount: '125000', currency_key: 'JPY', currency_decimals: 0, documents },
      ],
      left: [
        left('over_maximum', '<b>1</b>', '720000', 'JPY'),
        left('disputed', '0090000777', '3000', 'JPY'),
        left('currency', '0090000778', '99.9', 'USD'),
      ],
    };
    const en = await render('autopay_reminder', reminder);
    expect(en.subject).toBe('AutoPay: upcoming payments for account 1234 Analytical <Engines>');
    expect(en.html).toMatch(/>Date<\/th>.*>Amount<\/th>.*>Documents<\/th>/);
    expect(en.html).toMatch(/>October 12, 2026<\/td>[^]*>¥125,000<\/td>[^]*>&lt;b&gt;1&lt;\/b&gt;, 90001235<\/td>/);
    expect(en.html).toContain('¥720,000');
    expect(en.html).toContain('Over the maximum per payment');
    expect(en.html).toMatch(/>90000777<\/td>.*>Disputed<\/td>/);
    expect(en.html).toContain('$99.90');
    expect(en.text).toContain("In a currency other than the maximum's");
    expect(en.html).not.toContain('<b>1</b>');

    const es = await render('autopay_reminder', reminder, 'es');
    expect(es.subject).toBe('Pago automático: próximos pagos de la cuenta 1234 Analytical <Engines>');
    expect(es.html).toContain('12 de octubre de 2026');
    expect(es.html).toContain('Supera el máximo por pago');
    expect(es.html).toContain('En disputa');
    expect(es.html).toContain('En una moneda distinta a la del máximo');

    const none = await render('autopay_reminder', { ...reminder, payments: [], left: [] });
    expect(none.html).toContain('No payment is planned.');
    expect(none.html).toContain('None: AutoPay leaves no invoice for you to pay.');
  });

  it('names a finance-only item (no billing document) by its finance number, as the portal does (ADR 0029)', async () => {
    const financeOnly = { billing_document_number: '', document_number_finance: '1400000372', amount: '11.93' };
    const reminder: AutopayMailPayload = {
      ...autopay,
      payments: [
        {
          scheduled_date: '2026-11-02',
          total_amount: '261.93',
          currency_key: 'USD',
          currency_decimals: 2,
          documents: [financeOnly, { ...documents[1]! }],
        },
      ],
      left: [{ ...autopay.left![0]!, billing_document_number: '', document_number_finance: '1400000821' }],
    };
    const en = await render('autopay_reminder', reminder);
    expect(en.html).toMatch(/>1400000372, 90001235<\/td>/);
    expect(en.html).toMatch(/>1400000821<\/td>/);
    const notPaid = await render('scheduled_payment_not_paid', {
      ...scheduled,
      documents: [financeOnly],
      reason: 'invoice_held',
    });
    expect(notPaid.html).toMatch(/>1400000372<\/td>/);
    expect(notPaid.html).toContain('Reason: An invoice now has a reason code that AutoPay leaves for a person.');
  });

  it('says why AutoPay stopped, for every reason in every language (en, it)', async () => {
    const en = await render('autopay_stopped', { ...autopay, stopped_reason: 'method_expired' });
    expect(en.subject).toBe('AutoPay stopped for account 1234 Analytical <Engines>');
    expect(en.html).toContain('Reason: The saved payment method has expired.</p>');
    expect(en.html).toContain('no longer paid automatically');
    const it_ = await render('autopay_stopped', { ...autopay, stopped_reason: 'autopay_disabled' }, 'it');
    expect(it_.html).toContain('Motivo: Il pagamento automatico è stato disattivato per questo conto.</p>');
    for (const language of languages)
      for (const stopped_reason of autopayStopReasons) {
        const mail = await render('autopay_stopped', { ...autopay, stopped_reason }, language);
        expect({ language, stopped_reason, key: mail.html.includes('mail.scheduling') }).toEqual({
          language,
          stopped_reason,
          key: false,
        });
      }
  });
});

describe('the monthly statement e-mail', () => {
  it('names the month of a whole month, in the reader’s language (en, pt, ru)', async () => {
    expect((await render('monthly_statement', statement)).subject).toBe(
      'Statement of account 1234 Analytical Engines – October 2026',
    );
    expect((await render('monthly_statement', statement)).html).toContain('attached, as a PDF');
    expect((await render('monthly_statement', statement, 'pt')).html).toContain('referente a outubro de 2026');
    expect((await render('monthly_statement', statement, 'ru')).html).toContain('за октябрь 2026 г.');
    const leapFebruary = { ...statement, date_from: '2028-02-01', date_to: '2028-02-29' };
    expect((await render('monthly_statement', leapFebruary)).subject).toContain('– February 2028');
  });

  it('gives the days of any other period (en, ja)', async () => {
    const half = { ...statement, date_from: '2026-10-01', date_to: '2026-10-15' };
    expect((await render('monthly_statement', half)).html).toContain('for October 1, 2026 – October 15, 2026.');
    expect((await render('monthly_statement', half, 'ja')).html).toContain('2026年10月1日～2026年10月15日 分');
    const notLeap = { ...statement, date_from: '2027-02-01', date_to: '2027-02-27' };
    expect((await render('monthly_statement', notLeap)).subject).toContain('February 1, 2027 – February 27, 2027');
  });
});

describe('the payment receipt of a payment a job made', () => {
  const receipt = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    kind: 'invoice',
    reference_code: 'PAY-1',
    payment_method_label: 'Visa •••• 4242',
    total_amount: '1250.5',
    currency_key: 'USD',
    currency_decimals: 2,
    processed_at: '2026-10-15T08:00:00.000Z',
    documents,
  };

  it('says AutoPay or the schedule paid it (en, ru)', async () => {
    const byAutopay = await render('payment_receipt', { ...receipt, cause: 'autopay', scheduled_date: '2026-10-15' });
    expect(byAutopay.html).toContain('<p style="margin:0 0 14px;">Paid automatically by AutoPay.</p>');
    const bySchedule = await render('payment_receipt', { ...receipt, cause: 'schedule', scheduled_date: '2026-10-15' });
    expect(bySchedule.html).toContain('Paid as scheduled for October 15, 2026.');
    const ru = await render('payment_receipt', { ...receipt, cause: 'schedule', scheduled_date: '2026-10-15' }, 'ru');
    expect(ru.html).toContain('Оплачено в запланированный день (15 октября 2026 г.).');
  });

  it('leaves no empty line for a payment a person made', async () => {
    const byHand = await render('payment_receipt', receipt);
    expect(byHand.html).toContain('with Visa •••• 4242.</p><p style="margin:0 0 14px;">Reference code:');
    expect(byHand.text).toMatch(/Visa •••• 4242\.\n\nReference code: PAY-1/);
  });
});

describe('every new e-mail in every language', () => {
  it('fills every placeholder and translates every word', async () => {
    const samples: [string, object][] = [
      ['scheduled_payment', scheduled],
      ['scheduled_payment_not_paid', { ...scheduled, reason: 'documents_changed' }],
      ['autopay_enrolled', autopay],
      [
        'autopay_reminder',
        {
          ...autopay,
          payments: [{ ...scheduled, documents }],
          left: AutopayLeftInvoice.shape.why.options.map((why) => ({ ...autopay.left[0]!, why })),
        },
      ],
      ['autopay_stopped', { ...autopay, stopped_reason: 'user_inactive' }],
      ['monthly_statement', statement],
    ];
    for (const language of languages)
      for (const [template, payload] of samples) {
        const mail = await render(template, payload, language);
        const leftOver = [mail.subject, mail.html, mail.text].join('\n').match(/\{\{|mail\.\w+\.\w+/g) ?? [];
        expect({ language, template, leftOver }).toEqual({ language, template, leftOver: [] });
      }
  });
});
