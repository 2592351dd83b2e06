import type { GatewayEventView } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { gatewayEventState, webhookAddress } from './gateway-status';

const event = (overrides: Partial<GatewayEventView> = {}): GatewayEventView => ({
  id: 'evt_1',
  type: 'payment_intent.succeeded',
  received_at: '2026-03-02T10:00:00.000Z',
  processed_at: null,
  attempts: 1,
  last_error: '',
  ...overrides,
});

describe('webhookAddress', () => {
  it("puts the webhook's path after the portal's origin", () => {
    expect(webhookAddress('/api/gateway/stripe/webhook', 'https://pay.example.com')).toBe(
      'https://pay.example.com/api/gateway/stripe/webhook',
    );
  });

  it('keeps the API base the browser calls, relative or absolute, without doubling a slash', () => {
    expect(webhookAddress('/api/gateway/stripe/webhook', 'https://pay.example.com', '/portal/')).toBe(
      'https://pay.example.com/portal/api/gateway/stripe/webhook',
    );
    expect(webhookAddress('/api/gateway/stripe/webhook', 'https://pay.example.com', 'https://api.example.com')).toBe(
      'https://api.example.com/api/gateway/stripe/webhook',
    );
  });
});

describe('gatewayEventState', () => {
  it('reads an event with a processing time as processed, even one that failed before', () => {
    expect(gatewayEventState(event({ processed_at: '2026-03-02T10:00:01.000Z', attempts: 3 }), [event()])).toBe(
      'processed',
    );
  });

  it('reads an unprocessed event the server lists as failed as failed', () => {
    expect(gatewayEventState(event({ attempts: 8 }), [event({ id: 'evt_0' }), event({ attempts: 8 })])).toBe('failed');
  });

  it('reads any other unprocessed event as waiting for its next try', () => {
    expect(gatewayEventState(event({ attempts: 2, last_error: 'ERP down' }), [event({ id: 'evt_0' })])).toBe('waiting');
  });
});
