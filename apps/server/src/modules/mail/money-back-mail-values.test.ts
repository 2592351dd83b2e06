// Issue 37: the payer's e-mails of a refund and of a returned bank debit, rendered from their default templates by the
// outbox's own step (renderMessageText): amounts with the currency's decimals, the payment's day, the reason and the
// documents opened again in the reader's language, every value escaped, no card or account number beyond its last
// four, and nothing left of a placeholder or a message key.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bankReturnCodes, refundReasons } from '@portal/contracts';
import { languages, translate, type Language } from '@portal/i18n';
import type { MoneyBackMailPayload } from './money-back-mail';
import { moneyBackMailValues } from './money-back-mail-values';
import { escapeHtml } from './render-email';
import { renderMessageText } from './render-outbox-message';

const branding = { companyName: 'AR Portal', logoCid: null, primaryColor: '#0b4f8a' };

const defaults = Object.fromEntries(
  languages.map((language) => [
    language,
    JSON.parse(readFileSync(new URL(`./default-templates/${language}.json`, import.meta.url), 'utf8')) as Record<
      string,
      { title: string; template: string }
    >,
  ]),
);

type Template = 'payment_refunded' | 'payment_returned';

/** Rendered as the outbox renders it; Intl's no-break spaces (fr 1 250,50 €) read as spaces. */
async function render(template: Template, payload: MoneyBackMailPayload, language: Language = 'en') {
  const rendered = await renderMessageText(
    defaults[language]![template]!,
    { template, language, payload: payload as unknown as Record<string, unknown>, links: null },
    branding,
  );
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  return { subject: plain(rendered.subject), html: plain(rendered.html), text: plain(rendered.text) };
}

const refund: MoneyBackMailPayload = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  amount: '250.5',
  payment_amount: '1250.5',
  currency_key: 'EUR',
  currency_decimals: 2,
  payment_date: '2026-10-15',
  reference_code: 'PAY-<1>',
  payment_method_label: 'VISA 4242',
  reason: 'overpayment',
  return_code: '',
  documents: [
    { billing_document_number: '<b>1</b>', document_number_finance: '1400000001', amount: '200' },
    { billing_document_number: '0090001235', document_number_finance: '1400000002', amount: '50.5' },
  ],
  manage_url: 'https://portal.example.com/payments/history',
};

const returned: MoneyBackMailPayload = {
  ...refund,
  amount: '1250.5',
  payment_method_label: 'EC 6789',
  reason: '',
  return_code: 'R02',
  manage_url: 'https://portal.example.com/invoices',
};

const escapedInvoice = '&lt;b&gt;1&lt;/b&gt;';

describe('the refund e-mail', () => {
  it('tells what was refunded of which payment, why, and what is open again, escaped (en, de)', async () => {
    const en = await render('payment_refunded', refund);
    expect(en.subject).toBe('Refund of €250.50 on your payment PAY-<1>');
    expect(en.html).toContain(
      'We have refunded <strong>€250.50</strong> of your payment of €1,250.50 made on October 15, 2026 with VISA 4242.',
    );
    expect(en.html).toContain(
      'Reference code: <strong>PAY-&lt;1&gt;</strong><br>Reason: The payment was more than the amount due.</p>',
    );
    expect(en.html).toMatch(/>Document<\/th>.*>Amount<\/th>/);
    expect(en.html).toMatch(/>&lt;b&gt;1&lt;\/b&gt;<\/td><td align="right"[^>]*>€200\.00<\/td>/);
    expect(en.html).toMatch(/>90001235<\/td><td align="right"[^>]*>€50\.50<\/td>/);
    expect(en.html).not.toContain('<b>1</b>');
    expect(en.html).toContain('href="https://portal.example.com/payments/history"');
    expect(en.text).toContain('The money will reach your card or bank account within a few days');

    const de = await render('payment_refunded', refund, 'de');
    expect(de.subject).toBe('Erstattung von 250,50 € zu Ihrer Zahlung PAY-<1>');
    expect(de.html).toContain(
      '<strong>250,50 €</strong> Ihrer Zahlung von 1.250,50 € vom 15. Oktober 2026 mit VISA 4242',
    );
    expect(de.html).toContain('Grund: Die Zahlung war höher als der fällige Betrag.</p>');
    expect(de.html).toContain('>Beleg</th>');
    expect(de.html).toContain(escapedInvoice);
  });

  it('formats the amounts with the currency’s own decimals (JPY none, KWD three; ja)', async () => {
    const yen = await render(
      'payment_refunded',
      { ...refund, amount: '3000', payment_amount: '125000', currency_key: 'JPY', currency_decimals: 0 },
      'ja',
    );
    expect(yen.subject).toBe('お支払い PAY-<1> について ￥3,000 を返金しました');
    expect(yen.html).toContain(
      '2026年10月15日 に VISA 4242 でお支払いいただいた ￥125,000 のうち、<strong>￥3,000</strong>',
    );
    const dinar = await render('payment_refunded', {
      ...refund,
      amount: '1.5',
      payment_amount: '10',
      currency_key: 'KWD',
      currency_decimals: 3,
    });
    expect(dinar.html).toContain('<strong>KWD 1.500</strong> of your payment of KWD 10.000');
  });

  it('names every refund reason in every language, and an unknown one as written', async () => {
    for (const language of languages)
      for (const reason of refundReasons) {
        const words = moneyBackMailValues('payment_refunded', { ...refund, reason }, language).reason;
        expect({ language, reason, words }).toEqual({
          language,
          reason,
          words: translate(language, undefined, `mail.money_back.refund_reasons.${reason}`),
        });
        expect(words).not.toMatch(/^mail\./);
      }
    expect((await render('payment_refunded', { ...refund, reason: 'fraudulent' })).html).toContain(
      'Reason: fraudulent</p>',
    );
  });
});

