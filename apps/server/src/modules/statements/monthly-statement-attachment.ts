// Issue 29: the PDF a monthly statement e-mail carries, drawn when the outbox sends the message, as the user it goes
// to (their accounts now: an account unlinked since is refused, and the message fails rather than leak it), in the
// recipient's language, with the default theme's logo.
import { toErpDate } from '@portal/domain';
import { isLanguage } from '@portal/i18n';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { loadUnicodeFont } from '../../connectors/erp/ledger/invoice-pdf';
import { users } from '../../db/schema';
import type { MailAttachment } from '../mail/send-due-mail';
import type { MonthlyStatementMailPayload } from '../mail/scheduling-mail';
import { buildStatement } from './build-statement';
import { statementBranding } from './statement-branding';
import { statementPdf } from './statement-pdf';

export async function monthlyStatementAttachment(
  ctx: AppContext,
  message: { template: string; language: string; payload: Record<string, unknown> },
): Promise<MailAttachment[]> {
  if (message.template !== 'monthly_statement') return [];
  const payload = message.payload as unknown as MonthlyStatementMailPayload;
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
  const language = isLanguage(message.language) ? message.language : 'en';
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
      filename: `Statement-${number}-${payload.date_from.slice(0, 7)}.pdf`,
      content: Buffer.concat(chunks),
      contentType: 'application/pdf',
    },
  ];
}
