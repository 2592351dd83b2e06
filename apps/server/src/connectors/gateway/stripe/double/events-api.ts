// /v1/events: what a portal reads to catch up on webhooks it missed, filtered by type like Stripe's.
import type { DoubleContext } from './double-context';
import { noSuch } from './double-errors';
import { json, route, type Route } from './double-router';
import { expand, listPage } from './double-store';

export function eventRoutes(ctx: DoubleContext): Route[] {
  return [
    route('GET', '/v1/events', 'secret', (call) => {
      call.params.allowOnly(['type', 'types', 'limit', 'starting_after', 'ending_before', 'delivery_success']);
      const type = call.params.string('type');
      const types = call.params.stringArray('types');
      // Stripe's `type` takes a trailing wildcard (`payment_intent.*`).
      const matchesType = (eventType: string) =>
        (!type || (type.endsWith('*') ? eventType.startsWith(type.slice(0, -1)) : eventType === type)) &&
        (!types || types.includes(eventType));
      const delivered = call.params.boolean('delivery_success');
      const events = ctx.events
        .all()
        .filter((event) => matchesType(event.type))
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
