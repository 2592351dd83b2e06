// Issue 37, money that comes back, in the browser: the demo payer pays an invoice (through the API: the pay page has
// specs of its own), the administrator refunds part of it from Settings → Payments received (the dialog, its
// confirmation, the refund's own row, the payment's badge, the totals net of it), a refund above what is left is
// refused with the server's words, and the payer's history says "Partially refunded" with each refund. axe runs on
// every state (checkA11y: at 1280 and at 375 px).
import type { Page } from '@playwright/test';
import { apiAs, checkA11y, expect, signIn, test, demoPayerOpenInvoices } from '../fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

type Paid = { invoice: string; billing: string; amount: string };

/** The bank account of the returning test numbers: the sandbox approves its debit, then returns it (R01). */
const returningAccount = { routing: '011000015', account: '000222222227' };

/**
 * Pays one open USD invoice of the demo payer in full with the saved Visa, through the API as the pay page does (its
 * 3-D Secure step, an Idempotency-Key). Not the smallest invoices: the guest and registration specs type those.
 */
async function payAnInvoice(baseURL: string, bankAccount?: typeof returningAccount, pick = 5): Promise<Paid> {
  const { api, headers } = await apiAs(baseURL, 'payer@example.com');
  try {
    const { header, payer, invoices } = await demoPayerOpenInvoices(api, headers);
    const invoice = invoices
      .filter((item) => item.billing_document_number !== '' && item.open_amount === item.total_amount)
      .at(pick);
    if (!invoice) throw new Error('no open USD invoice of the demo payer to pay');
    const method = bankAccount
      ? await enterBankAccount(api, headers, payer, bankAccount)
      : await visaWithThreeDs(api, headers, payer, invoice.open_amount);
    const paid = await api.post('/api/invoice/payments', {
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      data: {
        payer_data: payer,
        soldto: { account_number: invoice.soldto_number || header.PrimaryAcct },
        payment_detail: method,
        documents: [
          {
            document_number_finance: invoice.document_number_finance,
            line_item_in_the_relevant_invoice: invoice.line_item_in_the_relevant_invoice,
            fiscal_year_of_the_relevant_invoice: invoice.fiscal_year_of_the_relevant_invoice,
            open_amount: invoice.open_amount,
            amount_to_process: invoice.open_amount,
            currency_key: 'USD',
            billing_document_number: invoice.billing_document_number,
          },
        ],
        currency_key: 'USD',
        currency_decimals: 2,
        log: { id: 'POST_INVOICE' },
      },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    expect(((await paid.json()) as { payment: { state: string } }).payment.state).toBe('posted');
    return {
      invoice: invoice.billing_document_number.replace(/^0+/, ''),
      billing: invoice.billing_document_number,
      amount: invoice.open_amount,
    };
  } finally {
    await api.dispose();
  }
}

type Api = Awaited<ReturnType<typeof apiAs>>['api'];
type Headers = Record<string, string>;
type Payer = { customer_number: string; company_code: string };

/** The saved Visa with its 3-D Secure step as the pay page runs it (the sandbox's frictionless Visa goes straight back). */
async function visaWithThreeDs(api: Api, headers: Headers, payer: Payer, amount: string) {
  const cards = await api.get('/api/customer/payment_cards', { headers, params: payer });
  const visa = (
    (await cards.json()) as { payment_cards: { payment_card_token: string; payment_card_type: string }[] }
  ).payment_cards.find((card) => card.payment_card_type === 'VISA')!;
  // The card's 3-D Secure step as the pay page runs it: the sandbox's frictionless Visa goes straight back.
  const step = await api.post('/api/tokenization/access_token', {
    headers,
    data: {
      action: '01',
      payment_method: 'TO',
      payer_data: payer,
      payment_card_token: visa.payment_card_token,
      amount: String(Math.round(Number(amount) * 100)),
      currency_code: '840',
      order_number: crypto.randomUUID(),
      redirect_uri: '/invoices/pay',
    },
  });
  expect(step.ok(), await step.text()).toBe(true);
  const { access_token: threeDs } = (await step.json()) as { access_token: string };
  const passed = await api.post('/sandbox-gateway/Cardinal3DSWithToken', {
    form: { access_token: threeDs },
    maxRedirects: 0,
  });
  expect(passed.status()).toBe(303);
  return { ...visa, card_validation_code: '123', three_ds_access_token: threeDs };
}

/** A bank account typed in the sandbox's frame for this session (not saved), as the pay page's e-check entry does. */
async function enterBankAccount(api: Api, headers: Headers, payer: Payer, account: typeof returningAccount) {
  const access = await api.post('/api/tokenization/access_token', {
    headers,
    data: { action: '01', payment_method: 'EC', payer_data: payer },
  });
  expect(access.ok(), await access.text()).toBe(true);
  const { access_token: accessToken } = (await access.json()) as { access_token: string };
  const typed = await api.post('/sandbox-gateway/Ajax', {
    data: {
      access_token: accessToken,
      account_number: account.account,
      electronic_check_rdfi_number: account.routing,
      electronic_check_account_type: 'C',
    },
  });
  expect(((await typed.json()) as { ok: boolean }).ok).toBe(true);
  const entered = await api.post('/api/tokenization/response', {
    headers,
    data: { action: '02', access_token: accessToken },
  });
  expect(entered.ok(), await entered.text()).toBe(true);
  const { paymentcard } = (await entered.json()) as {
    paymentcard: {
      payment_card_token: string;
      electronic_check_account_type: string;
      electronic_check_rdfi_number: string;
    };
  };
  // For this session only (spec §4 is_session): the demo payer's saved methods stay as the other specs know them.
  const added = await api.post('/api/payment-methods/manage', {
    headers,
    data: {
      payer_data: payer,
      action: '01',
      log: { id: 'ADD_PAYMENT_CARD' },
      payment_cards: [
        {
          payment_card_name: 'Pat Payer',
          payment_card_token: paymentcard.payment_card_token,
          payment_card_type: 'EC',
          valid_from: '',
          valid_to: '',
          default: '',
          is_session: 'X',
          electronic_check_account_type: paymentcard.electronic_check_account_type,
          electronic_check_rdfi_number: paymentcard.electronic_check_rdfi_number,
          payer_account: '',
          preauthorization_amount: '',
        },
      ],
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return { payment_card_token: paymentcard.payment_card_token, payment_card_type: 'EC', card_validation_code: '' };
}

/** A total's figure in cents ("$1,234.50" → 123450), to compare before and after. */
async function cents(page: Page, testId: string): Promise<number> {
  const text = await page.getByTestId('received-total').filter({ hasText: 'USD' }).getByTestId(testId).innerText();
  return Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);
}

test('an admin refunds part of a payment, a refund above what is left is refused, and the payer sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const paid = await payAnInvoice(baseURL!);
  const paidCents = Math.round(Number(paid.amount) * 100);

  await signIn(page, 'admin@example.com');
  await page.goto('/settings/payments-received');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments received' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Payer' }).fill('100001');
  await page.getByRole('button', { name: 'Apply' }).click();
  const payment = page
    .locator('[data-testid="received-row"][data-kind="invoice"]')
    .filter({ has: page.locator('li', { hasText: `${paid.invoice}:` }) });
  await expect(payment).toHaveCount(1);
  await expect(payment.getByTestId('money-back-status')).toHaveCount(0);
  const before = {
    net: await cents(page, 'received-total-net'),
    gross: await cents(page, 'received-total-gross'),
    back: await cents(page, 'received-total-reversed'),
  };

  // Part of it, with a reason; more than is left is refused before anything is sent.
  await payment.getByRole('button', { name: /^Refund/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund a payment' });
  await expect(dialog.getByTestId('refund-left')).toHaveText(`$${Number(paid.amount).toFixed(2)}`);
  await expect(dialog).toContainText('payer@example.com');
  await dialog.getByRole('radio', { name: 'Part of it' }).check();
  const amount = dialog.getByRole('textbox', { name: 'Amount to refund (USD)' });
  await amount.fill((Number(paid.amount) + 1).toFixed(2));
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Overpayment' }).click();
  await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Paid 25.00 too much');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('The refund is more than what is left to refund of this payment.')).toBeVisible();
  await checkA11y(page);
  await amount.fill('25.00');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('refund-question')).toHaveText('Refund USD 25.00 to payer 100001?');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByTestId('refund-result')).toHaveAttribute('data-state', 'posted');
  await expect(dialog).toContainText('USD 25.00 went back to payer 100001.');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  // The refund is a row of its own pointing at the payment; the payment says what came back; the totals are net.
  const refund = page
    .locator('[data-testid="received-row"][data-kind="refund"]')
    .filter({ has: page.locator('li', { hasText: `${paid.invoice}:` }) });
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText('Refund');
  await expect(refund.getByTestId('received-amount')).toHaveText('-$25.00');
  await expect(refund.getByTestId('received-reverses')).toContainText('Reverses order');
  await expect(payment.getByTestId('money-back-status')).toHaveText('Partially refunded');
  await expect.poll(() => cents(page, 'received-total-net')).toBe(before.net - 2500);
  expect(await cents(page, 'received-total-gross')).toBe(before.gross);
  expect(await cents(page, 'received-total-reversed')).toBe(before.back + 2500);
  // The payment's details list the refund with its reason and who made it.
  await payment.getByRole('button', { name: /^Details/ }).click();
  const details = page.getByRole('dialog', { name: 'Payment details' });
  const refunded = details.locator('[data-testid="payment-reversal"][data-kind="refund"]');
  await expect(refunded).toContainText('-$25.00');
  await expect(refunded).toContainText('Reason: Overpayment');
  await expect(refunded).toContainText('By admin@example.com');
  await checkA11y(page);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // What is left changes under an open dialog (a colleague refunds 1.00): the full refund it offered is refused by
  // the server, in the reader's language, and the dialog shows what is left now.
  await payment.getByRole('button', { name: /^Refund/ }).click();
  const left = `$${((paidCents - 2500) / 100).toFixed(2)}`;
  await expect(dialog.getByTestId('refund-left')).toHaveText(left);
  const { api, headers } = await apiAs(baseURL!, 'admin@example.com');
  const paymentId = await payment.getAttribute('data-id');
  const colleague = await api.post(`/api/payments-received/${paymentId}/refunds`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: { amount: '1.00', reason: 'other', comment: '' },
  });
  expect(colleague.status(), await colleague.text()).toBe(201);
  await api.dispose();
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Requested by the customer' }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByTestId('refund-refusal')).toHaveText(
    'The refund is more than what is left to refund of this payment.',
  );
  await expect(dialog.getByTestId('refund-left')).toHaveText(`$${((paidCents - 2600) / 100).toFixed(2)}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The payer's history: the payment partially refunded, each refund with its amount and day.
  const payer = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(payer, 'payer@example.com');
  await payer.goto('/payment-history');
  await payer.getByRole('textbox', { name: 'Invoice number' }).fill(paid.invoice);
  await payer.getByRole('button', { name: 'Find' }).click();
  const entry = payer.getByTestId('payment-row').filter({ hasText: paid.invoice });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId('payment-money-back')).toHaveText('Partially refunded');
  await entry.getByRole('button', { name: 'What came back' }).click();
  const events = entry.getByTestId('payment-money-back-events');
  await expect(events).toContainText('Refund: $25.00 on');
  await expect(events).toContainText('Refund: $1.00 on');
  await checkA11y(payer);
  await payer.context().close();
});

test('a bank debit returned after it was posted opens the invoice again, and the invoice says why', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const paid = await payAnInvoice(baseURL!, returningAccount, 6);
  await signIn(page, 'payer@example.com');
  // The sandbox returns the debit at the portal's next round of its events (every few seconds here).
  await expect(async () => {
    await page.goto(`/invoices/detail/${paid.billing}`);
    await expect(page.getByText('Open again', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const notice = page.getByRole('alert').filter({ hasText: 'Open again' });
  await expect(notice).toContainText('R01 insufficient funds');
  await expect(notice).toContainText('another payment method');
  await checkA11y(page);
  // Kept with the run's results, to look at: the notice at 1280 and 375 px.
  await page.screenshot({ path: test.info().outputPath('invoice-reopened-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(notice).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('invoice-reopened-375.png'), fullPage: true });
});
