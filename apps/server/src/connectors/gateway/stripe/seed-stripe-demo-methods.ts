// The demo with Stripe (a test key, or the test double): the demo payer's saved Visa and US bank account are made
// at Stripe the way a payer makes them (a SetupIntent on the account's Customer, confirmed with Stripe's test
// methods: pm_card_visa, and the ACH test account 110000000 / 000123456789 with its mandate), and replace in the ERP
// the sandbox's demo methods, whose tokens Stripe does not know. Once per database; never with a live key.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../app-context';
import { saveDemoPaymentMethods } from '../../erp/ledger/seed-payment-methods';
import { readSetting, writeSetting } from '../../../modules/system/app-settings.repository';
import { seedSandboxTokens } from '../sandbox/seed-sandbox-tokens';
import { createStripeClient } from './stripe-gateway';

const demoPayer = { payer_number: '0000100001', company_code: '1000' };
const seededSetting = 'stripe_demo_methods_at';

export async function seedStripeDemoMethods(ctx: AppContext, log: FastifyBaseLogger, asOf: Date): Promise<void> {
  const { gateway, config, db, erp } = ctx;
  if (gateway.provider !== 'stripe' || gateway.mode === 'live') return;
  if (await readSetting(db, seededSetting)) return;
  const stripe = createStripeClient({
    secretKey: config.STRIPE_SECRET_KEY!,
    apiUrl: config.STRIPE_API_URL,
    timeoutMs: config.STRIPE_TIMEOUT_MS,
  });
  const entry = (payment_method: 'CC' | 'EC') =>
    gateway.startEntry({ payment_method, merchant_reference: 'demo-seed', language: 'en', payer: demoPayer });
  const card = await entry('CC');
  await stripe.setupIntents.confirm(card.access_token, { payment_method: 'pm_card_visa' });
  const bank = await entry('EC');
  await stripe.setupIntents.confirm(bank.access_token, {
    payment_method_data: {
      type: 'us_bank_account',
      us_bank_account: { routing_number: '110000000', account_number: '000123456789', account_holder_type: 'company' },
      billing_details: { name: 'Pat Payer' },
    },
    mandate_data: {
      customer_acceptance: { type: 'online', online: { ip_address: '127.0.0.1', user_agent: 'demo-seed' } },
    },
  });
  const visa = (await gateway.readEntry(card.access_token))?.paymentcard?.payment_card_token;
  const echeck = (await gateway.readEntry(bank.access_token))?.paymentcard?.payment_card_token;
  if (!visa || !echeck) throw new Error('Stripe did not confirm the demo payment methods');

  // The sandbox's demo methods (seed-demo.ts) cannot be charged at Stripe: they leave the demo payer's list.
  const sandbox = await seedSandboxTokens(db, asOf);
  const payer_data = { customer_number: demoPayer.payer_number, company_code: demoPayer.company_code };
  const saved = await erp.getPaymentCards({ payer_data });
  for (const method of saved.payment_cards.filter((m) => [sandbox.visa, sandbox.echeck].includes(m.payment_card_token)))
    await erp.managePaymentCards({
      payer_data,
      action: '03',
      payment_cards: [method],
      log: { id: 'DEL_PAYMENT_CARD', login: 'demo-seed' },
    });
  await saveDemoPaymentMethods(erp, { visa, echeck, echeckRouting: '110000000' }, asOf);
  await writeSetting(db, seededSetting, asOf.toISOString());
  log.info('demo payment methods saved at Stripe (test mode)');
}
