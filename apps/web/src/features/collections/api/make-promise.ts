import { makePromise as makeRoute, type MakePromiseRequest } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** POST /api/invoice/promises. Silent: the dialog shows a refusal in the reader's language. */
export function makePromise(request: MakePromiseRequest): Promise<{ id: string }> {
  return call(makeRoute, request, { silent: true });
}
