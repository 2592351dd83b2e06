// The profile page's own call (issue 13); the profile itself is POST /api/token/getuseraccounts (auth module).
import type { FastifyInstance } from 'fastify';
import {
  linkAccountByInvoice as linkAccountByInvoiceRoute,
  putMonthlyStatement,
  putPaymentReminders,
} from '@portal/contracts';
import { setMonthlyStatement } from './set-monthly-statement';
import { setPaymentReminders } from './set-payment-reminders';
import { clientInfo } from '../../http/client-info';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import type { GuestLookupLimiter } from '../guest-payment/guest-lookup-limiter';
import { linkAccountByInvoice } from './link-account-by-invoice';

export async function profileRoutes(app: FastifyInstance, { limiter }: { limiter: GuestLookupLimiter }): Promise<void> {
  const { ctx } = app;
  addRoute(app, linkAccountByInvoiceRoute, ({ params, body, request }) =>
    linkAccountByInvoice(ctx, requireActor(request.actor), params.id, body, clientInfo(request), (account) =>
      limiter.hit(request, account),
    ),
  );
  addRoute(app, putMonthlyStatement, ({ body, request }) =>
    setMonthlyStatement(ctx, requireActor(request.actor), body.monthly_statement),
  );
  addRoute(app, putPaymentReminders, ({ body, request }) =>
    setPaymentReminders(ctx, requireActor(request.actor), body.payment_reminders),
  );
}
