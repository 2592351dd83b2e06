// Issue 29: the PDF a monthly statement e-mail carries, drawn when the outbox sends the message, as the user it goes
// to (their accounts now: an account unlinked since is refused, and the message fails rather than leak it), in the
// recipient's language, with the default theme's logo. Issue 38: a reminder whose step attaches the statement, the same way.
import { addIsoDays, toErpDate } from '@portal/domain';
import { isLanguage } from '@portal/i18n';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { loadUnicodeFont } from '../../connectors/erp/ledger/invoice-pdf';
import { users } from '../../db/schema';
import type { MailAttachment } from '../mail/send-due-mail';
import type { MonthlyStatementMailPayload } from '../mail/scheduling-mail';
import type { ReminderMailPayload } from '../mail/reminder-mail';
import { reminderMailTemplates } from '../mail/reminder-mail-values';
import { buildStatement } from './build-statement';
import { statementBranding } from './statement-branding';
import { statementPdf } from './statement-pdf';

export async function monthlyStatementAttachment(
  ctx: AppContext,
  message: { template: string; language: string; payload: Record<string, unknown> },
): Promise<MailAttachment[]> {
  if (reminderMailTemplates.has(message.template)) return reminderStatementAttachment(ctx, message);
  if (message.template !== 'monthly_statement') return [];
  const payload = message.payload as unknown as MonthlyStatementMailPayload;
  return statementAttachment(ctx, message.language, payload);
}

/**
 * Issue 38: a reminder of a step that attaches the statement carries the account's last 90 days to the day it was
 * sent, drawn the same way (as the user, in the user's language).
 */
async function reminderStatementAttachment(
  ctx: AppContext,
  message: { language: string; payload: Record<string, unknown> },
): Promise<MailAttachment[]> {
  const payload = message.payload as unknown as ReminderMailPayload;
  if (!payload.attach_statement) return [];
  return statementAttachment(ctx, message.language, {
    user_id: payload.user_id,
    payer_data: payload.payer_data,
    date_from: addIsoDays(payload.as_of, -89),
    date_to: payload.as_of,
  });
}

async function statementAttachment(
  ctx: AppContext,
  messageLanguage: string,
  payload: Pick<MonthlyStatementMailPayload, 'user_id' | 'payer_data' | 'date_from' | 'date_to'>,
): Promise<MailAttachment[]> {
  const [user] = await ctx.db
    .select({ userId: users.userId, accessVersion: users.accessVersion })
    .from(users)
    .where(eq(users.userId, payload.user_id));
  if (!user) throw new Error('the statement’s user no longer exists');
  const source = await buildStatement(ctx, user, {
    payer_data: payload.payer_data,
    soldto_data: [],
    date_from: toErpDate(payload.date_from) ?? '',
    date_to: toErpDate(payload.date_to) ?? '',
  });
  const language = isLanguage(messageLanguage) ? messageLanguage : 'en';
  const stream = statementPdf(source, {
    language,
    country: undefined,
    branding: await statementBranding(ctx, ''),
    unicodeFont: loadUnicodeFont(ctx.config.PDF_UNICODE_FONT),
  });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const number = payload.payer_data.customer_number.replace(/^0+(?=\d)/, '');
  return [
    {
      filename: `Statement-${number}-${payload.date_to.slice(0, 7)}.pdf`,
      content: Buffer.concat(chunks),
      contentType: 'application/pdf',
    },
  ];
}
