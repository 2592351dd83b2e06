import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { footerLinks, health, publicConfig, ready } from '@portal/contracts';
import { AppError } from '../../errors';
import { addRoute } from '../../http/routes';
import { appVersion } from '../../version';
import { readApplicationSettings } from './application-settings';

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  addRoute(app, health, () => ({ status: 'ok' as const, version: appVersion, event_loop: app.eventLoop.report() }));

  addRoute(app, ready, async () => {
    // Issue 35: a loop blocked a moment ago may block again; the load balancer sends the next requests elsewhere.
    if (app.eventLoop.blockedLately()) throw new AppError('SERVICE_UNAVAILABLE', { reason: 'event_loop_blocked' });
    try {
      await ctx.db.execute(sql`select 1`);
    } catch (cause) {
      throw new AppError('SERVICE_UNAVAILABLE', { cause });
    }
    return { status: 'ready' as const };
  });

  addRoute(app, publicConfig, async () => {
    const settings = await readApplicationSettings(ctx.db);
    return {
      allowRegistration: settings.allowRegistration,
      allowGuestPayment: settings.allowGuestPayment,
      companyName: settings.companyName,
      version: appVersion,
      paymentGateway: {
        provider: ctx.gateway.provider,
        mode: ctx.gateway.mode,
        authentication: ctx.gateway.authentication,
        publishableKey: ctx.gateway.publishableKey ?? '',
      },
    };
  });

  addRoute(app, footerLinks, async () => {
    const { privacyPolicy, termsAndConditions, contactUs } = await readApplicationSettings(ctx.db);
    return { privacyPolicy, termsAndConditions, contactUs };
  });
}
