// Admin recovery (access spec §2 /admin/recovery, §3 Admin recovery payload, §5, §7; issue 13): with the key of
// ADMIN_RECOVERY_KEY, reset an administrator's password (mode R) or create an administrator (mode C).
import { z } from 'zod';
import { defineRoute } from './route';

const text = (max: number) => z.string().trim().max(max).default('');

export const AdminRecoveryRequest = z.object({
  key: z.string().max(512).default(''),
  user: text(320),
  mode: z.enum(['C', 'R']),
  password: z.string().max(1024).default(''),
  confirmPassword: z.string().max(1024).default(''),
  firstname: text(100),
  lastname: text(100),
  company: text(200),
  email: text(320),
  accountType: z.enum(['SoldTo', 'Payer', 'PayerAll']).default('Payer'),
  role: z.literal('admin').default('admin'),
});
export type AdminRecoveryRequest = z.input<typeof AdminRecoveryRequest>;

export const adminRecoveryStatus = defineRoute({
  method: 'GET',
  path: '/api/admin/recovery',
  public: true,
  summary: 'Whether admin recovery is configured (ADMIN_RECOVERY_KEY); 404 when it is not.',
  response: z.object({ configured: z.literal(true) }),
});

export const adminRecovery = defineRoute({
  method: 'POST',
  path: '/api/admin/recovery',
  public: true,
  summary: 'Create (C) or recover (R) an administrator with the recovery key; 404 when recovery is not configured.',
  body: AdminRecoveryRequest,
  response: z.object({ message: z.string() }),
});
