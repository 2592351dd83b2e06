import { adminRecovery, adminRecoveryStatus, type AdminRecoveryRequest } from '@portal/contracts';
import { call } from '../../../lib/api-client';

/** 404 when ADMIN_RECOVERY_KEY is not set on the server. */
export const fetchRecoveryStatus = () => call(adminRecoveryStatus, undefined, { silent: true });

/** spec §7 POST /api/admin/recovery: the answer's message is shown as a toast; a failure's error body too. */
export const postAdminRecovery = (request: AdminRecoveryRequest) => call(adminRecovery, request, { silent: true });