describe('the returned bank debit e-mail', () => {
  it('tells that the bank returned the debit, why, what is open again, and asks for another method (en, fr)', async () => {
    const en = await render('payment_returned', returned);
    expect(en.subject).toBe('Debit of €1,250.50 returned by your bank');
    expect(en.html).toContain(
      'Your bank has returned the debit of <strong>€1,250.50</strong> for your payment of €1,250.50 made on October 15, 2026 with EC 6789.',
    );
    expect(en.html).toContain('Reason given by the bank: R02 account closed</p>');
    expect(en.html).toContain(escapedInvoice);
    expect(en.html).toContain('Please pay them with another payment method.');
    expect(en.html).toContain('href="https://portal.example.com/invoices"');

    const fr = await render('payment_returned', returned, 'fr');
    expect(fr.subject).toBe('Prélèvement de 1 250,50 € rejeté par votre banque');
    expect(fr.html).toContain('effectué le 15 octobre 2026 avec EC 6789');
    expect(fr.html).toContain(
      `Motif indiqué par la banque : ${escapeHtml(translate('fr', undefined, 'money-back.return_codes.R02'))}</p>`,
    );
    expect(fr.html).toContain('autre moyen de paiement');
  });

  it('gives every return code the portal knows in words in every language, and another code as it came', async () => {
    for (const language of languages)
      for (const code of Object.keys(bankReturnCodes)) {
        const words = moneyBackMailValues('payment_returned', { ...returned, return_code: code }, language).reason;
        expect({ language, code, words }).toEqual({
          language,
          code,
          words: translate(language, undefined, `money-back.return_codes.${code}`),
        });
        expect(words).toMatch(new RegExp(`^${code} \\S`));
      }
    expect((await render('payment_returned', { ...returned, return_code: 'XY99' })).html).toContain(
      'Reason given by the bank: XY99</p>',
    );
    // A code is one key segment, never a path to another message.
    const path = await render('payment_returned', { ...returned, return_code: 'errors.refund_pending' });
    expect(path.html).toContain('Reason given by the bank: errors.refund_pending</p>');
  });
});

describe('both e-mails', () => {
  it('never show more of a card or account number than its last four', async () => {
    const labels = {
      'EC 000123456789': 'EC 6789',
      'VISA 4111 1111 1111 1111': 'VISA 1111',
      'EC 12-3456-7890': 'EC 7890',
    };
    for (const [label, shown] of Object.entries(labels)) {
      const mail = await render('payment_returned', { ...returned, payment_method_label: label });
      expect(mail.html).toContain(`made on October 15, 2026 with ${shown}. This amount`);
      expect(mail.text).toContain(`with ${shown}. This amount`);
      expect(`${mail.html}${mail.text}`).not.toContain(label.slice(-9));
    }
    expect((await render('payment_refunded', { ...refund, payment_method_label: 'Visa •••• 4242' })).html).toContain(
      'with Visa •••• 4242.',
    );
  });

  it('fill every placeholder and translate every word in every language', async () => {
    for (const language of languages)
      for (const [template, payload] of [
        ['payment_refunded', refund],
        ['payment_returned', returned],
      ] as const) {
        const mail = await render(template, payload, language);
        const all = [mail.subject, mail.html, mail.text].join('\n');
        const leftOver = all.match(/\{\{|mail\.\w+\.\w+|money-back\.\w+/g) ?? [];
        expect({ language, template, leftOver }).toEqual({ language, template, leftOver: [] });
        expect(mail.html, `${language} ${template}`).toContain(escapedInvoice);
        expect(mail.html, `${language} ${template}`).toContain('PAY-&lt;1&gt;');
        expect(mail.html, `${language} ${template}`).toContain(`href="${payload.manage_url}"`);
        expect(mail.html, `${language} ${template}`).toMatch(/1[.,\s]?250[.,]50/);
      }
  });
});
