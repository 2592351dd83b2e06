// The sandbox gateway's own router: its hosted frame, the frame's /Ajax post, /Cardinal3DSWithToken and the
// challenge page. Outside /api (it is not the portal's API) and public (the provider's pages are reached by the
// browser without the portal's bearer token; the unguessable access token is what authorises them). Each answer
// carries the sandbox's own strict CSP instead of the portal's.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { resolveLanguage, translate } from '@portal/i18n';
import { z } from 'zod';
import { SANDBOX_BASE_PATH, type SandboxGateway } from './sandbox-gateway';
import { challengePage, disputePage, expiredPage, frameCss, frameJs, framePage } from './sandbox-pages';

const publicRoute = { config: { public: true } } as const;

export async function sandboxGatewayRoutes(
  app: FastifyInstance,
  options: { gateway: SandboxGateway; onDisputeDecided?: () => void },
): Promise<void> {
  const { gateway } = options;
  const portal = gateway.portalOrigin ?? "'self'";

  function withCsp(reply: FastifyReply, kind: 'frame' | 'page' | 'asset'): FastifyReply {
    const directives = [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "connect-src 'self'",
      "img-src 'none'",
      "base-uri 'none'",
      "object-src 'none'",
      // The challenge form answers with a redirect back to the portal: form-action must allow it.
      kind === 'page' ? `form-action 'self' ${portal === "'self'" ? '' : portal}`.trim() : "form-action 'none'",
      // Only the portal may frame the card frame; the challenge page is a top-level page.
      kind === 'frame' ? `frame-ancestors ${portal}` : "frame-ancestors 'none'",
    ];
    reply.removeHeader('x-frame-options');
    return reply
      .header('content-security-policy', directives.join('; '))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer');
  }

  // The challenge and 3-D Secure posts are plain HTML forms (this router's scope only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(`${SANDBOX_BASE_PATH}/frame.js`, publicRoute, async (_request, reply) =>
    withCsp(reply, 'asset').type('text/javascript; charset=utf-8').send(frameJs),
  );
  app.get(`${SANDBOX_BASE_PATH}/frame.css`, publicRoute, async (_request, reply) =>
    withCsp(reply, 'asset').type('text/css; charset=utf-8').send(frameCss),
  );

  app.get(`${SANDBOX_BASE_PATH}/frame`, publicRoute, async (request, reply) => {
    const query = z.object({ access_token: z.string().max(200) }).safeParse(request.query);
    const view = query.success ? await gateway.describeAccessToken(query.data.access_token) : null;
    withCsp(reply, 'frame').type('text/html; charset=utf-8');
    if (!view || view.paymentMethod === 'TO')
      return reply.status(404).send(expiredPage(resolveLanguage(request.headers['accept-language'])));
    return reply.send(framePage(view, gateway.portalOrigin));
  });

  // The frame posts the number here. The body is never logged (Fastify logs no bodies; nothing here logs it).
  app.post(`${SANDBOX_BASE_PATH}/Ajax`, publicRoute, async (request, reply) => {
    withCsp(reply, 'asset');
    const body = z
      .object({
        access_token: z.string().max(200),
        card_type: z.string().max(10).optional(),
        card_number: z.string().max(40).optional(),
        card_validation_code: z.string().max(10).optional(),
        expiration_month: z.string().max(2).optional(),
        expiration_year: z.string().max(4).optional(),
        electronic_check_account_type: z.string().max(1).optional(),
        electronic_check_rdfi_number: z.string().max(20).optional(),
        account_number: z.string().max(40).optional(),
      })
      .safeParse(request.body);
    if (!body.success) return reply.status(400).send({ ok: false, errors: {} });
    const view = await gateway.describeAccessToken(body.data.access_token);
    const language = resolveLanguage(view?.language ?? 'en');
    const outcome = await gateway.tokenize(body.data.access_token, body.data);
    if (outcome.ok) return { ok: true };
    const errors: Record<string, string> = {};
    for (const [field, key] of Object.entries(outcome.errors)) errors[field] = translate(language, undefined, key);
    return { ok: false, errors };
  });

  // spec §7: the browser posts the token packet here (a top-level form post); frictionless cards go straight back
  // to redirect_uri?id=..., challenge cards to the issuer's page first.
  app.post(`${SANDBOX_BASE_PATH}/Cardinal3DSWithToken`, publicRoute, async (request, reply) => {
    withCsp(reply, 'page');
    const body = z.object({ access_token: z.string().max(200) }).safeParse(request.body);
    const step = body.success ? await gateway.startThreeDSecure(body.data.access_token) : null;
    if (!step || !body.success) return reply.status(404).type('text/html; charset=utf-8').send(expiredPage('en'));
    if (step.next === 'return') return reply.redirect(step.redirectUri, 303);
    return reply.redirect(
      `${SANDBOX_BASE_PATH}/challenge?access_token=${encodeURIComponent(body.data.access_token)}`,
      303,
    );
  });

  app.get(`${SANDBOX_BASE_PATH}/challenge`, publicRoute, async (request, reply) => {
    withCsp(reply, 'page').type('text/html; charset=utf-8');
    const query = z.object({ access_token: z.string().max(200) }).safeParse(request.query);
    const view = query.success ? await gateway.describeAccessToken(query.data.access_token) : null;
    if (!view || view.paymentMethod !== 'TO') return reply.status(404).send(expiredPage('en'));
    return reply.send(challengePage(view));
  });

  app.post(`${SANDBOX_BASE_PATH}/challenge`, publicRoute, async (request, reply) => {
    withCsp(reply, 'page');
    const body = z
      .object({ access_token: z.string().max(200), code: z.string().max(20).default(''), outcome: z.string().max(10) })
      .safeParse(request.body);
    const back = body.success
      ? await gateway.completeChallenge(body.data.access_token, {
          code: body.data.code,
          cancelled: body.data.outcome === 'cancel',
        })
      : null;
    if (!back) return reply.status(404).type('text/html; charset=utf-8').send(expiredPage('en'));
    return reply.redirect(back, 303);
  });

  // Issue 37: the dispute page, the provider's own place for evidence (the portal links to it). Its id is unguessable
  // (dp_ and 24 random hex digits) and it is test money only; a real provider's page sits behind its dashboard login.
  const disputeId = z.object({ id: z.string().regex(/^dp_[0-9a-f]{24}$/) });
  const languageOf = (request: { headers: Record<string, unknown> }) =>
    resolveLanguage(String(request.headers['accept-language'] ?? 'en').slice(0, 2));

  app.get(`${SANDBOX_BASE_PATH}/disputes/:id`, publicRoute, async (request, reply) => {
    withCsp(reply, 'page').type('text/html; charset=utf-8');
    const language = languageOf(request);
    const params = disputeId.safeParse(request.params);
    const dispute = params.success ? await gateway.events.findDispute(params.data.id) : null;
    if (!dispute) return reply.status(404).send(expiredPage(language));
    return reply.send(disputePage(dispute, language));
  });

  app.post(`${SANDBOX_BASE_PATH}/disputes/:id`, publicRoute, async (request, reply) => {
    withCsp(reply, 'page');
    const params = disputeId.safeParse(request.params);
    const body = z.object({ outcome: z.enum(['won', 'lost']) }).safeParse(request.body);
    if (!params.success || !body.success)
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(expiredPage(languageOf(request)));
    await gateway.events.decideDispute(params.data.id, body.data.outcome);
    // The portal hears of it at its inbox job's next round (it asks the sandbox for due events).
    options.onDisputeDecided?.();
    return reply.redirect(`${SANDBOX_BASE_PATH}/disputes/${params.data.id}`, 303);
  });
}
