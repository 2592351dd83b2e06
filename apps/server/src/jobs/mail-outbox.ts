// Runs the mail outbox every MAIL_POLL_INTERVAL_SECONDS on each instance, and at once when a request queued a
// message (mailer.kick). Rounds never overlap within an instance; across instances the rows are leased with
// SKIP LOCKED, so each message is sent by one of them. Stopped by the server's graceful shutdown.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { sendDueMail } from '../modules/mail/send-due-mail';
import { monthlyStatementAttachment } from '../modules/statements/monthly-statement-attachment';

export function startMailOutbox(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let queued = false;
  let stopped = false;
  const runRound = () => {
    if (queued || stopped) return;
    queued = true;
    running = running.then(async () => {
      queued = false;
      try {
        // Keep going while full rounds come back: a burst is sent without waiting for the next poll.
        for (;;) {
          const round = await sendDueMail(ctx, {
            log: (entry, message) => log.info(entry, message),
            attachments: (row) => monthlyStatementAttachment(ctx, row),
          });
          if (stopped || round.sent + round.retried + round.failed < 20) break;
        }
      } catch (error) {
        log.error({ err: error }, 'mail outbox round failed');
      }
    });
  };
  ctx.mail.onKick(runRound);
  const intervalMs = ctx.config.MAIL_POLL_INTERVAL_SECONDS * 1000;
  const timer = intervalMs > 0 ? setInterval(runRound, intervalMs) : undefined;
  timer?.unref();
  runRound();
  return async () => {
    stopped = true;
    if (timer) clearInterval(timer);
    await running;
    ctx.mail.close();
  };
}
