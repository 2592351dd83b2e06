// @vitest-environment jsdom
import type { Dispute } from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DisputeDetailPage } from './dispute-detail-page';
import {
  byLabel,
  byText,
  click,
  eventually,
  fakeApi,
  render,
  settle,
  signInAs,
  startEnglish,
  stubBrowser,
  type,
  type Answer,
} from './test-kit';

const id = '8d5a3c1e-2b4f-4a6d-9c8e-1f2a3b4c5d6e';

const dispute = (overrides: Partial<Dispute> = {}): Dispute => ({
  id,
  reference: 'D-12',
  payer_data: { customer_number: '0000100001', company_code: '1000' },
  payer_name: 'Acme Corp',
  soldto_number: '0000100001',
  billing_document_number: '0090000123',
  document_number_finance: '1800000123',
  reason_code: 'DM',
  reason_description: 'Damaged goods',
  amount: '40.50',
  currency_key: 'USD',
  currency_decimals: 2,
  status: 'open',
  outcome: null,
  assignee: null,
  raised_by: 'Pat Payer',
  source: 'portal',
  created_at: '2026-03-02T10:15:00.000Z',
  updated_at: '2026-03-02T10:15:00.000Z',
  target_date: '2026-03-16',
  late: false,
  age_days: 3,
  lines: [],
  open_amount: '150.00',
  credit_note: null,
  erp_status: 'recorded',
  thread: [
    {
      id: 'e1',
      kind: 'raised',
      side: 'customer',
      author: 'Pat Payer',
      body: 'Box crushed <script>alert(1)</script>',
      status: 'open',
      outcome: null,
      assignee: null,
      attachment_id: null,
      created_at: '2026-03-02T10:15:00.000Z',
    },
  ],
  attachments: [],
  can: { message: true, withdraw: true, manage: false, attach: true },
  ...overrides,
});

const page = () => <DisputeDetailPage />;
const at = { route: '/disputes/:id', path: `/disputes/${id}` };

function answers(current: Dispute, more: (method: string, path: string) => Answer | undefined = () => undefined) {
  return (method: string, path: string): Answer | undefined => {
    if (method === 'GET' && path === `/api/disputes/${id}`) return { body: current };
    if (method === 'GET' && path === '/api/disputes/assignees')
      return { body: { assignees: [{ user_id: 1, name: 'Ada Admin' }] } };
    return more(method, path);
  };
}

// Each test renders whole screens in jsdom: seconds on a busy machine.
describe('the dispute page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    stubBrowser();
    await startEnglish();
  });

  it('says "not found" for a dispute the server does not show, without a toast', async () => {
    signInAs(['CanMakePayment']);
    fakeApi(() => undefined);
    await render(page(), at);
    expect(document.querySelector('[data-testid="dispute-not-found"]')?.textContent).toMatch(/not found/);
    expect(byText('All disputes', 'a')?.getAttribute('href')).toBe('/disputes');
  });

  it('shows a customer the facts, the thread as text, the message box and Withdraw, but not the AR team’s tools', async () => {
    signInAs(['CanMakePayment']);
    fakeApi(answers(dispute()));
    await render(page(), at);
    expect(byText('Dispute D-12', 'h1')).toBeDefined();
    expect(document.querySelector('[data-testid="dispute-thread"]')?.textContent).toContain(
      'Box crushed <script>alert(1)</script>',
    );
    expect(document.querySelector('main script, [data-testid="dispute-thread"] script')).toBeNull();
    expect(byText('Invoice 90000123', 'a')?.getAttribute('href')).toBe('/invoices/detail/0090000123');
    expect(byText('Withdraw the dispute', 'button')).toBeDefined();
    expect(document.querySelector('[data-testid="dispute-manage"]')).toBeNull();
    expect(document.querySelector('[data-testid="dispute-erp-status"]')).toBeNull();
  });

  it('sends a message and reads the thread afresh', async () => {
    signInAs(['CanMakePayment']);
    const calls = fakeApi(
      answers(dispute(), (method, path) =>
        method === 'POST' && path === `/api/disputes/${id}/messages` ? { status: 201, body: {} } : undefined,
      ),
    );
    await render(page(), at);
    await type(byLabel('Your message'), '  Photos follow.  ');
    await click(byText('Send', 'button'));
    await settle();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: `/api/disputes/${id}/messages`,
      body: { body: 'Photos follow.' },
    });
    expect(calls.filter((call) => call.method === 'GET' && call.url === `/api/disputes/${id}`)).toHaveLength(2);
  });

  it('withdraws the dispute after a confirmation', async () => {
    signInAs(['CanMakePayment']);
    const calls = fakeApi(
      answers(dispute(), (method, path) =>
        method === 'PATCH' && path === `/api/disputes/${id}`
          ? {
              body: dispute({
                status: 'withdrawn',
                outcome: 'withdrawn',
                can: { message: false, withdraw: false, manage: false, attach: false },
              }),
            }
          : undefined,
      ),
    );
    await render(page(), at);
    await click(byText('Withdraw the dispute', 'button'));
    expect(await eventually(() => byText('Withdraw dispute D-12?'))).toBeDefined();
    await click(await eventually(() => byText('Withdraw', 'button')));
    await settle();
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({ body: { status: 'withdrawn' } });
    expect(document.querySelector('[data-testid="dispute-closed"]')).not.toBeNull();
  });

  it('lets the AR team start the review and resolve with a credit note, by PATCH', async () => {
    signInAs(['CanManageDisputes'], 'admin');
    const manage = { message: true, withdraw: false, manage: true, attach: true };
    const calls = fakeApi(
      answers(dispute({ can: manage }), (method, path) =>
        method === 'PATCH' && path === `/api/disputes/${id}`
          ? { body: dispute({ status: 'in_review', can: manage }) }
          : undefined,
      ),
    );
    await render(page(), at);
    expect(document.querySelector('[data-testid="dispute-erp-status"]')?.textContent).toBe('Recorded');
    await click(byText('Start review', 'button'));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ status: 'in_review' }]);
    await click(byText('Resolve', 'button[type="submit"]'));
    expect(byText('Choose an outcome.')).toBeDefined();
    await click(byLabel('Credit issued'));
    await type(byLabel('Credit note number'), ' 9100000001 ');
    await type(byLabel('Comment for the customer'), 'Credit note issued for the freight.');
    await click(byText('Resolve', 'button[type="submit"]'));
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({
      status: 'resolved',
      outcome: 'credit_issued',
      comment: 'Credit note issued for the freight.',
      credit_note_number: '9100000001',
    });
  });
});
