// Deterministic generator of the demo ledger. The same { documents, asOf } always yields the same rows: a seeded
// PRNG (mulberry32) drives every choice, and every date is an offset from asOf. The caller passes asOf (normally
// the day the database is created) so that "overdue", "due in future" and "partly paid" stay true on that day;
// a fixed constant would make every invoice overdue a few weeks later. The demo seeds ~3,000 documents and
// `npm run seed:large` runs the same code with 1,000,000: from largeShapeFrom documents on, the ledger takes the
// shape of the performance targets (issue 3): one customer per 100 documents and a payer-all group holding a
// tenth of the documents. Smaller ledgers keep the demo's shape, so the demo data never changes.
import { count, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isoDay } from './ledger-format';
import {
  accountBalances,
  apparv,
  companyCodes,
  currencies,
  customers,
  documents,
  generelData,
  invoiceItems,
  payerAllMembers,
  payerSoldTos,
  paymentCardSettings,
  paymentItems,
  payments,
  paymentProvider,
  paymentTypes,
  reasonCodes,
} from './ledger.schema';
import { insertByUnnest } from './bulk-insert';
import { refreshAccountBalances } from './refresh-account-balances';
import {
  demoCustomers,
  demoPayerAllGroups,
  demoPayerPlans,
  materials,
  perHundredUsd,
  seedApparv,
  seedCompanyCodes,
  seedCurrencies,
  seedGenerelData,
  seedPaymentCardSettings,
  seedPaymentProvider,
  seedPaymentTypes,
  seedReasonCodes,
  type PayerPlan,
} from './seed-master-data';

export { demoUserAccounts, type DemoLinkedAccount, type DemoUserKind } from './seed-master-data';

export type SeedLedgerOptions = {
  /** Number of document rows (invoices, credits and payments). */
  documents: number;
  /** The reference day: document and due dates are generated relative to it. */
  asOf: Date;
  /**
   * Customers in the ledger (payers, sold-tos and groups, the named demo customers included); generated payers
   * with their sold-tos fill the rest. Default: see ledgerShape.
   */
  customers?: number;
  /**
   * Documents of the demo payer-all group 0000900001 (its payers 0000100006-8), exactly. Default: see
   * ledgerShape.
   */
  payerAllDocuments?: number;
  /** Empty the ledger first; without it, seeding a ledger that holds documents is refused. */
  reset?: boolean;
  onProgress?: (documentsInserted: number) => void;
};

export type SeedLedgerResult = {
  documents: number;
  invoiceItems: number;
  customers: number;
  /** Documents of the demo payer-all group. */
  payerAllDocuments: number;
  accountBalances: number;
};

/** The size from which a ledger takes the large shape (ledgerShape); below it, the demo's shape. */
export const largeShapeFrom = 100_000;

/**
 * The customers and payer-all documents a ledger of this many documents gets when the caller does not say.
 * Demo shape (undefined): one generated payer per 250 documents, and the payer-all group's payers drawn like the
 * other demo payers (about 7.5% of the documents). Large shape: 1,000,000 documents give 10,000 customers and a
 * payer-all group of 100,000 documents.
 */
export function ledgerShape(documents: number): { customers?: number; payerAllDocuments?: number } {
  if (documents < largeShapeFrom) return {};
  return { customers: Math.round(documents / 100), payerAllDocuments: Math.round(documents / 10) };
}

type DocumentInsert = typeof documents.$inferInsert;
type ItemInsert = typeof invoiceItems.$inferInsert;
type CustomerInsert = typeof customers.$inferInsert;

/** Documents per multi-row INSERT (their items go in one more INSERT). */
const batchSize = 1_000;
/** Batches being written at once. */
const writersInFlight = 2;
const prngSeed = 0x5eed_1ed9;

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  weighted: <T>(items: readonly T[], weight: (item: T) => number) => T;
  chance: (probability: number) => boolean;
};

function random(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const weighted = <T>(items: readonly T[], weight: (item: T) => number): T => {
    const total = items.reduce((sum, item) => sum + weight(item), 0);
    let point = next() * total;
    for (const item of items) {
      point -= weight(item);
      if (point < 0) return item;
    }
    return items[items.length - 1] as T;
  };
  return { next, int, pick, weighted, chance: (probability) => next() < probability };
}

