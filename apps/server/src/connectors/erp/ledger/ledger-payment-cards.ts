// Manage payments in the built-in ledger (spec §7): the payer's saved cards and e-checks, stored as the gateway's
// tokens. Answers in the ERP's shape: status S, or E with message_number 074 (already exists) or 076 (assigned to
// another account) and the message line.
import type { ManagePaymentsRequest, ManagePaymentsResponse, PaymentCard, PayerData } from '@portal/contracts';
import { paymentMethodLabel as cardLabel } from '@portal/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { announceChange, changeFeedOf } from '../../../db/change-feed';
import { changeOf, createKeptReads } from '../../../db/kept-reads';
import { preparedStatement } from '../../../db/prepared';
import type { ErpConnector } from '../erp-connector';
import { fromErpDate, toErpDate, toFlag, toLedgerNumber } from './ledger-format';
import { customers, paymentCards } from './ledger.schema';

export type PaymentCardOperations = Pick<ErpConnector, 'getPaymentCards' | 'managePaymentCards'>;

const ok = { message_type: 'S', message_number: '000', message_line_string: '' } as const;
const failed = (number: string, line: string) => ({
  status: { message_type: 'E' as const, message_number: number, message_line_string: line },
});

type Row = typeof paymentCards.$inferSelect;

function toWire(row: Row): PaymentCard {
  return {
    payment_card_name: row.paymentCardName,
    payment_card_token: row.paymentCardToken,
    payment_card_type: row.paymentCardType as PaymentCard['payment_card_type'],
    valid_from: row.validFrom ? toErpDate(row.validFrom) : '',
    valid_to: row.validTo ? toErpDate(row.validTo) : '',
    default: toFlag(row.isDefault),
    is_session: '',
    electronic_check_account_type: row.echeckAccountType as PaymentCard['electronic_check_account_type'],
    electronic_check_rdfi_number: row.echeckRdfiNumber,
    payer_account: row.payerNumber,
    preauthorization_amount: '',
    ...(row.addressData ? { address_data: row.addressData as PaymentCard['address_data'] } : {}),
  };
}

/** A payer's card as kept: read-only, with the company code it is saved under. */
type KeptCard = { companyCode: string; card: PaymentCard };

export function createPaymentCardOperations(db: Db): PaymentCardOperations {
  // Every payment reads its payer's cards (the card named must be one of them): kept per instance until PostgreSQL
  // announces a change of the payer's cards (migration 0013), whoever makes it.
  const keptCards = createKeptReads<KeptCard[]>(changeFeedOf(db), { keyOf: changeOf('cards:') });

  async function readPaymentCards(payerNumber: string): Promise<KeptCard[]> {
    const statement = preparedStatement(db, 'payment_cards_of_payer', (database) =>
      database
        .select()
        .from(paymentCards)
        .where(eq(paymentCards.payerNumber, sql.placeholder('payer')))
        .orderBy(desc(paymentCards.isDefault), asc(paymentCards.id))
        .prepare('payment_cards_of_payer'),
    );
    const rows = await statement.execute({ payer: payerNumber });
    return rows.map((row) => ({ companyCode: row.companyCode, card: Object.freeze(toWire(row)) }));
  }

  async function getPaymentCards(request: { payer_data: PayerData }) {
    const payerNumber = toLedgerNumber(request.payer_data.customer_number);
    const cards = await keptCards.get(payerNumber, () => readPaymentCards(payerNumber));
    return {
      status: { message_type: 'S' as const, message_line_string: '' },
      payment_cards: cards
        .filter((kept) => kept.companyCode === request.payer_data.company_code)
        .map((kept) => kept.card),
    };
  }

  async function managePaymentCards(request: ManagePaymentsRequest): Promise<ManagePaymentsResponse> {
    const card = request.payment_cards[0]!;
    const payerNumber = toLedgerNumber(request.payer_data.customer_number);
    const companyCode = request.payer_data.company_code;
    const login = request.log.login ?? '';
    const validTo = card.payment_card_type === 'EC' || !card.valid_to ? null : (fromErpDate(card.valid_to) ?? null);
    const validFrom = card.valid_from ? (fromErpDate(card.valid_from) ?? null) : null;

    const answer = await db.transaction(async (tx) => {
      const [payer] = await tx
        .select({ customerNumber: customers.customerNumber })
        .from(customers)
        .where(eq(customers.customerNumber, payerNumber))
        .limit(1);
      if (!payer) return failed('001', `Account ${request.payer_data.customer_number} not found`);
      const [existing] = await tx
        .select()
        .from(paymentCards)
        .where(eq(paymentCards.paymentCardToken, card.payment_card_token))
        .for('update')
        .limit(1);
      const mine = existing && existing.payerNumber === payerNumber && existing.companyCode === companyCode;
      const clearDefault = () =>
        tx
          .update(paymentCards)
          .set({ isDefault: false })
          .where(and(eq(paymentCards.payerNumber, payerNumber), eq(paymentCards.companyCode, companyCode)));

      if (request.action === '01') {
        if (mine) return failed('074', `${cardLabel(card)} already exists.`);
        if (existing)
          return failed(
            '076',
            `${cardLabel(card)} already assigned to account ${existing.payerNumber.replace(/^0+(?=\d)/, '')}`,
          );
        if (card.payment_card_type !== 'EC' && !validTo) return failed('002', 'Invalid expiration date.');
        if (card.default === 'X') await clearDefault();
        await tx.insert(paymentCards).values({
          payerNumber,
          companyCode,
          paymentCardToken: card.payment_card_token,
          paymentCardType: card.payment_card_type,
          paymentCardName: card.payment_card_name,
          validFrom,
          validTo,
          isDefault: card.default === 'X',
          echeckAccountType: card.payment_card_type === 'EC' ? card.electronic_check_account_type : '',
          echeckRdfiNumber: card.payment_card_type === 'EC' ? card.electronic_check_rdfi_number : '',
          addressData: card.address_data ?? null,
          createdBy: login,
          changedBy: login,
        });
        return { status: ok };
      }

      if (!mine) return failed('075', `${cardLabel(card)} not found.`);
      if (request.action === '03') {
        await tx.delete(paymentCards).where(eq(paymentCards.id, existing.id));
        return { status: ok };
      }
      // 02: type, token and routing number stay as they are (spec §4: locked when editing).
      if (existing.paymentCardType !== 'EC' && !validTo) return failed('002', 'Invalid expiration date.');
      if (card.default === 'X' && !existing.isDefault) await clearDefault();
      await tx
        .update(paymentCards)
        .set({
          paymentCardName: card.payment_card_name,
          validTo: existing.paymentCardType === 'EC' ? null : validTo,
          isDefault: card.default === 'X',
          ...(card.address_data ? { addressData: card.address_data } : {}),
          changedBy: login,
        })
        .where(eq(paymentCards.id, existing.id));
      return { status: ok };
    });
    // The trigger announces the change to every instance at commit; this one's next call may come first.
    announceChange(db, `cards:${payerNumber}`);
    return answer;
  }

  return { getPaymentCards, managePaymentCards };
}
