// Demo saved payment methods: payer@example.com's first payer (0000100001, company code 1000) has a default
// Visa and an e-check, so that a newcomer can pay at once. Tokens come from the sandbox gateway's vault.
import type { Db } from '../../../db/client';
import { paymentCards } from './ledger.schema';

export async function seedPaymentMethods(db: Db, tokens: { visa: string; echeck: string }, asOf: Date): Promise<void> {
  const expiryYear = asOf.getUTCFullYear() + 3;
  await db
    .insert(paymentCards)
    .values([
      {
        payerNumber: '0000100001',
        companyCode: '1000',
        paymentCardToken: tokens.visa,
        paymentCardType: 'VISA',
        paymentCardName: 'Pat Payer',
        validTo: `${expiryYear}-12-31`,
        isDefault: true,
        createdBy: 'demo-seed',
        changedBy: 'demo-seed',
      },
      {
        payerNumber: '0000100001',
        companyCode: '1000',
        paymentCardToken: tokens.echeck,
        paymentCardType: 'EC',
        paymentCardName: 'Pat Payer',
        validTo: null,
        isDefault: false,
        echeckAccountType: 'X',
        echeckRdfiNumber: '011000015',
        createdBy: 'demo-seed',
        changedBy: 'demo-seed',
      },
    ])
    .onConflictDoNothing();
}
