// Self-registration routes (issue 13). The account proof shares the guest lookup's limiter (app.ts).
import type { FastifyInstance } from 'fastify';
import {
  confirmRegistration as confirmRegistrationRoute,
  registerUser as registerUserRoute,
  registrationSettings,
  resendConfirmation as resendConfirmationRoute,
  validateAccount,
} from '@portal/contracts';
import { clientInfo } from '../../http/client-info';
import { createKeyedLimiter } from '../../http/keyed-limiter';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import type { GuestLookupLimiter } from '../guest-payment/guest-lookup-limiter';
import { confirmRegistration } from './confirm-registration';
import { getRegistrationSettings } from './get-registration-settings';
import { proveAccount, signAccountProof } from './prove-account';
import { registerUser } from './register-user';
import { assertRegistrationOn } from './registration-settings';
import { resendConfirmation } from './resend-confirmation';

export async function registrationRoutes(
  app: FastifyInstance,
  { limiter }: { limiter: GuestLookupLimiter },
): Promise<void> {
  const { ctx } = app;
  const registrationsPerAddress = createKeyedLimiter(app, {
    name: 'registration:address',
    max: 10,
    windowSeconds: 900,
  });
  // Each registration mails its address: at most 10 per address named per 15 minutes, from anywhere (issue 16).
  const registrationsPerEmail = createKeyedLimiter(app, { name: 'registration:email', max: 10, windowSeconds: 900 });
  const resendsPerUser = createKeyedLimiter(app, { name: 'confirmation-resend:user', max: 3, windowSeconds: 900 });

  addRoute(app, registrationSettings, () => getRegistrationSettings(ctx));

  addRoute(app, validateAccount, async ({ body, request }) => {
    await assertRegistrationOn(ctx);
    const fields = await proveAccount(ctx, body, clientInfo(request), (account) => limiter.hit(request, account));
    return { account: signAccountProof(ctx, fields) };
  });

  addRoute(app, registerUserRoute, async ({ body, request }) => {
    await registrationsPerAddress(request, request.ip);
    await registrationsPerEmail(request, body.email.trim().toLowerCase());
    return registerUser(ctx, body, { ...clientInfo(request), language: request.language });
  });

  addRoute(app, confirmRegistrationRoute, ({ params, request }) =>
    confirmRegistration(ctx, params.id, clientInfo(request)),
  );

  addRoute(app, resendConfirmationRoute, async ({ request }) => {
    const actor = requireActor(request.actor);
    await resendsPerUser(request, String(actor.userId));
    return resendConfirmation(ctx, actor);
  });
}
