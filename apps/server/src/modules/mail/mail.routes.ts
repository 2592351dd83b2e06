// The Sent e-mail page's calls and the template editor's two calls (issue 13; the editor screen is the
// configuration issue's). Administrators only (CanEditSystemConfig).
import type { FastifyInstance } from 'fastify';
import {
  getEmailConfig,
  getOutboxMessage,
  listOutbox,
  previewEmailTemplate as previewEmailTemplateRoute,
  putEmailConfig,
  smtpTest,
} from '@portal/contracts';
import { clientInfo } from '../../http/client-info';
import { previewEmailTemplate } from './email-preview';
import { sendSmtpTest } from './smtp-test';
import { AppError } from '../../errors';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { readEmailConfig, saveEmailConfig } from './email-templates';
import { findOutboxRow, listOutboxRows, type OutboxRow } from './mail.repository';
import { renderOutboxMessage } from './render-outbox-message';

function toMessage(row: OutboxRow) {
  return {
    id: row.id,
    template: row.template,
    recipient: row.recipient,
    language: row.language,
    status: row.status,
    subject: row.subject,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    next_attempt_at: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
    sent_at: row.sentAt?.toISOString() ?? null,
    sent_to: row.sentTo,
    last_reply: row.lastError,
  };
}

export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  addRoute(app, listOutbox, async ({ query }) => {
    const [transport, rows] = await Promise.all([ctx.mail.transport(), listOutboxRows(ctx.db, query)]);
    return {
      transport: transport.kind,
      messages: rows.map(toMessage),
      next_before: rows.length === query.limit ? rows[rows.length - 1]!.id : null,
    };
  });

  addRoute(app, getOutboxMessage, async ({ params }) => {
    const row = await findOutboxRow(ctx.db, params.id);
    if (!row) throw new AppError('NOT_FOUND');
    const rendered = await renderOutboxMessage(ctx, row);
    return { ...toMessage(row), subject: rendered.subject, html: rendered.html, text: rendered.text };
  });

  addRoute(app, getEmailConfig, ({ params }) => readEmailConfig(ctx, params.key));
  addRoute(app, putEmailConfig, ({ params, body, request }) =>
    saveEmailConfig(ctx, params.key, body, requireActor(request.actor).userId),
  );
  addRoute(app, previewEmailTemplateRoute, ({ params, body }) => previewEmailTemplate(ctx, params.key, body));
  addRoute(app, smtpTest, ({ body, request }) =>
    sendSmtpTest(ctx, requireActor(request.actor), body.testEmail, clientInfo(request)),
  );
}
