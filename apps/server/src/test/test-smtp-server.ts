// A real SMTP server in the test process (smtp-server), so that mail tests exercise the whole exchange: nodemailer
// connects, the server answers (accepts, or refuses with a 4xx or 5xx the test chooses), and the message it got is
// parsed back (mailparser) into subject, HTML and text.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { rememberMailedTokens } from './sensitive-data-scan';

export type ReceivedMail = {
  to: string[];
  from: string;
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

export type TestSmtpServer = {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The reply to the next messages' DATA: null accepts; e.g. { code: 451 } refuses for now, 550 for good. */
  refuseWith: (reply: { code: number; message?: string } | null) => void;
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
};

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusal: { code: number; message?: string } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal) {
          const error = Object.assign(new Error(refusal.message ?? `refused with ${refusal.code}`), {
            responseCode: refusal.code,
          });
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            rememberMailedTokens(`${typeof parsed.html === 'string' ? parsed.html : ''} ${parsed.text ?? ''}`);
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              text: parsed.text ?? '',
              attachments: parsed.attachments.map((file) => ({
                filename: file.filename ?? '',
                contentType: file.contentType,
                content: file.content,
              })),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    refuseWith: (reply) => {
      refusal = reply;
    },
    waitFor: async (count, timeoutMs = 5000) => {
      const started = Date.now();
      while (received.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link of a message's text part that starts with the given address. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s\\]>"]+`).exec(mail.text);
  if (!match) throw new Error(`no link ${prefix} in: ${mail.text}`);
  return match[0];
}
