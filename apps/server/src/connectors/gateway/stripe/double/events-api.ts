// /v1/events: what a portal reads to catch up on webhooks it missed, filtered by type like Stripe's.
import type { DoubleContext } from './double-context';
import { noSuch } from './double-errors';
import { json, route, type Route } from './double-router';
import { expand, listPage } from './double-store';
import type { Params } from './request-params';

export function eventRoutes(ctx: DoubleContext): Route[] {
  return [
    route('GET', '/v1/events', 'secret', (call) => {
      call.params.allowOnly([
        'type',
        'types',
        'created',
        'limit',
        'starting_after',
        'ending_before',
        'delivery_success',
      ]);
      const type = call.params.string('type');
      const types = call.params.stringArray('types');
      // Stripe's `type` takes a trailing wildcard (`payment_intent.*`).
      const matchesType = (eventType: string) =>
        (!type || (type.endsWith('*') ? eventType.startsWith(type.slice(0, -1)) : eventType === type)) &&
        (!types || types.includes(eventType));
      const delivered = call.params.boolean('delivery_success');
      const created = createdRange(call.params);
      const events = ctx.events
        .all()
        .filter((event) => matchesType(event.type) && created(event.created))
        .filter((event) => delivered === undefined || (event.pending_webhooks === 0) === delivered);
      return json(expand(listPage(events, call.params, '/v1/events'), call.params.expand(), ctx.store));
    }),
    route('GET', '/v1/events/:id', 'secret', (call) => {
      call.params.allowOnly([]);
      const id = call.pathParams.id ?? '';
      const event = ctx.events.get(id);
      if (!event) throw noSuch('event', id, { param: 'id', inPath: true });
      return json(structuredClone(event));
    }),
  ];
}

/** Stripe's `created` filter: an exact time (`created=…`) or a range (`created[gte]=…`, gt, lt, lte), in unix seconds. */
function createdRange(params: Params): (created: number) => boolean {
  if (!params.has('created')) return () => true;
  const range = params.values.created;
  if (typeof range === 'string') {
    const exactly = params.integer('created', { min: 0 });
    return (created) => exactly === undefined || created === exactly;
  }
  const bounds = params.object('created')?.allowOnly(['gt', 'gte', 'lt', 'lte']);
  const gt = bounds?.integer('gt');
  const gte = bounds?.integer('gte');
  const lt = bounds?.integer('lt');
  const lte = bounds?.integer('lte');
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
}
