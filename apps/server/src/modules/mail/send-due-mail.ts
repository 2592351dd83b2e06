// One round of the outbox job: lease the messages that are due (SKIP LOCKED: two instances never take one), render
// each in its recipient's language, send it over SMTP and mark it. A 4xx reply or a connection failure is retried
// with backoff (8 tries over about a day); a 5xx reply is final. The last reply is kept for the Sent e-mail page.
// Without a transport nothing is leased: messages stay queued, unattempted, for an administrator to read.
import type { AppContext } from '../../app-context';
import { leaseDueMail, markMailFailed, markMailRetry, markMailSent, type OutboxRow } from './mail.repository';
import { renderOutboxMessage } from './render-outbox-message';

/** Waits after try 1..7; the 8th failed try is final. About 22 hours from the first try to the last. */
export const retryDelaysMs = [60_000, 300_000, 900_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000];
export const maxMailAttempts = retryDelaysMs.length + 1;

/** Longer than one SMTP exchange may take (connection, greeting and socket time-outs). */
const leaseMs = 120_000;

export type MailRound = { sent: number; retried: number; failed: number };

type SmtpError = Error & { responseCode?: number; response?: string; code?: string };

/** A file a message carries, drawn when it is sent (issue 29: the monthly statement's PDF). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type MailAttachments = (row: OutboxRow) => Promise<MailAttachment[]>;

export async function sendDueMail(
  ctx: Pick<AppContext, 'db' | 'config' | 'secrets' | 'mail' | 'now'>,
  options: {
    limit?: number;
    log?: (entry: Record<string, unknown>, message: string) => void;
    /** The files of a message, by its template and payload; none when absent. */
    attachments?: MailAttachments;
  } = {},
): Promise<MailRound> {
  const round: MailRound = { sent: 0, retried: 0, failed: 0 };
  const transport = await ctx.mail.transport();
  if (!transport.transporter) return round;
  const due = await leaseDueMail(ctx.db, ctx.now(), leaseMs, options.limit ?? 20);
  for (const row of due) {
    const outcome = await sendOne(ctx, row, transport, options.attachments);
    round[outcome]++;
    options.log?.({ mailId: row.id, template: row.template, attempt: row.attempts, outcome }, 'mail outbox');
  }
  return round;
}

async function sendOne(
  ctx: Pick<AppContext, 'db' | 'secrets' | 'now'>,
  row: OutboxRow,
  transport: Awaited<ReturnType<AppContext['mail']['transport']>>,
  attachments: MailAttachments | undefined,
): Promise<keyof MailRound> {
  let subject = row.subject;
  try {
    const message = await renderOutboxMessage(ctx, row);
    subject = message.subject;
    if (!message.isEnabled) {
      await markMailFailed(ctx.db, row.id, { subject, reply: 'not sent: this e-mail type is disabled' });
      return 'failed';
    }
    const to = transport.overrideEmail || row.recipient;
    const files = attachments ? await attachments(row) : [];
    const info = await transport.transporter!.sendMail({
      from: transport.from,
      to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers: { 'Auto-Submitted': 'auto-generated' },
      ...(files.length > 0 ? { attachments: files } : {}),
    });
    await markMailSent(ctx.db, row.id, { at: ctx.now(), sentTo: to, subject, reply: String(info.response ?? '') });
    return 'sent';
  } catch (cause) {
    const error = cause as SmtpError;
    const reply = (error.response ?? `${error.code ?? 'error'}: ${error.message}`).slice(0, 1000);
    const permanent = typeof error.responseCode === 'number' && error.responseCode >= 500;
    if (permanent || row.attempts >= maxMailAttempts) {
      await markMailFailed(ctx.db, row.id, { subject, reply });
      return 'failed';
    }
    const delay = retryDelaysMs[Math.min(row.attempts, retryDelaysMs.length) - 1] ?? retryDelaysMs[0]!;
    await markMailRetry(ctx.db, row.id, { nextAttemptAt: new Date(ctx.now().getTime() + delay), subject, reply });
    return 'retried';
  }
}
