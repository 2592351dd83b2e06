// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { DisputeReasonsSection } from './dispute-reasons-section';
import { byLabel, byText, click, fakeApi, render, settle, signInAs, startEnglish, stubBrowser, type } from './test-kit';

const backend = {
  company_codes: [{ company_code: '1000', name: 'US company' }],
  payment_reason_codes: [
    { reason_code: 'DM', description: 'Damaged goods', company_code: '1000', payment_type: 'O', comments_required: '' },
    {
      reason_code: 'PP',
      description: 'Partial payment',
      company_code: '1000',
      payment_type: 'O',
      comments_required: '',
    },
    { reason_code: 'DP', description: 'Deposit', company_code: '1000', payment_type: 'D', comments_required: '' },
  ],
};

const saved = {
  company_code: '1000',
  configured: false,
  reasons: [
    { reason_code: 'DM', description: 'Damaged goods', target_days: 14 },
    { reason_code: 'OTHER', description: '', target_days: 30 },
  ],
};

// Each test renders whole screens in jsdom: seconds on a busy machine.
describe('Settings → Collections → Dispute reasons', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    stubBrowser();
    await startEnglish();
    signInAs(['CanEditSystemConfig'], 'admin');
  });

  it('lists each invoice-payment reason code with its box and days, and OTHER always on', async () => {
    fakeApi((method, path) =>
      path === '/api/configuration/backend'
        ? { body: backend }
        : path === '/api/disputes/reasons'
          ? { body: saved }
          : undefined,
    );
    await render(<DisputeReasonsSection />);
    const rows = [...document.querySelectorAll('[data-testid="dispute-reason-row"]')].map((row) =>
      row.getAttribute('data-code'),
    );
    expect(rows).toEqual(['DM', 'PP', 'OTHER']);
    expect((byLabel('DM · Damaged goods is a dispute reason') as HTMLInputElement).checked).toBe(true);
    expect((byLabel('PP · Partial payment is a dispute reason') as HTMLInputElement).checked).toBe(false);
    expect((byLabel('Target days of PP · Partial payment') as HTMLInputElement).disabled).toBe(true);
    const other = byLabel('Other is a dispute reason') as HTMLInputElement;
    expect(other.checked && other.disabled).toBe(true);
    expect(byText('Nobody has saved dispute reasons for 1000 yet: these are the defaults.')).toBeDefined();
  });

  it('refuses days outside 1 to 365 before saving, then saves the checked reasons and OTHER by PUT', async () => {
    const calls = fakeApi((method, path) =>
      path === '/api/configuration/backend'
        ? { body: backend }
        : method === 'PUT' && path === '/api/disputes/reasons'
          ? { body: { ...saved, configured: true } }
          : path === '/api/disputes/reasons'
            ? { body: saved }
            : undefined,
    );
    await render(<DisputeReasonsSection />);
    await type(byLabel('Target days of Other'), '0');
    await click(byText('Save dispute reasons', 'button'));
    expect(byText('Correct the marked fields, then save again.')).toBeDefined();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await type(byLabel('Target days of Other'), '45');
    await click(byLabel('PP · Partial payment is a dispute reason'));
    await type(byLabel('Target days of PP · Partial payment'), '7');
    await click(byText('Save dispute reasons', 'button'));
    await settle();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe('/api/disputes/reasons?company_code=1000');
    expect(put.body).toEqual({
      reasons: [
        { reason_code: 'DM', target_days: 14 },
        { reason_code: 'PP', target_days: 7 },
        { reason_code: 'OTHER', target_days: 45 },
      ],
    });
  });
});
