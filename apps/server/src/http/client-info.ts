// Who is calling, as the audit trail and the sign-in limits record it.
import type { FastifyRequest } from 'fastify';
import type { Language } from '@portal/i18n';

export type ClientInfo = { ip: string; userAgent: string | undefined; requestId: string; language?: Language };

export function clientInfo(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    requestId: request.id,
    language: request.language,
  };
}
