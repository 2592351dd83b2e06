// The loop of the jobs that drain a table in rounds (the webhook outbox, the payment provider's events): a round
// every interval and at once when kicked; rounds never overlap within an instance (rows are leased across
// instances); a round that came back full is followed by another at once; stopped after the round in flight.
import type { FastifyBaseLogger } from 'fastify';

export type RoundJob = {
  /** Milliseconds between rounds; 0: only when kicked. */
  intervalMs: number;
  /** Registers the kick; answers how to unregister it. */
  onKick: (kick: () => void) => () => void;
  /** One round; true when it came back full (another round follows at once). */
  round: () => Promise<boolean>;
  log: FastifyBaseLogger;
  /** For the log line of a round that failed. */
  name: string;
};

export function startRoundJob(job: RoundJob): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let queued = false;
  let stopped = false;
  const runRound = () => {
    if (queued || stopped) return;
    queued = true;
    running = running.then(async () => {
      queued = false;
      try {
        while (!stopped && (await job.round()));
      } catch (error) {
        job.log.error({ err: error }, `${job.name} round failed`);
      }
    });
  };
  const stopKicks = job.onKick(runRound);
  const timer = job.intervalMs > 0 ? setInterval(runRound, job.intervalMs) : undefined;
  timer?.unref();
  runRound();
  return async () => {
    stopped = true;
    stopKicks();
    if (timer) clearInterval(timer);
    await running;
  };
}
