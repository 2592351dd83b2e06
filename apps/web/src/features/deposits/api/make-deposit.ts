import { makeDeposit, type MakeDepositRequest, type MakeDepositResponse } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/**
 * POST /api/customer/makedeposit with the submission's Idempotency-Key: a retry of the same submission (network
 * error, 409 in flight, the 3-D Secure return) sends the same key, so it can never charge twice. Failures are not
 * toasted here: the page shows the server's translated refusal itself.
 */
export function submitDeposit(request: MakeDepositRequest, idempotencyKey: string): Promise<MakeDepositResponse> {
  return call(makeDeposit, request, { headers: { 'Idempotency-Key': idempotencyKey }, silent: true });
}