function addDays(isoDate: string, days: number): string {
  const instant = Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000;
  return new Date(instant).toISOString().slice(0, 10);
}

const decimalsOf = new Map(seedCurrencies.map((currency) => [currency.currencyKey, currency.decimals]));

/** A list price in US cents expressed in minor units of currencyKey, rounded half up. */
function priceIn(usdCents: bigint, currencyKey: string): bigint {
  const rate = perHundredUsd[currencyKey] ?? 100n;
  const scale = 10n ** BigInt(decimalsOf.get(currencyKey) ?? 2);
  return (usdCents * rate * scale + 5_000n) / 10_000n;
}

// --- generated customers (scale with the number of documents) ----------------------------------------------

const places: Record<string, { country: string; cities: [string, string, string][]; suffixes: string[] }> = {
  '1000': {
    country: 'US',
    cities: [
      ['Chicago', 'IL', '60601'],
      ['Houston', 'TX', '77002'],
      ['Denver', 'CO', '80202'],
      ['Atlanta', 'GA', '30303'],
      ['Seattle', 'WA', '98101'],
      ['Columbus', 'OH', '43215'],
    ],
    suffixes: ['Inc.', 'LLC', 'Corp.'],
  },
  '2000': {
    country: 'DE',
    cities: [
      ['Stuttgart', 'BW', '70173'],
      ['Hamburg', 'HH', '20095'],
      ['München', 'BY', '80331'],
      ['Köln', 'NW', '50667'],
    ],
    suffixes: ['GmbH', 'AG', 'KG'],
  },
  '3000': {
    country: 'CA',
    cities: [
      ['Toronto', 'ON', 'M5H 2N2'],
      ['Vancouver', 'BC', 'V6B 1A1'],
      ['Calgary', 'AB', 'T2P 1J9'],
      ['Montréal', 'QC', 'H3B 2Y5'],
    ],
    suffixes: ['Ltd.', 'Inc.'],
  },
  JP01: {
    country: 'JP',
    cities: [
      ['Tokyo', '13', '100-0005'],
      ['Osaka', '27', '530-0001'],
      ['Nagoya', '23', '450-0002'],
    ],
    suffixes: ['K.K.', 'Co., Ltd.'],
  },
  KW01: {
    country: 'KW',
    cities: [
      ['Kuwait City', 'KU', '13001'],
      ['Hawalli', 'HA', '32001'],
    ],
    suffixes: ['W.L.L.', 'K.S.C.'],
  },
};
const namePrefixes = ['Apex', 'Blue Ridge', 'Cedar', 'Delta', 'Evergreen', 'Falcon', 'Granite', 'Harbor', 'Keystone'];
const nameNouns = ['Manufacturing', 'Logistics', 'Foods', 'Builders', 'Medical', 'Energy', 'Motors', 'Packaging'];
const japaneseNames = ['青葉', '大和', '富士', '桜', '北斗', '東邦', '中央', '朝日'];
const streets = ['Main St', 'Industrial Pkwy', 'Commerce Dr', 'Harbor Rd', 'Station Ave', 'Park Ln'];
const companyWeights = [
  { companyCode: '1000', weight: 60 },
  { companyCode: '2000', weight: 15 },
  { companyCode: '3000', weight: 15 },
  { companyCode: 'JP01', weight: 5 },
  { companyCode: 'KW01', weight: 5 },
];

/** Either a number of payers (the demo's shape) or a number of customer rows to fill exactly. */
type CustomerTarget = { payers: number } | { rows: number };

