// Admin recovery (issue 13): 10 tries per 15 minutes per client address and 10 per account named (issue 16: from
// any address), then 429, counted before anything else.
import type { FastifyInstance } from 'fastify';
import { adminRecovery, adminRecoveryStatus } from '@portal/contracts';
import { clientInfo } from '../../http/client-info';
import { createKeyedLimiter } from '../../http/keyed-limiter';
import { addRoute } from '../../http/routes';
import { assertRecoveryConfigured, recoverAdmin } from './recover-admin';

export async function adminRecoveryRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const triesPerAddress = createKeyedLimiter(app, { name: 'admin-recovery:address', max: 10, windowSeconds: 900 });
  const triesPerUser = createKeyedLimiter(app, { name: 'admin-recovery:user', max: 10, windowSeconds: 900 });

  addRoute(app, adminRecoveryStatus, () => {
    assertRecoveryConfigured(ctx);
    return { configured: true as const };
  });

  addRoute(app, adminRecovery, async ({ body, request }) => {
    assertRecoveryConfigured(ctx);
    await triesPerAddress(request, request.ip);
    await triesPerUser(request, body.user.trim().toLowerCase());
    return recoverAdmin(ctx, body, { ...clientInfo(request), language: request.language });
  });
}
