// POST /api/configuration/smtp-test (access spec §7; issue 15): one message sent now through the transport in
// force (the saved SMTP settings, else SMTP_URL), not through the outbox, so that the administrator reads the
// server's own answer: its reply to the message, or the error (refused, unreachable, authentication). Audited.
import { isValidEmail } from '@portal/domain';
import { translate, type Language } from '@portal/i18n';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';

export async function sendSmtpTest(
  ctx: AppContext,
  actor: Actor,
  testEmail: string,
  client: ClientInfo,
): Promise<{ sent: boolean; reply: string }> {
  const to = testEmail.trim().toLowerCase();
  if (!isValidEmail(to)) {
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'validation.invalid_email',
      details: { fields: ['testEmail'] },
    });
  }
  const language: Language = client.language ?? 'en';
  const transport = await ctx.mail.transport();
  let result: { sent: boolean; reply: string };
  if (!transport.transporter) {
    result = { sent: false, reply: translate(language, undefined, 'configuration.email.no_transport') };
  } else {
    try {
      const info = await transport.transporter.sendMail({
        from: transport.from,
        to,
        subject: translate(language, undefined, 'configuration.email.test_subject'),
        text: translate(language, undefined, 'configuration.email.test_body'),
      });
      result = { sent: true, reply: String(info.response ?? '') };
    } catch (error) {
      const failure = error as { response?: string; message?: string };
      result = { sent: false, reply: failure.response ?? failure.message ?? String(error) };
    }
  }
  await recordAuditEvent(ctx.db, {
    at: ctx.now(),
    event: 'smtp_test',
    userId: actor.impersonator?.userId ?? actor.userId,
    subject: to,
    ip: client.ip,
    userAgent: client.userAgent,
    requestId: client.requestId,
    details: { transport: transport.kind, ...result },
  });
  return result;
}
