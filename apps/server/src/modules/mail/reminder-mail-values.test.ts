// Issue 38: each reminder template, as the outbox renders it from the default templates in each of the 8 languages:
// the invoices' table with translated headings, days past due or "in N days", the total per currency, the pay link.
import { readFileSync } from 'node:fs';
import { reminderTemplates } from '@portal/contracts';
import { languages, type Language } from '@portal/i18n';
import { describe, expect, it } from 'vitest';
import { renderMessageText } from './render-outbox-message';

const defaults = Object.fromEntries(
  languages.map((language) => [
    language,
    JSON.parse(readFileSync(new URL(`./default-templates/${language}.json`, import.meta.url), 'utf8')) as Record<
      string,
      { title: string; template: string }
    >,
  ]),
);

const document = (number: string, due: string, amount: string, currency = 'USD', decimals = 2) => ({
  billing_document_number: `00900${number}`,
  document_number_finance: `14000${number}`,
  due_date: due,
  open_amount: amount,
  currency_key: currency,
  currency_decimals: decimals,
});

const payload = {
  firstName: 'Pat',
  lastName: 'Payer',
  user_id: 4,
  account: '100001 Acme Corp',
  payer_data: { customer_number: '100001', company_code: '1000' },
  days_from_due: 7,
  as_of: '2026-11-20',
  documents: [
    document('00101', '2026-11-13', '1000.50'),
    document('00102', '2026-11-27', '250.25'),
    document('00103', '2026-11-20', '1200', 'JPY', 0),
  ],
  pay_url: 'http://localhost:3000/invoices/pay?account=100001&company_code=1000&invoices=90000101,90000102',
  attach_statement: false,
};

const branding = { companyName: 'Demo Supplier', logoUrl: null, primaryColor: '#1c7ed6' } as never;

describe('the reminder e-mails', () => {
  it('render in every language with the invoices, the total per currency and the pay link, no key left', async () => {
    for (const language of languages as readonly Language[]) {
      for (const key of reminderTemplates) {
        const rendered = await renderMessageText(
          defaults[language]![key]!,
          { template: key, language, payload, links: null },
          branding,
        );
        const where = `${language} ${key}`;
        expect(rendered.html, where).toContain(payload.pay_url.replaceAll('&', '&amp;'));
        expect(rendered.html, where).toContain('90000101');
        expect(rendered.html, where).toContain('90000103');
        expect(rendered.html.match(/.{60}(?:mail\.reminders\.|\{\{).{60}/s)?.[0], where).toBeUndefined();
        expect(rendered.html, where).toContain('100001 Acme Corp');
        // The days column: 7 past due, "in 7 days" (in the language's words), and "today".
        expect(rendered.html, where).toMatch(/>7</);
        // Both currencies' totals, each with its own decimals.
        expect(rendered.html, where).toMatch(/1[,.\s\u202f\u00a0]?250[,.]75|1[.\s\u202f\u00a0]?250,75/);
        expect(rendered.html, where).toMatch(/1[,.\s\u202f\u00a0]?200(?![,.]\d)/);
      }
    }
  });

  it('give a reader who pays as a guest a link per invoice, in the language, and never a non-web address', async () => {
    const guest = 'http://localhost:3000/guest-payment/guestpayment?account=100001&invoice=90000101';
    const asGuest = {
      ...payload,
      pay_url: guest,
      documents: [
        { ...payload.documents[0]!, pay_url: guest },
        { ...payload.documents[1]!, pay_url: 'javascript:alert(1)' },
      ],
    };
    for (const language of languages as readonly Language[]) {
      const rendered = await renderMessageText(
        defaults[language]!.reminder_overdue!,
        { template: 'reminder_overdue', language, payload: asGuest, links: null },
        branding,
      );
      expect(rendered.html, language).toContain(`href="${guest.replaceAll('&', '&amp;')}">`);
      expect(rendered.html, language).not.toContain('javascript:');
      expect(rendered.html.match(/.{60}mail\.reminders\..{60}/s)?.[0], language).toBeUndefined();
    }
  });
});
