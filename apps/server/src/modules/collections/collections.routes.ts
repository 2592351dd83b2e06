// Collections (contracts/collections.ts, issue 38): thin, one use case each. Permissions come from the contracts
// (CanEditSystemConfig for schedules, CanMakePayment for promises, CanManageCollections for the worklist); the objects
// (accounts, promises) are checked in the use cases.
import type { FastifyInstance } from 'fastify';
import {
  addCollectionNote,
  assignCollector,
  cancelPromise,
  exportWorklist,
  getCollectionAccount,
  getCollectionFigures,
  getReminderSchedule,
  getWorklist,
  listCollectors,
  listPromises,
  makePromise,
  pauseReminders,
  saveReminderSchedule,
  sendReminderNow,
  worklistExportFileNames,
} from '@portal/contracts';
import { clientInfo } from '../../http/client-info';
import { exportContentTypes } from '../../http/file-export';
import { addRoute } from '../../http/routes';
import { requireActor } from '../../plugins/auth';
import * as account from './collection-account';
import { getCollectionFigures as figures } from './collection-figures';
import { exportWorklist as exportUseCase } from './export-worklist';
import * as promises from './promises';
import { readReminderSchedule, saveReminderSchedule as saveSchedule } from './reminder-schedule';
import { getWorklist as worklist } from './worklist';

export async function collectionsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  addRoute(app, getReminderSchedule, ({ query }) => readReminderSchedule(ctx, query.company_code));
  addRoute(app, saveReminderSchedule, ({ query, body, request }) =>
    saveSchedule(ctx, requireActor(request.actor), query.company_code, body, clientInfo(request)),
  );
  addRoute(app, makePromise, ({ body, request }) =>
    promises.makePromise(ctx, requireActor(request.actor), body, clientInfo(request)),
  );
  addRoute(app, listPromises, ({ query, request }) =>
    promises.listPromises(ctx, requireActor(request.actor), query.status),
  );
  addRoute(app, cancelPromise, ({ params, request }) =>
    promises.cancelPromise(ctx, requireActor(request.actor), params.id, clientInfo(request)),
  );
  addRoute(app, getWorklist, ({ query }) => worklist(ctx, query));
  addRoute(app, exportWorklist, ({ query, request, reply }) => {
    const { format, ...filters } = query;
    return reply
      .type(exportContentTypes[format])
      .header('content-disposition', `attachment; filename="${worklistExportFileNames[format]}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(exportUseCase(ctx, filters, format, request));
  });
  addRoute(app, getCollectionAccount, ({ params, query }) =>
    account.getCollectionAccount(ctx, params.payer, query.company_code),
  );
  addRoute(app, addCollectionNote, ({ params, body, request }) =>
    account.addCollectionNote(ctx, requireActor(request.actor), params.payer, body, clientInfo(request)),
  );
  addRoute(app, assignCollector, ({ params, body, request }) =>
    account.assignCollector(ctx, requireActor(request.actor), params.payer, body, clientInfo(request)),
  );
  addRoute(app, pauseReminders, ({ params, body, request }) =>
    account.pauseReminders(ctx, requireActor(request.actor), params.payer, body, clientInfo(request)),
  );
  addRoute(app, sendReminderNow, ({ params, body, request }) =>
    account.sendReminderNow(ctx, requireActor(request.actor), params.payer, body, clientInfo(request)),
  );
  addRoute(app, listCollectors, () => account.listCollectors(ctx));
  addRoute(app, getCollectionFigures, ({ query }) => figures(ctx, query.company_code));
}
