// User administration calls (access spec §7 Users; issue 14). Permissions come from each contract (auth plugin);
// who may change whom, and what, is in manage-user.ts, user-accounts.ts and impersonation.ts.
import type { FastifyInstance } from 'fastify';
import * as contracts from '@portal/contracts';
import { clientInfo } from '../../http/client-info';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import { completeRegistration, getInvite, resendInvite } from './invites';
import { startImpersonation, stopImpersonation } from './impersonation';
import { listUsers } from './list-users';
import { createUser, deleteUser, getUser, updateUser } from './manage-user';
import {
  addUserAccount,
  deleteUserAccount,
  getUserAccounts,
  getUserExclusions,
  putUserExclusions,
  updateUserAccount,
} from './user-accounts';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const success = { message: 'Success' as const };

  addRoute(app, contracts.listUsers, ({ query }) => listUsers(ctx, query));
  addRoute(app, contracts.createUser, ({ body, request }) =>
    createUser(ctx, requireActor(request.actor), body, clientInfo(request)),
  );
  addRoute(app, contracts.getUser, ({ params }) => getUser(ctx, params.id));
  addRoute(app, contracts.updateUser, ({ params, body, request }) =>
    updateUser(ctx, requireActor(request.actor), params.id, body, clientInfo(request)),
  );
  addRoute(app, contracts.deleteUser, async ({ params, request }) => {
    await deleteUser(ctx, requireActor(request.actor), params.id, clientInfo(request));
    return success;
  });
  addRoute(app, contracts.resendInvite, async ({ params, request }) => {
    await resendInvite(ctx, requireActor(request.actor), params.id, clientInfo(request));
    return success;
  });
  addRoute(app, contracts.getInvite, ({ params }) => getInvite(ctx, params.id));
  addRoute(app, contracts.completeRegistration, ({ body, request }) =>
    completeRegistration(ctx, body, clientInfo(request)),
  );

  addRoute(app, contracts.listUserAccounts, ({ params }) => getUserAccounts(ctx, params.id));
  addRoute(app, contracts.addUserAccount, ({ params, body, request }) =>
    addUserAccount(ctx, requireActor(request.actor), params.id, body, clientInfo(request)),
  );
  addRoute(app, contracts.updateUserAccount, ({ params, body, request }) =>
    updateUserAccount(ctx, requireActor(request.actor), params.id, params.accountId, body, clientInfo(request)),
  );
  addRoute(app, contracts.deleteUserAccount, ({ params, request }) =>
    deleteUserAccount(ctx, requireActor(request.actor), params.id, params.accountId, clientInfo(request)),
  );
  addRoute(app, contracts.getUserExclusions, ({ params }) => getUserExclusions(ctx, params.id));
  addRoute(app, contracts.putUserExclusions, ({ params, body, request }) =>
    putUserExclusions(ctx, requireActor(request.actor), params.id, body.exclusions, clientInfo(request)),
  );

  addRoute(app, contracts.startImpersonation, ({ params, request }) =>
    startImpersonation(ctx, requireActor(request.actor), params.id, clientInfo(request)),
  );
  addRoute(app, contracts.stopImpersonation, async ({ request }) => {
    await stopImpersonation(ctx, requireActor(request.actor), clientInfo(request));
    return success;
  });
}
