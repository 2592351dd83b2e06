// Session-only payment methods (spec §4: save on file unchecked): portal.session_payment_methods, per session and
// payer account. SQL in, PaymentCard wire shapes out.
import type { PaymentCard } from '@portal/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessionPaymentMethods } from '../../db/schema';

export type SessionScope = { sessionId: string; customerNumber: string; companyCode: string };

const scoped = (scope: SessionScope) =>
  and(
    eq(sessionPaymentMethods.sessionId, scope.sessionId),
    eq(sessionPaymentMethods.customerNumber, scope.customerNumber),
    eq(sessionPaymentMethods.companyCode, scope.companyCode),
  );

export async function listSessionMethods(db: Db, scope: SessionScope): Promise<PaymentCard[]> {
  const rows = await db
    .select({ card: sessionPaymentMethods.card })
    .from(sessionPaymentMethods)
    .where(scoped(scope))
    .orderBy(asc(sessionPaymentMethods.createdAt));
  return rows.map((row) => row.card as PaymentCard);
}

export async function findSessionMethod(db: Db, scope: SessionScope, token: string): Promise<PaymentCard | null> {
  const [row] = await db
    .select({ card: sessionPaymentMethods.card })
    .from(sessionPaymentMethods)
    .where(and(scoped(scope), eq(sessionPaymentMethods.paymentCardToken, token)))
    .limit(1);
  return (row?.card as PaymentCard | undefined) ?? null;
}

export async function insertSessionMethod(db: Db, scope: SessionScope, card: PaymentCard): Promise<void> {
  await db.insert(sessionPaymentMethods).values({ ...scope, paymentCardToken: card.payment_card_token, card });
}

export async function updateSessionMethod(db: Db, scope: SessionScope, card: PaymentCard): Promise<void> {
  await db
    .update(sessionPaymentMethods)
    .set({ card })
    .where(and(scoped(scope), eq(sessionPaymentMethods.paymentCardToken, card.payment_card_token)));
}

export async function deleteSessionMethod(db: Db, scope: SessionScope, token: string): Promise<void> {
  await db.delete(sessionPaymentMethods).where(and(scoped(scope), eq(sessionPaymentMethods.paymentCardToken, token)));
}
