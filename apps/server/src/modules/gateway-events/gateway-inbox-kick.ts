// The nudge of the inbox job (jobs/gateway-inbox.ts): an event kept by the webhook is processed at once by this
// instance instead of at the next poll. Without a running job (tests, a CLI) the kick does nothing.
import type { AppContext } from '../../app-context';

const kicks = new WeakMap<AppContext, () => void>();

export function onGatewayInboxKick(ctx: AppContext, kick: () => void): () => void {
  kicks.set(ctx, kick);
  return () => kicks.delete(ctx);
}

export function kickGatewayInbox(ctx: AppContext): void {
  kicks.get(ctx)?.();
}
