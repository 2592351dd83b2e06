// Issue 27 §3, webhooks in Settings → Integration as an administrator uses them: add an endpoint pointing at a
// receiver this test runs (on 127.0.0.1: e2e/run.mjs starts the portal with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true),
// read its secret once, send a test event and verify its signature with the Standard Webhooks library, see it
// delivered in the delivery log, resend it, disable and enable the endpoint, rotate the secret (the old one no
// longer verifies), and delete the endpoint. axe runs on every state at 1280 and at 375 px (fixtures.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { checkA11y, expect, signIn, test } from '../fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

type Received = { headers: http.IncomingHttpHeaders; body: string };

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/${Date.now()}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const verify = (secret: string, received: Received) =>
  new Webhook(secret).verify(received.body, received.headers as Record<string, string>);

test('an admin adds a webhook endpoint, sends a test event, reads the delivery log, rotates and deletes', async ({
  page,
  baseURL,
  context,
}) => {
  // One long story with axe at two widths on most of its states.
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const receiver = await startReceiver();
  try {
    await signIn(page, 'admin@example.com');
    await page.goto('/settings/integration');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();
    await checkA11y(page);

    // The form says what is missing, and what is wrong with a URL, before anything is sent.
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('Enter the endpoint URL.')).toBeVisible();
    await expect(dialog.getByText('Choose at least one event.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://erp:secret@erp.example.com/hooks');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('Remove the user name and password from the URL')).toBeVisible();
    await checkA11y(page);

    await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
    await dialog.getByRole('checkbox', { name: /Payment posted/ }).check();
    await dialog.getByRole('checkbox', { name: /Import completed/ }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, once, read-only, copied to the clipboard.
    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(shown.getByTestId('webhook-secret-warning')).toContainText('it is not shown again');
    const field = shown.getByRole('textbox', { name: 'Signing secret' });
    await expect(field).toHaveAttribute('readonly', '');
    const secret = await field.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await shown.getByRole('button', { name: 'Copy secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await checkA11y(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    const row = section.getByTestId('webhooks-table').getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toContainText('Payment posted');
    await expect(row).toContainText('Import completed');
    await expect(row.getByTestId('webhook-state')).toHaveText('Enabled');
    await expect(row.getByTestId('webhook-last-delivery')).toHaveText('None yet');
    await expect(page.getByText(secret)).toHaveCount(0);
    await checkA11y(page);

    // A test event: delivered at once, signed with the secret (verified with the specification's library).
    await row.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
    await expect(page.getByText(/Test event delivered: HTTP 204 in \d+ ms\./)).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    const [test] = receiver.received;
    expect(verify(secret, test!)).toMatchObject({ type: 'webhook.test', data: { sent_by: 'admin@example.com' } });
    await expect(row.getByTestId('webhook-last-delivery')).toContainText('HTTP 204');
    await expect(row).toContainText('0 queued, 1 delivered, 0 failed');

    // The delivery log: the message delivered, its attempt with the status and the time it took.
    await row.getByRole('button', { name: `Delivery log of ${receiver.url}` }).click();
    const log = page.getByRole('dialog', { name: 'Delivery log' });
    await expect(log).toBeVisible();
    const message = log.getByTestId('webhook-message');
    await expect(message).toHaveCount(1);
    await expect(message.getByRole('heading', { name: 'Test event' })).toBeVisible();
    await expect(message.getByTestId('webhook-message-status')).toHaveText('Delivered');
    await expect(message.getByText(test!.headers['webhook-id'] as string)).toBeVisible();
    const attempts = message.getByRole('region', { name: /^Attempts of message msg_/ });
    await expect(attempts.getByRole('row')).toHaveCount(2);
    await expect(attempts.getByRole('row').nth(1)).toContainText('HTTP 204');
    await expect(attempts.getByRole('row').nth(1)).toContainText(/\d+ ms/);
    await checkA11y(page);

    // Resend: the job sends it again at once, with the same webhook-id.
    await message.getByRole('button', { name: /^Resend message/ }).click();
    await expect(page.getByText('Message queued to be sent again.')).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(test!.headers['webhook-id']);
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(attempts.getByRole('row')).toHaveCount(3);
    await expect(message.getByTestId('webhook-message-status')).toHaveText('Delivered');
    await log.getByRole('button', { name: 'Close' }).click();
    await expect(log).toBeHidden();

    // Disable: no test event can be sent; enable again.
    await row.getByRole('button', { name: `More actions for ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await expect(row.getByTestId('webhook-state')).toHaveText('Disabled');
    await expect(row.getByRole('button', { name: `Send test event to ${receiver.url}` })).toBeDisabled();
    await row.getByRole('button', { name: `More actions for ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Enable' }).click();
    await expect(row.getByTestId('webhook-state')).toHaveText('Enabled');

    // Rotate: the new secret once; the next message verifies with it and no longer with the old one.
    await row.getByRole('button', { name: `More actions for ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Rotate secret' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await expect(rotate).toContainText('A new secret replaces the current one at once');
    await checkA11y(page);
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'New signing secret' });
    const newSecret = await rotated.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await row.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
    await expect.poll(() => receiver.received.length).toBe(3);
    expect(verify(newSecret, receiver.received[2]!)).toMatchObject({ type: 'webhook.test' });
    expect(() => verify(secret, receiver.received[2]!)).toThrow();

    // Delete, confirmed first.
    await row.getByRole('button', { name: `More actions for ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await expect(confirm).toContainText(receiver.url);
    await checkA11y(page);
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(confirm).toBeHidden();
    // The fixture checks this last state with axe.
    await expect(row).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
