// @vitest-environment jsdom
import type { DisputeAttachment, DisputeEntry } from '@portal/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DisputeThread } from './dispute-thread';
import { byText, click, render, startEnglish, stubBrowser } from './test-kit';

const entry = (overrides: Partial<DisputeEntry>): DisputeEntry => ({
  id: 'e1',
  kind: 'message',
  side: 'customer',
  author: 'Pat Payer',
  body: '',
  status: null,
  outcome: null,
  assignee: null,
  attachment_id: null,
  created_at: '2026-03-02T10:15:00.000Z',
  ...overrides,
});

const attachment: DisputeAttachment = {
  id: '3f1c2f7a-6a1b-4c3d-9e8f-0a1b2c3d4e5f',
  file_name: 'delivery-note.png',
  content_type: 'image/png',
  size: 20_480,
  side: 'customer',
  uploaded_by: 'Pat Payer',
  created_at: '2026-03-02T10:16:00.000Z',
};

// Each test renders whole screens in jsdom: seconds on a busy machine.
describe('the dispute thread', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    stubBrowser();
    await startEnglish();
  });

  it('shows a message holding markup as the characters typed, never as HTML', async () => {
    const typed = '<script>window.hacked = true</script><img src=x onerror="window.hacked = true"> & more';
    const { container, unmount } = await render(
      <DisputeThread thread={[entry({ body: typed })]} attachments={[]} onDownload={() => undefined} />,
    );
    const body = container.querySelector('[data-testid="dispute-entry-body"]')!;
    expect(body.textContent).toBe(typed);
    expect(container.querySelector('script, img')).toBeNull();
    expect(body.innerHTML).toContain('&lt;script&gt;');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    unmount();
  });

  it('says what each kind of entry did, with who and which side, in the reader’s language', async () => {
    const { container, unmount } = await render(
      <DisputeThread
        thread={[
          entry({ id: '1', kind: 'raised', body: 'Goods arrived damaged.' }),
          entry({ id: '2', kind: 'assignment', side: 'supplier', author: 'Ada Admin', assignee: 'Ada Admin' }),
          entry({ id: '3', kind: 'status', side: 'supplier', author: 'Ada Admin', status: 'in_review' }),
          entry({ id: '4', kind: 'attachment', body: 'delivery-note.png', attachment_id: attachment.id }),
          entry({
            id: '5',
            kind: 'status',
            side: 'supplier',
            author: 'Ada Admin',
            status: 'resolved',
            outcome: 'credit_issued',
            body: 'Credit note 9100 issued.',
          }),
        ]}
        attachments={[attachment]}
        onDownload={() => undefined}
      />,
    );
    const what = [...container.querySelectorAll('[data-testid="dispute-entry-what"]')].map((node) => node.textContent);
    expect(what).toEqual([
      'Raised the dispute',
      'Assigned the dispute to Ada Admin',
      'Changed the status to In review',
      'Attached delivery-note.png',
      'Resolved the dispute: Credit issued',
    ]);
    expect(container.textContent).toContain('Ada Admin (Accounts receivable)');
    expect(container.textContent).toContain('Pat Payer (Customer)');
    expect(container.textContent).toContain('Credit note 9100 issued.');
    unmount();
  });

  it('offers an attached file as a download', async () => {
    const onDownload = vi.fn();
    const { unmount } = await render(
      <DisputeThread
        thread={[entry({ kind: 'attachment', body: 'delivery-note.png', attachment_id: attachment.id })]}
        attachments={[attachment]}
        onDownload={onDownload}
      />,
    );
    await click(byText('Download delivery-note.png', 'button'));
    expect(onDownload).toHaveBeenCalledWith(attachment);
    unmount();
  });
});
