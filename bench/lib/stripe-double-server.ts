// Stripe's test double as a process of its own for the benches (startProcess: 'ready' with its port, stopped when
// the bench disconnects), so that its work is not the bench client's or the portal's CPU.
import { startStripeDouble } from '../../apps/server/src/connectors/gateway/stripe/double/stripe-double';

const double = await startStripeDouble({ port: 0, webhookSecret: 'whsec_bench', processingSettleMs: 0 });
process.on('disconnect', () => {
  void double.close().then(() => process.exit(0));
});
process.send?.({ type: 'ready', port: double.port, pids: [process.pid] });