function generateCustomers(target: CustomerTarget, rng: Random) {
  const rows: CustomerInsert[] = [];
  const links: { payerNumber: string; soldtoNumber: string }[] = [];
  const plans: PayerPlan[] = [];
  let soldToSequence = 0;
  const makeCustomer = (number: string, companyCode: string, label: string): CustomerInsert => {
    const place = places[companyCode] ?? places['1000']!;
    const company = seedCompanyCodes.find((code) => code.companyCode === companyCode)!;
    const [city, region, postalCode] = rng.pick(place.cities);
    const base = `${rng.pick(namePrefixes)} ${rng.pick(nameNouns)}`;
    return {
      customerNumber: number,
      name: `${base} ${rng.pick(place.suffixes)}${label}`,
      name2: companyCode.startsWith('JP') ? `${rng.pick(japaneseNames)}工業株式会社${label}` : '',
      street: `${rng.int(1, 9999)} ${rng.pick(streets)}`,
      city,
      region,
      postalCode,
      country: place.country,
      // Some customers have no phone: the payer details then show the placeholder (spec §7).
      phone: rng.chance(0.85) ? `+${rng.int(1, 99)} ${rng.int(100, 999)} 555 ${rng.int(1000, 9999)}` : '',
      companyCode,
      salesOrganization: companyCode,
      distributionChannel: '10',
      division: '00',
      currencyKey: company.currencyKey,
    };
  };
  const more = (k: number) => ('payers' in target ? k <= target.payers : rows.length < target.rows);
  // Payers from 300001, sold-tos from 400001: 99,999 of each. A larger ledger (a bench's 100,000 accounts) numbers
  // them from 30000001 and 40000001 instead, so that the two ranges never meet.
  const wide = ('payers' in target ? target.payers : target.rows) >= 100_000;
  const [payerBase, soldToBase] = wide ? [30_000_000, 40_000_000] : [300_000, 400_000];
  for (let k = 1; more(k); k++) {
    const { companyCode } = rng.weighted(companyWeights, (entry) => entry.weight);
    const payerNumber = String(payerBase + k).padStart(10, '0');
    rows.push(makeCustomer(payerNumber, companyCode, ''));
    // Rows left for this payer's sold-tos: the last payer may get fewer, so that the count is exact.
    const room = 'rows' in target ? target.rows - rows.length : Number.POSITIVE_INFINITY;
    const soldTos: string[] = [];
    if (rng.chance(0.3) || room === 0) soldTos.push(payerNumber);
    const extra = Math.min(rng.int(soldTos.length ? 0 : 1, 3), room);
    for (let s = 0; s < extra; s++) {
      soldToSequence += 1;
      const soldtoNumber = String(soldToBase + soldToSequence).padStart(10, '0');
      rows.push(makeCustomer(soldtoNumber, companyCode, ` (site ${s + 1})`));
      soldTos.push(soldtoNumber);
    }
    for (const soldtoNumber of soldTos) links.push({ payerNumber, soldtoNumber });
    const currencyKey = seedCompanyCodes.find((code) => code.companyCode === companyCode)!.currencyKey;
    plans.push({
      payerNumber,
      companyCode,
      soldTos,
      currencies:
        companyCode === '1000'
          ? [
              { currencyKey, weight: 95 },
              { currencyKey: 'GBP', weight: 5 },
            ]
          : [{ currencyKey, weight: 1 }],
      weight: 1,
    });
  }
  return { rows, links, plans };
}

// --- documents ------------------------------------------------------------------------------------------------

type Kind = 'open' | 'overdue' | 'partial' | 'paid' | 'credit' | 'openCredit' | 'payment' | 'financeOnly';

type Scenario = { payerNumber: string; soldtoNumber: string; currencyKey: string; kind: Kind; pdf?: boolean };

