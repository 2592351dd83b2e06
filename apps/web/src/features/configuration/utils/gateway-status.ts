// What the System tab's payment provider section derives from GET /api/system/gateway (issue 36 §4).
import type { GatewayEventView, GatewayStatusResponse } from '@portal/contracts';

export type GatewayEventState = 'processed' | 'failed' | 'waiting';

/**
 * Where the provider must send its events: the portal's own address and the path the server names. The API may
 * live under a base of its own (VITE_API_BASE_URL, relative or absolute), which the browser's calls go to as well.
 */
export function webhookAddress(webhookPath: string, origin: string, apiBase = ''): string {
  return new URL(`${apiBase.replace(/\/+$/, '')}${webhookPath}`, origin).href;
}

/**
 * An event is processed once it has a processing time; one without is failed when the server lists it so (its
 * retries spent), else it waits for its next try.
 */
export function gatewayEventState(
  event: GatewayEventView,
  failed: GatewayStatusResponse['failed_events'],
): GatewayEventState {
  if (event.processed_at) return 'processed';
  return failed.some((entry) => entry.id === event.id) ? 'failed' : 'waiting';
}
