// The webhook endpoint calls of Settings → Integration (issue 27 §3): list, add (the secret answered once), change,
// delete, rotate the secret, send a test event.
import * as contracts from '@portal/contracts';
import type { WebhookEndpointInput } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const webhookEndpointsQuery = () =>
  queryOptions({
    queryKey: ['integration', 'webhooks'],
    queryFn: ({ signal }) => call(contracts.listWebhookEndpoints, undefined, { signal }),
    // Counts and the last delivery move while the job sends.
    refetchInterval: 15_000,
  });

// Silent: the dialogs say why a call was refused, beside the form.
export const createWebhookEndpoint = (body: WebhookEndpointInput) =>
  call(contracts.createWebhookEndpoint, body, { silent: true });

export const updateWebhookEndpoint = (id: number, body: WebhookEndpointInput) =>
  call(contracts.updateWebhookEndpoint, body, { params: { id } });

export const deleteWebhookEndpoint = (id: number) =>
  call(contracts.deleteWebhookEndpoint, undefined, { params: { id }, silent: true });

export const rotateWebhookSecret = (id: number) =>
  call(contracts.rotateWebhookSecret, undefined, { params: { id }, silent: true });

export const sendWebhookTest = (id: number) => call(contracts.sendWebhookTest, undefined, { params: { id } });
