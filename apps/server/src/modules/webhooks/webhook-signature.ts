// Standard Webhooks signing (https://www.standardwebhooks.com): a secret is `whsec_` and the base64 of 32 random
// bytes; a message is signed as `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed by the
// secret's bytes (the base64 after the prefix), so that receivers can verify it with the specification's libraries.
import { createHmac, randomBytes } from 'node:crypto';
import { webhookSecretPrefix } from '@portal/contracts';

/** A new signing secret: 256 bits of randomness. */
export function generateWebhookSecret(): string {
  return `${webhookSecretPrefix}${randomBytes(32).toString('base64')}`;
}

export type SignedHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** The three headers of one attempt; `at` becomes the timestamp in unix seconds. */
export function signWebhook(secret: string, messageId: string, at: Date, body: string): SignedHeaders {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.slice(webhookSecretPrefix.length), 'base64');
  const signature = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