/** The first documents are fixed so that even a small seed shows every state the spec names (§3, §4). */
const scenarios: Scenario[] = [
  { payerNumber: '0000100001', soldtoNumber: '0000200001', currencyKey: 'USD', kind: 'open' },
  { payerNumber: '0000100001', soldtoNumber: '0000200002', currencyKey: 'USD', kind: 'overdue' },
  { payerNumber: '0000100001', soldtoNumber: '0000200001', currencyKey: 'USD', kind: 'partial' },
  { payerNumber: '0000100001', soldtoNumber: '0000100001', currencyKey: 'USD', kind: 'openCredit' },
  { payerNumber: '0000100001', soldtoNumber: '0000200003', currencyKey: 'USD', kind: 'payment' },
  { payerNumber: '0000100001', soldtoNumber: '0000200001', currencyKey: 'CAD', kind: 'open', pdf: false },
  { payerNumber: '0000100001', soldtoNumber: '0000200002', currencyKey: 'EUR', kind: 'overdue' },
  { payerNumber: '0000100001', soldtoNumber: '0000200001', currencyKey: 'USD', kind: 'paid' },
  { payerNumber: '0000100001', soldtoNumber: '0000200001', currencyKey: 'USD', kind: 'financeOnly' },
  { payerNumber: '0000100001', soldtoNumber: '0000200003', currencyKey: 'USD', kind: 'credit' },
  { payerNumber: '0000100002', soldtoNumber: '0000200004', currencyKey: 'CAD', kind: 'overdue' },
  { payerNumber: '0000100002', soldtoNumber: '0000200005', currencyKey: 'CAD', kind: 'open' },
  { payerNumber: '0000100003', soldtoNumber: '0000200006', currencyKey: 'EUR', kind: 'open' },
  { payerNumber: '0000100003', soldtoNumber: '0000200007', currencyKey: 'EUR', kind: 'openCredit' },
  { payerNumber: '0000100004', soldtoNumber: '0000200008', currencyKey: 'JPY', kind: 'open' },
  { payerNumber: '0000100004', soldtoNumber: '0000200009', currencyKey: 'JPY', kind: 'partial' },
  { payerNumber: '0000100005', soldtoNumber: '0000200010', currencyKey: 'KWD', kind: 'open' },
  { payerNumber: '0000100005', soldtoNumber: '0000200010', currencyKey: 'KWD', kind: 'payment' },
  { payerNumber: '0000100006', soldtoNumber: '0000200011', currencyKey: 'USD', kind: 'open' },
  { payerNumber: '0000100007', soldtoNumber: '0000200013', currencyKey: 'USD', kind: 'overdue' },
  { payerNumber: '0000100008', soldtoNumber: '0000200015', currencyKey: 'USD', kind: 'open' },
  { payerNumber: '0000100009', soldtoNumber: '0000200016', currencyKey: 'USD', kind: 'open' },
];

const departments = ['Sales', 'Service', 'Spare Parts', 'Projects', ''];
const paymentTerms = [14, 30, 30, 45, 60];

function randomKind(rng: Random, overdueDays: number): Kind {
  const roll = rng.next();
  if (roll >= 0.62) return roll < 0.68 ? 'openCredit' : roll < 0.72 ? 'credit' : 'payment';
  if (rng.chance(0.03)) return 'financeOnly';
  const state = rng.next();
  if (overdueDays <= 0) return state < 0.12 ? 'partial' : 'open';
  if (overdueDays <= 90) return state < 0.45 ? 'overdue' : state < 0.55 ? 'partial' : 'paid';
  return state < 0.06 ? 'overdue' : state < 0.1 ? 'partial' : 'paid';
}

