// The provider's webhook (ADR 0031): the signature is checked on the raw body before anything else, the event is
// kept once by its id, and the answer is 200 as soon as it is kept; processing happens in the inbox job. An event
// without a signature, with a forged one or older than the tolerance is refused (400) and changes nothing; a repeat
// is answered 200 and changes nothing either.
import type { AppContext } from '../../app-context';
import { GatewaySignatureError } from '../../connectors/gateway/payment-gateway';
import { AppError } from '../../errors';
import { keepGatewayEvent } from './gateway-events.repository';
import { kickGatewayInbox } from './gateway-inbox-kick';

export async function receiveGatewayEvent(
  ctx: AppContext,
  provider: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; kept: boolean; id: string }> {
  const events = ctx.gateway.provider === provider ? ctx.gateway.events : undefined;
  // Another provider's path, or one that sends no events: as if the route did not exist.
  if (!events) throw new AppError('NOT_FOUND');
  let event;
  try {
    event = events.verify(rawBody, signature);
  } catch (error) {
    if (error instanceof GatewaySignatureError)
      throw new AppError('VALIDATION_FAILED', { messageKey: 'errors.gateway.signature', cause: error });
    throw error;
  }
  const kept = await keepGatewayEvent(ctx.db, {
    provider,
    id: event.id,
    type: event.type,
    payload: event.payload,
    receivedAt: ctx.now(),
  });
  if (kept) kickGatewayInbox(ctx);
  return { received: true, kept, id: event.id };
}
