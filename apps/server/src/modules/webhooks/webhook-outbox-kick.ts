// The nudge of the webhook job (jobs/webhook-outbox.ts): a posting that queued messages calls kickWebhookOutbox after
// its commit, and this instance sends them at once instead of at the next poll. Other instances find them at their
// next poll (WEBHOOK_POLL_INTERVAL_SECONDS). Without a running job (tests, a CLI) the kick does nothing.
import type { AppContext } from '../../app-context';

const kicks = new WeakMap<AppContext, () => void>();

export function onWebhookKick(ctx: AppContext, kick: () => void): () => void {
  kicks.set(ctx, kick);
  return () => kicks.delete(ctx);
}

/** Call after the transaction that queued webhook messages has committed. */
export function kickWebhookOutbox(ctx: AppContext): void {
  kicks.get(ctx)?.();
}
