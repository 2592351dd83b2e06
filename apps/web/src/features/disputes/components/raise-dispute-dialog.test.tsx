// @vitest-environment jsdom
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DisputableInvoice } from '../utils/raise-form';
import { RaiseDisputeDialog } from './raise-dispute-dialog';
import { byLabel, byText, click, fakeApi, render, settle, signInAs, startEnglish, stubBrowser, type } from './test-kit';

const invoice: DisputableInvoice = {
  payer: { customer_number: '0000100001', company_code: '1000' },
  billingDocumentNumber: '0090000123',
  currency: 'USD',
  openAmount: '150.00',
  lines: [
    { item_number: '000010', description: 'Widgets', amount: '100.00' },
    { item_number: '000020', description: 'Freight', amount: '50.00' },
  ],
};

const reasons = {
  company_code: '1000',
  configured: false,
  reasons: [
    { reason_code: 'DM', description: 'Damaged goods', target_days: 14 },
    { reason_code: 'OTHER', description: '', target_days: 30 },
  ],
};

const disputeId = '5b0e7c52-8d0c-4e53-9d55-3f3c1c1b2a10';

function answers(existing: unknown[] = []) {
  return (method: string, path: string) => {
    if (method === 'GET' && path === '/api/disputes') return { body: { disputes: existing, next: null } };
    if (method === 'GET' && path === '/api/disputes/reasons') return { body: reasons };
    if (method === 'POST' && path === '/api/invoice/disputes')
      return { status: 201, body: { id: disputeId, status: 'open' } };
    if (method === 'POST' && path === `/api/disputes/${disputeId}/attachments`)
      return { status: 201, body: { attachments: [] } };
    return undefined;
  };
}

const dialog = (onClose = () => undefined) => <RaiseDisputeDialog invoice={invoice} onClose={onClose} />;

// Each test renders whole screens in jsdom: seconds on a busy machine.
describe('the raise dialog', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    stubBrowser();
    await startEnglish();
    signInAs(['CanMakePayment']);
  });

  it('offers the dispute an invoice has already instead of a second one', async () => {
    fakeApi(answers([{ id: disputeId, reference: 'D-12', status: 'in_review' }]));
    await render(dialog());
    expect(byText('This invoice is already disputed (D-12). Add what you have to say to that dispute.')).toBeDefined();
    expect(byText('View dispute D-12', 'a')?.getAttribute('href')).toBe(`/disputes/${disputeId}`);
    expect(document.querySelector('[data-testid="raise-dispute-form"]')).toBeNull();
  });

  it('starts at the open amount and refuses what the server would refuse, before asking it', async () => {
    const calls = fakeApi(answers());
    await render(dialog());
    const amount = byLabel('Disputed amount (USD)') as HTMLInputElement;
    expect(amount.value).toBe('150.00');
    await type(amount, '150.01');
    await click(byText('Raise the dispute', 'button'));
    expect(byText('Choose a reason.')).toBeDefined();
    expect(byText('The disputed amount cannot be more than the open amount, $150.00.')).toBeDefined();
    expect(byText('Say what is wrong with the invoice.')).toBeDefined();
    await type(amount, '0');
    expect(byText('The disputed amount must be more than zero.')).toBeDefined();
    await type(amount, '10.001');
    expect(byText(/^Enter an amount such as 125.50/)).toBeDefined();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('refuses a file of another type or over 10 MB at once', async () => {
    fakeApi(answers());
    await render(dialog());
    await choose([new File(['<svg/>'], 'drawing.svg', { type: 'image/svg+xml' })]);
    expect(byText('drawing.svg is not a PDF, PNG or JPEG file.')).toBeDefined();
    await click(document.querySelector('[aria-label="Remove drawing.svg"]') ?? undefined);
    const large = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(large, 'size', { value: 10 * 1024 * 1024 + 1 });
    await choose([large]);
    expect(byText('scan.pdf is larger than 10 MB.')).toBeDefined();
  });

  it('raises the dispute with its lines, uploads its file, then opens it', async () => {
    const calls = fakeApi(answers());
    const rendered = await render(dialog(), { route: '/invoices/detail/:number', path: '/invoices/detail/90000123' });
    await pickOption(byLabel('Reason'), 'DM · Damaged goods');
    await type(byLabel('Disputed amount (USD)'), '40.5');
    await click(byLabel('Line 20: Freight ($50.00)'));
    await type(byLabel('What is wrong'), 'The freight was charged twice.');
    await choose([new File([new Uint8Array([137, 80, 78, 71])], 'receipt.png', { type: 'image/png' })]);
    await click(byText('Raise the dispute', 'button'));
    await settle();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts[0]).toMatchObject({
      url: '/api/invoice/disputes',
      body: {
        payer_data: { customer_number: '0000100001', company_code: '1000' },
        billing_document_number: '0090000123',
        reason_code: 'DM',
        amount: '40.50',
        comment: 'The freight was charged twice.',
        lines: [{ item_number: '000020' }],
      },
    });
    expect(posts[1]?.url).toBe(`/api/disputes/${disputeId}/attachments`);
    const form = posts[1]?.body as FormData;
    expect((form.get('file') as File).name).toBe('receipt.png');
    expect(rendered.path()).toBe(`/disputes/${disputeId}`);
  });

  it('shows the server’s refusal in the reader’s words and keeps the form', async () => {
    fakeApi((method, path) =>
      method === 'POST' && path === '/api/invoice/disputes'
        ? {
            status: 409,
            body: {
              error: 'CONFLICT',
              messageKey: 'validation.disputes.already_open',
              message: 'already open',
              uniqueId: 'r1',
              details: { dispute_id: disputeId },
            },
          }
        : answers()(method, path),
    );
    await render(dialog());
    await pickOption(byLabel('Reason'), 'Other');
    await type(byLabel('What is wrong'), 'Not ordered.');
    await click(byText('Raise the dispute', 'button'));
    expect(document.querySelector('[data-testid="raise-refusal"]')?.textContent).toContain(
      'This invoice already has an open dispute.',
    );
    expect(document.querySelector(`[data-testid="raise-refusal"] a[href="/disputes/${disputeId}"]`)).not.toBeNull();
    expect(document.querySelector('[data-testid="raise-dispute-form"]')).not.toBeNull();
  });
});

/** Chooses files in the dialog's file input, as the browser's chooser does. */
async function choose(files: File[]): Promise<void> {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle(1);
}

/** Opens a Select and clicks one of its options. */
async function pickOption(select: HTMLInputElement | HTMLTextAreaElement, label: string): Promise<void> {
  await click(select);
  const option = [...document.querySelectorAll('[role="option"]')].find((node) => node.textContent?.trim() === label);
  await click(option);
}
