// Demo saved payment methods: payer@example.com's first payer (0000100001, company code 1000) has a default
// Visa and an e-check, so that a newcomer can pay at once. Tokens come from the sandbox gateway's vault.
import type { PaymentCard } from '@portal/contracts';
import type { Db } from '../../../db/client';
import type { ErpConnector } from '../erp-connector';
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

/**
 * The same two methods saved in an ERP behind ERP_URL (issue 28), through the contract as the portal saves any card:
 * the ERP's demo ledger (npm run erp:serve -- --demo) has none, and only the portal knows its gateway's tokens. A
 * method already there (074, a restart) is left as it is.
 */
export async function saveDemoPaymentMethods(
  erp: ErpConnector,
  tokens: { visa: string; echeck: string; echeckRouting?: string },
  asOf: Date,
): Promise<void> {
  const blank = { valid_from: '', is_session: '', payer_account: '', preauthorization_amount: '' } as const;
  const methods: PaymentCard[] = [
    {
      ...blank,
      payment_card_name: 'Pat Payer',
      payment_card_token: tokens.visa,
      payment_card_type: 'VISA',
      valid_to: `12-31-${asOf.getUTCFullYear() + 3}`,
      default: 'X',
      electronic_check_account_type: '',
      electronic_check_rdfi_number: '',
    },
    {
      ...blank,
      payment_card_name: 'Pat Payer',
      payment_card_token: tokens.echeck,
      payment_card_type: 'EC',
      valid_to: '',
      default: '',
      electronic_check_account_type: 'X',
      electronic_check_rdfi_number: tokens.echeckRouting ?? '011000015',
    },
  ];
  for (const method of methods) {
    const answer = await erp.managePaymentCards({
      payer_data: { customer_number: '0000100001', company_code: '1000' },
      action: '01',
      payment_cards: [method],
      log: { id: 'ADD_PAYMENT_CARD', login: 'demo-seed' },
    });
    if (answer.status.message_type !== 'S' && answer.status.message_number !== '074')
      throw new Error(`the ERP did not save a demo payment method: ${answer.status.message_line_string}`);
  }
}