function makeDocument(
  id: number,
  rng: Random,
  asOf: string,
  plan: { payerNumber: string; soldtoNumber: string; companyCode: string; currencyKey: string },
  scenario: Scenario | undefined,
): { document: DocumentInsert; items: ItemInsert[] } {
  const terms = rng.pick(paymentTerms);
  // Ages cluster near asOf (r² skew) so a good share of invoices is open or recently overdue.
  let age = Math.floor(720 * rng.next() ** 2);
  let kind: Kind;
  if (scenario) {
    kind = scenario.kind;
    if (kind === 'open') age = rng.int(0, terms - 1);
    else if (kind === 'overdue') age = terms + rng.int(5, 60);
    else if (kind === 'partial') age = rng.int(0, terms + 30);
    else age = terms + rng.int(10, 200);
  } else {
    kind = randomKind(rng, age - terms);
  }
  const documentDate = addDays(asOf, -age);
  const postingDate = age > 0 && rng.chance(0.3) ? addDays(documentDate, 1) : documentDate;
  const { currencyKey, companyCode, payerNumber, soldtoNumber } = plan;
  const financeNumber = String(1_400_000_000 + id);
  const base: DocumentInsert = {
    id,
    companyCode,
    billingDocumentNumber: '',
    billingDocumentType: '',
    documentNumberFinance: financeNumber,
    postingDate,
    documentDate,
    dueDate: documentDate,
    clearingDate: null,
    clearingDocumentNumberFinance: '',
    currencyKey,
    openAmount: 0n,
    paidAmount: 0n,
    totalAmount: 0n,
    billedQuantity: '0.000',
    financeDocumentType: 'RV',
    financeDocumentOnly: false,
    fiscalYear: postingDate.slice(0, 4),
    lineItem: '001',
    itemIsAPayment: false,
    pdfDocumentAvailable: false,
    payerNumber,
    soldtoNumber,
    customerNumber: soldtoNumber,
    referenceNumber: '',
    department: rng.pick(departments),
    readOnly: false,
    reasonCode: '',
    reasonMessage: '',
    documentStatus: '01',
    customFields: { customer_purchase_order_nubmer: '' },
  };

  if (kind === 'payment') {
    const amount = priceIn(BigInt(rng.int(500, 500_000)), currencyKey);
    return {
      document: {
        ...base,
        financeDocumentType: 'DZ',
        financeDocumentOnly: true,
        itemIsAPayment: true,
        clearingDate: documentDate,
        clearingDocumentNumberFinance: financeNumber,
        paidAmount: amount,
        totalAmount: amount,
        referenceNumber: `CHK-${rng.int(100_000, 999_999)}`,
        documentStatus: '02',
        department: '',
      },
      items: [],
    };
  }

  const credit = kind === 'credit' || kind === 'openCredit';
  const sign = credit ? -1n : 1n;
  const items: ItemInsert[] = [];
  let total = 0n;
  let quantity = 0;
  if (kind !== 'financeOnly') {
    const lines = credit ? rng.int(1, 2) : rng.int(1, 4);
    for (let line = 1; line <= lines; line++) {
      const material = rng.pick(materials);
      const qty = material.usdCents > 100_000n ? rng.int(1, 3) : rng.int(1, credit ? 3 : 12);
      const unitPrice = priceIn(material.usdCents, currencyKey);
      const lineTotal = sign * unitPrice * BigInt(qty);
      items.push({
        documentId: id,
        itemNumber: String(line * 10).padStart(6, '0'),
        materialNumber: material.materialNumber,
        description: material.description,
        billedQuantity: `${qty}.000`,
        unitPrice,
        totalAmount: lineTotal,
        currencyKey,
      });
      total += lineTotal;
      quantity += qty;
    }
  } else {
    // A finance-only debit (no billing document, no PDF): e.g. a freight or interest charge.
    total = priceIn(BigInt(rng.int(1_000, 50_000)), currencyKey);
  }

  const billingNumber = kind === 'financeOnly' ? '' : String(90_000_000 + id).padStart(10, '0');
  const purchaseOrder = credit ? '' : `45${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
  const dueDate = credit ? documentDate : addDays(documentDate, terms);
  const pdf = scenario?.pdf ?? (kind !== 'financeOnly' && rng.chance(0.9));
  const document: DocumentInsert = {
    ...base,
    billingDocumentNumber: billingNumber,
    billingDocumentType: kind === 'financeOnly' ? '' : credit ? 'G2' : 'F2',
    financeDocumentType: kind === 'financeOnly' ? 'DR' : 'RV',
    financeDocumentOnly: kind === 'financeOnly',
    dueDate,
    totalAmount: total,
    openAmount: total,
    billedQuantity: `${quantity}.000`,
    pdfDocumentAvailable: pdf,
    referenceNumber: billingNumber.replace(/^0+/, '') || financeNumber,
    customFields: { customer_purchase_order_nubmer: purchaseOrder },
  };

  const settle = () => {
    // Cleared around the due date, never before the document nor after asOf.
    const clearedDaysAgo = Math.min(age, Math.max(0, age - terms - rng.int(-10, 25)));
    document.clearingDate = addDays(asOf, -clearedDaysAgo);
    document.clearingDocumentNumberFinance = String(1_700_000_000 + id);
    document.paidAmount = total;
    document.openAmount = 0n;
    document.documentStatus = '02';
  };
  if (kind === 'paid' || kind === 'credit') settle();
  else if (kind === 'partial') {
    const paid = (total * BigInt(rng.int(10, 90))) / 100n;
    document.paidAmount = paid;
    document.openAmount = total - paid;
    const reason = rng.chance(0.7) ? 'PP' : 'DM';
    document.reasonCode = reason;
    document.reasonMessage = reason === 'PP' ? 'Remainder with the next payment run' : 'Two units arrived damaged';
  }
  // A few open invoices are in dispute and cannot be paid online.
  if (document.documentStatus === '01' && !credit && rng.chance(0.02)) document.readOnly = true;
  return { document, items };
}

// --- the seed -------------------------------------------------------------------------------------------------

const groupPayers = new Set(demoPayerAllGroups.flatMap((group) => group.payerNumbers));

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

export async function emptyLedger(db: Db): Promise<void> {
  await db.execute(sql`TRUNCATE ${paymentItems}, ${payments}, ${accountBalances}, ${invoiceItems}, ${documents}, ${payerAllMembers},
    ${payerSoldTos}, ${reasonCodes}, ${apparv}, ${paymentCardSettings}, ${customers}, ${companyCodes},
    ${currencies}, ${paymentTypes}, ${generelData}, ${paymentProvider} RESTART IDENTITY CASCADE`);
}

export async function seedLedger(db: Db, options: SeedLedgerOptions): Promise<SeedLedgerResult> {
  const asOf = isoDay(options.asOf);
  const total = Math.max(0, Math.floor(options.documents));
  const shape = { ...ledgerShape(total), ...definedOnly(options) };
  const fixed = scenarios.slice(0, total);
  const inGroup = (payerNumber: string) => groupPayers.has(payerNumber);
  if (shape.customers !== undefined && !(shape.customers > demoCustomers.length))
    throw new Error(`A ledger needs more than ${demoCustomers.length} customers (the named demo customers).`);
  const groupFixed = fixed.filter((scenario) => inGroup(scenario.payerNumber)).length;
  const groupMax = total - fixed.length + groupFixed;
  if (
    shape.payerAllDocuments !== undefined &&
    !(shape.payerAllDocuments >= groupFixed && shape.payerAllDocuments <= groupMax)
  )
    throw new Error(`The payer-all group can hold ${groupFixed} to ${groupMax} of ${total} documents.`);

  if (options.reset) await emptyLedger(db);
  else {
    const [existing] = await db.select({ value: count() }).from(documents);
    if ((existing?.value ?? 0) > 0)
      throw new Error('The ledger already holds documents; seed with reset to replace them.');
  }

  // The base configuration may be there already (a supplier's company codes import writes it): kept as it is.
  await db.insert(currencies).values(seedCurrencies).onConflictDoNothing();
  await db.insert(companyCodes).values(seedCompanyCodes);
  await db.insert(reasonCodes).values(seedReasonCodes);
  await db.insert(paymentTypes).values(seedPaymentTypes).onConflictDoNothing();
  await db.insert(generelData).values(seedGenerelData).onConflictDoNothing();
  await db.insert(paymentProvider).values(seedPaymentProvider).onConflictDoNothing();
  await db.insert(paymentCardSettings).values(seedPaymentCardSettings);
  await db.insert(apparv).values(seedApparv);

  const customerRandom = random(prngSeed ^ 0x9e3779b9);
  const generated = generateCustomers(
    shape.customers === undefined
      ? { payers: Math.max(5, Math.floor(total / 250)) }
      : { rows: shape.customers - demoCustomers.length },
    customerRandom,
  );
  const allCustomers = [...demoCustomers, ...generated.rows];
  await insertInBatches(allCustomers, batchSize, (batch) => db.insert(customers).values(batch));
  const demoLinks = demoPayerPlans.flatMap((plan) =>
    plan.soldTos.map((soldtoNumber) => ({ payerNumber: plan.payerNumber, soldtoNumber })),
  );
  await insertInBatches([...demoLinks, ...generated.links], batchSize, (batch) =>
    db.insert(payerSoldTos).values(batch),
  );
  await db
    .insert(payerAllMembers)
    .values(
      demoPayerAllGroups.flatMap((group) => group.payerNumbers.map((payerNumber) => ({ ...group, payerNumber }))),
    );

  const planOf = new Map(demoPayerPlans.map((plan) => [plan.payerNumber, plan]));
  // With a payer-all size, the group's documents are spread evenly over the ids (exact count) and the other
  // draws leave the group out; without one, every demo payer is drawn alike (the demo's shape).
  const groupPlans = demoPayerPlans.filter((plan) => inGroup(plan.payerNumber));
  const otherDemoPlans = demoPayerPlans.filter((plan) => !inGroup(plan.payerNumber));
  const drawnTotal = total - fixed.length;
  const drawnGroup = shape.payerAllDocuments === undefined ? undefined : shape.payerAllDocuments - groupFixed;
  const isGroupDocument = (drawn: number) =>
    drawnGroup !== undefined &&
    Math.floor((drawn * drawnGroup) / drawnTotal) > Math.floor(((drawn - 1) * drawnGroup) / drawnTotal);
  const rng = random(prngSeed);
  let itemCount = 0;
  let groupCount = 0;
  let written = 0;
  const inFlight: Promise<void>[] = [];
  for (let start = 1; start <= total; start += batchSize) {
    const batch: DocumentInsert[] = [];
    const items: ItemInsert[] = [];
    for (let id = start; id < Math.min(start + batchSize, total + 1); id++) {
      const scenario = scenarios[id - 1];
      let plan: PayerPlan;
      let soldtoNumber: string;
      let currencyKey: string;
      if (scenario) {
        plan = planOf.get(scenario.payerNumber)!;
        soldtoNumber = scenario.soldtoNumber;
        currencyKey = scenario.currencyKey;
      } else {
        if (isGroupDocument(id - fixed.length)) plan = rng.weighted(groupPlans, (entry) => entry.weight);
        // About a third of the documents belong to the named demo payers, the rest to generated ones.
        else if (rng.chance(0.35))
          plan = rng.weighted(drawnGroup === undefined ? demoPayerPlans : otherDemoPlans, (entry) => entry.weight);
        else plan = rng.pick(generated.plans);
        soldtoNumber = rng.pick(plan.soldTos);
        currencyKey = rng.weighted(plan.currencies, (entry) => entry.weight).currencyKey;
      }
      if (inGroup(plan.payerNumber)) groupCount += 1;
      const made = makeDocument(
        id,
        rng,
        asOf,
        { payerNumber: plan.payerNumber, soldtoNumber, companyCode: plan.companyCode, currencyKey },
        scenario,
      );
      batch.push(made.document);
      items.push(...made.items);
    }
    // Two batches are written at once on PostgreSQL (a pool: two backends) while the next one is generated; the
    // items of a batch follow its documents (foreign key). PGlite runs them one after the other.
    if (inFlight.length >= writersInFlight) await inFlight.shift();
    const writing = (async () => {
      await insertByUnnest(db, documents, batch);
      await insertByUnnest(db, invoiceItems, items);
      written += batch.length;
      options.onProgress?.(written);
    })();
    // Handled here so that a failure while another batch is awaited is not an unhandled rejection; awaited below.
    writing.catch(() => undefined);
    inFlight.push(writing);
    // Let the driver send the statement before the next batch is generated.
    await new Promise((resolve) => setImmediate(resolve));
    itemCount += items.length;
  }
  await Promise.all(inFlight);
  // Ids were given explicitly; later postings take the identity's next value.
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('ledger.documents', 'id'), greatest((SELECT max(id) FROM ${documents}), 1))`,
  );
  // Fresh statistics: without them the planner guesses one row per table and picks nested loops over 1M rows. A
  // large ledger is vacuumed too: a freshly loaded table has no visibility map, so index-only scans (the found
  // count) would still read every heap page until autovacuum comes by.
  const maintenance = total >= largeShapeFrom ? sql`VACUUM (ANALYZE)` : sql`ANALYZE`;
  for (const table of [documents, invoiceItems, customers, payerSoldTos])
    await db.execute(sql`${maintenance} ${table}`);
  const balances = await refreshAccountBalances(db, options.asOf);
  return {
    documents: total,
    invoiceItems: itemCount,
    customers: allCustomers.length,
    payerAllDocuments: groupCount,
    accountBalances: balances,
  };
}

function definedOnly(options: SeedLedgerOptions): { customers?: number; payerAllDocuments?: number } {
  const chosen: { customers?: number; payerAllDocuments?: number } = {};
  if (options.customers !== undefined) chosen.customers = Math.floor(options.customers);
  if (options.payerAllDocuments !== undefined) chosen.payerAllDocuments = Math.floor(options.payerAllDocuments);
  return chosen;
}
