// The app's mail side: the transport in force (mail-transport.ts, one cache per app) and a nudge that makes the
// outbox job send at once what a request just queued, instead of at its next poll.
import {
  closeMailTransports,
  resolveMailTransport,
  type MailTransport,
  type MailTransportDeps,
  type TransportCache,
} from './mail-transport';

export type Mailer = {
  transport: () => Promise<MailTransport>;
  /** Call after the transaction that queued a message has committed. */
  kick: () => void;
  /** The outbox job registers what a kick runs. */
  onKick: (handler: () => void) => void;
  close: () => void;
};

export function createMailer(ctx: MailTransportDeps): Mailer {
  const cache: TransportCache = new Map();
  let handler: (() => void) | undefined;
  return {
    transport: () => resolveMailTransport(ctx, cache),
    kick: () => handler?.(),
    onKick: (next) => {
      handler = next;
    },
    close: () => closeMailTransports(cache),
  };
}
