// /v1/disputes: read a dispute, list a charge's, give evidence (POST /v1/disputes/:id) and accept one
// (POST /v1/disputes/:id/close), as the Stripe API does; what each does to the dispute is disputes.ts.
import type Stripe from 'stripe';
import type { DoubleContext } from './double-context';
import { noSuch } from './double-errors';
import { json, route, type ApiCall, type Route } from './double-router';
import { expand, listPage } from './double-store';
import { EVIDENCE_FIELDS, acceptDispute, updateDispute, type EvidenceField } from './disputes';
import { mergeMetadata } from './request-params';

export function disputeRoutes(ctx: DoubleContext): Route[] {
  return [
    route('GET', '/v1/disputes', 'secret', (call) => {
      call.params.allowOnly(['charge', 'payment_intent', 'limit', 'starting_after', 'ending_before']);
      const charge = call.params.string('charge');
      const intent = call.params.string('payment_intent');
      const disputes = [...ctx.store.disputes.values()].filter(
        (dispute) => (!charge || dispute.charge === charge) && (!intent || dispute.payment_intent === intent),
      );
      return json(expand(listPage(disputes, call.params, '/v1/disputes'), call.params.expand(), ctx.store));
    }),
    route('GET', '/v1/disputes/:id', 'secret', (call) => {
      call.params.allowOnly([]);
      return json(expand(disputeOf(ctx, call), call.params.expand(), ctx.store));
    }),
    route('POST', '/v1/disputes/:id', 'secret', (call) => {
      const params = call.params.allowOnly(['evidence', 'metadata', 'submit']);
      const dispute = disputeOf(ctx, call);
      const evidence = params.object('evidence');
      evidence?.allowOnly(EVIDENCE_FIELDS);
      let given: Partial<Record<EvidenceField, string>> | undefined;
      if (evidence) {
        given = {};
        for (const field of EVIDENCE_FIELDS) {
          const value = evidence.string(field, { maxLength: 20_000 });
          if (value !== undefined) given[field] = value;
        }
      }
      updateDispute(ctx, call.request, dispute, {
        evidence: given,
        metadata: mergeMetadata(dispute.metadata, params.metadata()),
        submit: params.boolean('submit') ?? true,
      });
      return json(expand(dispute, call.params.expand(), ctx.store));
    }),
    route('POST', '/v1/disputes/:id/close', 'secret', (call) => {
      call.params.allowOnly([]);
      const dispute = disputeOf(ctx, call);
      acceptDispute(ctx, call.request, dispute);
      return json(expand(dispute, call.params.expand(), ctx.store));
    }),
  ];
}

function disputeOf(ctx: DoubleContext, call: ApiCall): Stripe.Dispute {
  const id = call.pathParams.id ?? '';
  const dispute = ctx.store.disputes.get(id);
  if (!dispute) throw noSuch('dispute', id, { param: 'id', inPath: true });
  return dispute;
}
