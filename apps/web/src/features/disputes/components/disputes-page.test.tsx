// @vitest-environment jsdom
import type { DisputeSummary } from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DisputesPage } from './disputes-page';
import { byLabel, byText, click, fakeApi, render, signInAs, startEnglish, stubBrowser } from './test-kit';

const summary = (reference: string, overrides: Partial<DisputeSummary> = {}): DisputeSummary => ({
  id: `5b0e7c52-8d0c-4e53-9d55-3f3c1c1b2a${reference.slice(2).padStart(2, '0')}`,
  reference,
  payer_data: { customer_number: '0000100001', company_code: '1000' },
  payer_name: 'Acme Corp',
  soldto_number: '0000100001',
  billing_document_number: '0090000123',
  document_number_finance: '1800000123',
  reason_code: 'OTHER',
  reason_description: '',
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
  late: true,
  age_days: 1,
  ...overrides,
});

function answers(method: string, path: string, url: URL) {
  if (path === '/api/disputes/assignees') return { body: { assignees: [{ user_id: 3, name: 'Ada Admin' }] } };
  if (path === '/api/configuration/backend') return { body: { company_codes: [], payment_reason_codes: [] } };
  if (method === 'GET' && path === '/api/disputes') {
    return url.searchParams.get('after') === 'n1'
      ? {
          body: {
            disputes: [summary('D-11', { late: false, assignee: { user_id: 3, name: 'Ada Admin' } })],
            next: null,
          },
        }
      : { body: { disputes: [summary('D-12')], next: 'n1' } };
  }
  return undefined;
}

// Each test renders whole screens in jsdom: seconds on a busy machine.
describe('the disputes page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    stubBrowser();
    await startEnglish();
  });

  it('lists the AR team’s disputes in a table named Disputes, filters them and loads more by `next`', async () => {
    signInAs(['CanManageDisputes'], 'admin');
    const calls = fakeApi((method, path) => answers(method, path, new URL(calls.at(-1)!.url, 'http://portal.test')));
    await render(<DisputesPage />);
    const table = document.querySelector('table')!;
    expect(document.querySelector('[role="region"]')?.getAttribute('aria-label')).toBe('Disputes');
    expect(table.querySelector('caption')?.textContent).toBe('Disputes');
    const row = table.querySelector('[data-reference="D-12"]')!;
    expect(row.textContent).toContain('Other');
    expect(row.textContent).toContain('$40.50');
    expect(row.textContent).toContain('Late');
    expect(row.textContent).toContain('Nobody');
    expect(row.querySelector('a')?.getAttribute('href')).toMatch(/^\/disputes\/5b0e7c52-/);

    await click(byText('Load more', 'button'));
    expect(table.querySelector('[data-reference="D-11"]')?.textContent).toContain('Ada Admin');

    await click(byLabel('Late only'));
    await click(byText('Apply', 'button'));
    const asked = calls.filter((call) => call.url.startsWith('/api/disputes?') || call.url === '/api/disputes');
    expect(new URL(asked.at(-1)!.url, 'http://portal.test').searchParams.get('late')).toBe('true');
    expect(document.querySelector('form[aria-label="Filter the disputes"]')).not.toBeNull();
  });

  it('shows a customer its disputes without the AR team’s filters and assignees', async () => {
    signInAs(['CanMakePayment']);
    const calls = fakeApi((method, path) => answers(method, path, new URL(calls.at(-1)!.url, 'http://portal.test')));
    await render(<DisputesPage />);
    expect(document.querySelector('form[aria-label="Filter the disputes"]')).toBeNull();
    expect(byLabel('Status')).toBeDefined();
    const headers = [...document.querySelectorAll('th')].map((cell) => cell.textContent);
    expect(headers).not.toContain('Assignee');
    expect(calls.some((call) => call.url.includes('/api/disputes/assignees'))).toBe(false);
  });
});
