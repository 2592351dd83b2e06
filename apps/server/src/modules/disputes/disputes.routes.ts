// Invoice disputes (contracts/disputes.ts, issue 39): thin, one use case each. Who sees a dispute is decided in the use
// cases (dispute-access.ts): every route answers 404 for a dispute the reader may not see. The attachments' routes are
// dispute-attachments.routes.ts.
import type { FastifyInstance } from 'fastify';
import {
  getDispute,
  listDisputeAssignees,
  listDisputeReasons,
  listDisputes,
  postDisputeMessage,
  raiseDispute,
  readDisputeFeed,
  saveDisputeReasons,
  updateDispute,
} from '@portal/contracts';
import { clientInfo } from '../../http/client-info';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { disputeManagers } from './dispute-recipients';
import { disputeReasonsOf, saveDisputeReasons as saveReasons } from './dispute-reasons';
import { getDispute as readOne } from './get-dispute';
import { listDisputes as list } from './list-disputes';
import { postDisputeMessage as postMessage } from './post-dispute-message';
import { raiseDispute as raise } from './raise-dispute';
import { readDisputeFeed as readFeed } from './read-dispute-feed';
import { updateDispute as update } from './update-dispute';

export async function disputesRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  addRoute(app, listDisputeReasons, ({ query }) => disputeReasonsOf(ctx, query.company_code));
  addRoute(app, saveDisputeReasons, ({ query, body, request }) =>
    saveReasons(ctx, requireActor(request.actor), query.company_code, body, clientInfo(request)),
  );
  addRoute(app, raiseDispute, ({ body, request }) =>
    raise(ctx, requireActor(request.actor), body, clientInfo(request)),
  );
  addRoute(app, listDisputes, ({ query, request }) => list(ctx, requireActor(request.actor), query));
  addRoute(app, listDisputeAssignees, async () => ({
    assignees: (await disputeManagers(ctx.db)).map((manager) => ({
      user_id: manager.userId,
      name: `${manager.firstName} ${manager.lastName}`.trim(),
    })),
  }));
  addRoute(app, getDispute, ({ params, request }) => readOne(ctx, requireActor(request.actor), params.id));
  addRoute(app, updateDispute, ({ params, body, request }) =>
    update(ctx, requireActor(request.actor), params.id, body, clientInfo(request)),
  );
  addRoute(app, postDisputeMessage, ({ params, body, request }) =>
    postMessage(ctx, requireActor(request.actor), params.id, body),
  );
  addRoute(app, readDisputeFeed, ({ query }) => readFeed(ctx, query));
}
