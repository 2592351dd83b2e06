// What the built-in ledger needs before a supplier's own data can go in (issue 27: "from an empty database"): every
// ISO 4217 currency with its decimals, the payment types O (invoices) and D (deposits), the partial-payment and CVV
// settings and the payment provider's 3-D Secure switch. Written by the first company codes import; rows already
// there (the demo's, or an operator's) are left as they are.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { currencies, generelData, paymentProvider, paymentTypes } from './ledger.schema';

/** ISO 4217 codes with their minor-unit digits and symbol, from the runtime's own currency data (ICU). */
export function isoCurrencies(): { currencyKey: string; decimals: number; symbol: string }[] {
  return Intl.supportedValuesOf('currency').map((currencyKey) => {
    const format = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: currencyKey,
      currencyDisplay: 'narrowSymbol',
    });
    return {
      currencyKey,
      decimals: format.resolvedOptions().maximumFractionDigits ?? 2,
      symbol: format.formatToParts(1).find((part) => part.type === 'currency')?.value ?? currencyKey,
    };
  });
}

export async function ensureBaseConfiguration(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ledger.base_configuration'))`);
    await tx.insert(currencies).values(isoCurrencies()).onConflictDoNothing();
    await tx
      .insert(paymentTypes)
      .values([
        { paymentType: 'O', active: true, overpaymentAllowed: false },
        { paymentType: 'D', active: true, overpaymentAllowed: false },
      ])
      .onConflictDoNothing();
    await tx
      .insert(generelData)
      .values({ id: 1, partialPaymentsAllowed: 'X', cvvUseControl: '1' })
      .onConflictDoNothing();
    await tx
      .insert(paymentProvider)
      .values({ id: 1, secure3dsEnabled: true, secure3dsVersion: '2.2.0' })
      .onConflictDoNothing();
  });
}
