// Fixed master data of the demo ledger: currencies, company codes, configuration and the named demo customers.
// Each value exercises a rule of the spec; the generated customers of a large seed come from seed.ts.
import type { AccountType } from '@portal/contracts';
import type {
  apparv,
  companyCodes,
  currencies,
  customers,
  generelData,
  paymentCardSettings,
  paymentProvider,
  paymentTypes,
  reasonCodes,
} from './ledger.schema';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export const seedCurrencies: Insert<typeof currencies>[] = [
  { currencyKey: 'USD', decimals: 2, symbol: '$' },
  { currencyKey: 'EUR', decimals: 2, symbol: '€' },
  { currencyKey: 'CAD', decimals: 2, symbol: 'CA$' },
  { currencyKey: 'GBP', decimals: 2, symbol: '£' },
  // spec §5: JPY has no decimals; KWD and BHD have three.
  { currencyKey: 'JPY', decimals: 0, symbol: '¥' },
  { currencyKey: 'KWD', decimals: 3, symbol: 'KD' },
  { currencyKey: 'BHD', decimals: 3, symbol: 'BD' },
];

/** Local currency per 100 USD, to price the same material in every currency (integer arithmetic). */
export const perHundredUsd: Record<string, bigint> = {
  USD: 100n,
  EUR: 92n,
  CAD: 136n,
  GBP: 79n,
  JPY: 15_000n,
  KWD: 31n,
  BHD: 38n,
};

export const seedCompanyCodes: Insert<typeof companyCodes>[] = [
  // Everything enabled.
  {
    companyCode: '1000',
    name: 'Portal Supply Inc.',
    country: 'US',
    currencyKey: 'USD',
    enableDeposits: true,
    disablePayments: false,
    enableEcheck: true,
    disable3ds: false,
  },
  // No deposits and no e-check.
  {
    companyCode: '2000',
    name: 'Portal Supply GmbH',
    country: 'DE',
    currencyKey: 'EUR',
    enableDeposits: false,
    disablePayments: false,
    enableEcheck: false,
    disable3ds: false,
  },
  // 3-D Secure switched off for this company code.
  {
    companyCode: '3000',
    name: 'Portal Supply Canada Ltd.',
    country: 'CA',
    currencyKey: 'CAD',
    enableDeposits: true,
    disablePayments: false,
    enableEcheck: true,
    disable3ds: true,
  },
  // spec §2: a company code starting with JP shows name_2; payments disabled here.
  {
    companyCode: 'JP01',
    name: 'Portal Supply K.K.',
    country: 'JP',
    currencyKey: 'JPY',
    enableDeposits: false,
    disablePayments: true,
    enableEcheck: false,
    disable3ds: false,
  },
  // Three-decimal currency; deposits but no e-check.
  {
    companyCode: 'KW01',
    name: 'Portal Supply Gulf W.L.L.',
    country: 'KW',
    currencyKey: 'KWD',
    enableDeposits: true,
    disablePayments: false,
    enableEcheck: false,
    disable3ds: false,
  },
];

/** The standard reason codes of a company code (payment type O: invoice payments; D: deposits). */
export const reasonsO = [
  { reasonCode: 'PP', description: 'Partial payment', commentsRequired: false },
  { reasonCode: 'DM', description: 'Damaged goods', commentsRequired: true },
  { reasonCode: 'PR', description: 'Pricing dispute', commentsRequired: true },
  { reasonCode: 'SH', description: 'Short shipment', commentsRequired: false },
  { reasonCode: 'OP', description: 'Overpayment - keep as credit on account', commentsRequired: false },
];
export const reasonsD = [
  { reasonCode: 'DP', description: 'Down payment', commentsRequired: false },
  { reasonCode: 'AD', description: 'Advance for future invoices', commentsRequired: false },
  { reasonCode: 'OT', description: 'Other (please explain)', commentsRequired: true },
];

export const seedReasonCodes: Insert<typeof reasonCodes>[] = seedCompanyCodes.flatMap((company) => [
  ...reasonsO.map((reason) => ({ ...reason, companyCode: company.companyCode, paymentType: 'O' })),
  ...reasonsD.map((reason) => ({ ...reason, companyCode: company.companyCode, paymentType: 'D' })),
]);

export const seedPaymentTypes: Insert<typeof paymentTypes>[] = [
  { paymentType: 'O', active: true, overpaymentAllowed: true },
  { paymentType: 'D', active: true, overpaymentAllowed: false },
];

export const seedGenerelData: Insert<typeof generelData> = { id: 1, partialPaymentsAllowed: 'X', cvvUseControl: '1' };

export const seedPaymentProvider: Insert<typeof paymentProvider> = {
  id: 1,
  secure3dsEnabled: true,
  secure3dsVersion: '2.2.0',
};

export const seedPaymentCardSettings: Insert<typeof paymentCardSettings>[] = [
  { paymentCardType: 'VISA', preauthorizationAmount: 100n, currencyKey: 'USD' },
  { paymentCardType: 'MC', preauthorizationAmount: 100n, currencyKey: 'USD' },
  { paymentCardType: 'AMEX', preauthorizationAmount: 1000n, currencyKey: 'USD' },
];

export const seedApparv: Insert<typeof apparv>[] = seedCompanyCodes.flatMap((company) => [
  { parnam: 'ZENABLEDEP', companyCode: company.companyCode, parval: company.enableDeposits ? 'X' : '' },
  { parnam: 'ZDISABLEPY', companyCode: company.companyCode, parval: company.disablePayments ? 'X' : '' },
  { parnam: 'ZENABLEEC', companyCode: company.companyCode, parval: company.enableEcheck ? 'X' : '' },
]);

type CustomerInsert = Insert<typeof customers>;
type CustomerAddress = Omit<
  CustomerInsert,
  'customerNumber' | 'salesOrganization' | 'distributionChannel' | 'division' | 'companyCode' | 'currencyKey'
>;

function customer(number: string, companyCode: string, currencyKey: string, address: CustomerAddress): CustomerInsert {
  return {
    customerNumber: number,
    companyCode,
    currencyKey,
    salesOrganization: companyCode,
    distributionChannel: '10',
    division: '00',
    ...address,
  };
}

const us = (name: string, street: string, city: string, region: string, postalCode: string, phone = '') => ({
  name,
  street,
  city,
  region,
  postalCode,
  country: 'US',
  phone,
});

/** The named demo customers: payers, their sold-tos and a payer-all group. */
export const demoCustomers: CustomerInsert[] = [
  customer(
    '0000100001',
    '1000',
    'USD',
    us('Acme Industrial Supply', '350 N Orleans St', 'Chicago', 'IL', '60654', '+1 312 555 0142'),
  ),
  customer(
    '0000200001',
    '1000',
    'USD',
    us('Acme West Plant', '1200 Industrial Way', 'Denver', 'CO', '80216', '+1 303 555 0119'),
  ),
  customer('0000200002', '1000', 'USD', us('Acme East Warehouse', '88 Harbor Rd', 'Newark', 'NJ', '07114')),
  customer(
    '0000200003',
    '1000',
    'USD',
    us('Acme Service Center', '4100 Main St', 'Houston', 'TX', '77002', '+1 713 555 0170'),
  ),
  customer('0000100002', '3000', 'CAD', {
    name: 'Acme Industrial Supply Canada',
    street: '100 King St W',
    city: 'Toronto',
    region: 'ON',
    postalCode: 'M5X 1A9',
    country: 'CA',
    phone: '+1 416 555 0101',
  }),
  customer('0000200004', '3000', 'CAD', {
    name: 'Acme Toronto Depot',
    street: '55 Commissioners St',
    city: 'Toronto',
    region: 'ON',
    postalCode: 'M5A 1A6',
    country: 'CA',
  }),
  customer('0000200005', '3000', 'CAD', {
    name: 'Acme Vancouver Yard',
    street: '900 Terminal Ave',
    city: 'Vancouver',
    region: 'BC',
    postalCode: 'V6A 2M9',
    country: 'CA',
    phone: '+1 604 555 0188',
  }),
  customer('0000100003', '2000', 'EUR', {
    name: 'Bergmann Maschinenbau GmbH',
    street: 'Königstraße 10',
    city: 'Stuttgart',
    region: 'BW',
    postalCode: '70173',
    country: 'DE',
    phone: '+49 711 555 0100',
  }),
  customer('0000200006', '2000', 'EUR', {
    name: 'Bergmann Werk Esslingen',
    street: 'Fabrikstraße 3',
    city: 'Esslingen',
    region: 'BW',
    postalCode: '73728',
    country: 'DE',
  }),
  customer('0000200007', '2000', 'EUR', {
    name: 'Bergmann Lager Hamburg',
    street: 'Am Sandtorkai 1',
    city: 'Hamburg',
    region: 'HH',
    postalCode: '20457',
    country: 'DE',
  }),
  // spec §2: company codes starting with JP show name_2 instead of Name.
  customer('0000100004', 'JP01', 'JPY', {
    name: 'Yamada Trading Co., Ltd.',
    name2: '山田商事株式会社',
    street: '1-1 Marunouchi, Chiyoda-ku',
    city: 'Tokyo',
    region: '13',
    postalCode: '100-0005',
    country: 'JP',
    phone: '+81 3 5555 0100',
  }),
  customer('0000200008', 'JP01', 'JPY', {
    name: 'Yamada Trading Osaka Branch',
    name2: '山田商事株式会社 大阪支店',
    street: '2-4 Umeda, Kita-ku',
    city: 'Osaka',
    region: '27',
    postalCode: '530-0001',
    country: 'JP',
  }),
  customer('0000200009', 'JP01', 'JPY', {
    name: 'Yamada Trading Nagoya Branch',
    name2: '山田商事株式会社 名古屋支店',
    street: '3-1 Meieki, Nakamura-ku',
    city: 'Nagoya',
    region: '23',
    postalCode: '450-0002',
    country: 'JP',
  }),
  customer('0000100005', 'KW01', 'KWD', {
    name: 'Gulf Equipment Trading W.L.L.',
    street: 'Block 3, Street 14, Shuwaikh Industrial',
    city: 'Kuwait City',
    region: 'KU',
    postalCode: '13001',
    country: 'KW',
    phone: '+965 2255 0100',
  }),
  customer('0000200010', 'KW01', 'KWD', {
    name: 'Gulf Equipment Ahmadi Site',
    street: 'Block 7, Street 2',
    city: 'Ahmadi',
    region: 'AH',
    postalCode: '61001',
    country: 'KW',
  }),
  customer(
    '0000900001',
    '1000',
    'USD',
    us('Globex Holdings (all payers)', '1 Globex Plaza', 'Atlanta', 'GA', '30303', '+1 404 555 0100'),
  ),
  customer(
    '0000100006',
    '1000',
    'USD',
    us('Globex Corporation', '1 Globex Plaza', 'Atlanta', 'GA', '30303', '+1 404 555 0101'),
  ),
  customer('0000200011', '1000', 'USD', us('Globex Atlanta Campus', '200 Peachtree St', 'Atlanta', 'GA', '30303')),
  customer('0000200012', '1000', 'USD', us('Globex Research Park', '9 Innovation Dr', 'Durham', 'NC', '27703')),
  customer(
    '0000100007',
    '1000',
    'USD',
    us('Globex Logistics', '500 Freight Ln', 'Memphis', 'TN', '38118', '+1 901 555 0130'),
  ),
  customer('0000200013', '1000', 'USD', us('Globex Logistics Hub Memphis', '510 Freight Ln', 'Memphis', 'TN', '38118')),
  customer('0000200014', '1000', 'USD', us('Globex Logistics Hub Reno', '75 Desert Rd', 'Reno', 'NV', '89502')),
  customer('0000100008', '1000', 'USD', us('Globex Retail', '77 Market St', 'San Francisco', 'CA', '94105')),
  customer('0000200015', '1000', 'USD', us('Globex Retail Store 15', '15 Union Sq', 'San Francisco', 'CA', '94108')),
  customer(
    '0000100009',
    '1000',
    'USD',
    us('Northwind Traders', '12 Pike St', 'Seattle', 'WA', '98101', '+1 206 555 0155'),
  ),
  customer('0000200016', '1000', 'USD', us('Northwind Traders Tacoma', '40 Dock St', 'Tacoma', 'WA', '98402')),
];

/** Demo payers: their sold-tos, the currencies their documents use (weights) and their share of documents. */
export type PayerPlan = {
  payerNumber: string;
  companyCode: string;
  soldTos: string[];
  currencies: { currencyKey: string; weight: number }[];
  weight: number;
};

export const demoPayerPlans: PayerPlan[] = [
  {
    payerNumber: '0000100001',
    companyCode: '1000',
    soldTos: ['0000100001', '0000200001', '0000200002', '0000200003'],
    currencies: [
      { currencyKey: 'USD', weight: 70 },
      { currencyKey: 'CAD', weight: 15 },
      { currencyKey: 'EUR', weight: 15 },
    ],
    weight: 4,
  },
  {
    payerNumber: '0000100002',
    companyCode: '3000',
    soldTos: ['0000200004', '0000200005'],
    currencies: [
      { currencyKey: 'CAD', weight: 85 },
      { currencyKey: 'USD', weight: 15 },
    ],
    weight: 2,
  },
  {
    payerNumber: '0000100003',
    companyCode: '2000',
    soldTos: ['0000200006', '0000200007'],
    currencies: [{ currencyKey: 'EUR', weight: 1 }],
    weight: 2,
  },
  {
    payerNumber: '0000100004',
    companyCode: 'JP01',
    soldTos: ['0000200008', '0000200009'],
    currencies: [{ currencyKey: 'JPY', weight: 1 }],
    weight: 1,
  },
  {
    payerNumber: '0000100005',
    companyCode: 'KW01',
    soldTos: ['0000200010'],
    currencies: [{ currencyKey: 'KWD', weight: 1 }],
    weight: 1,
  },
  {
    payerNumber: '0000100006',
    companyCode: '1000',
    soldTos: ['0000200011', '0000200012'],
    currencies: [{ currencyKey: 'USD', weight: 1 }],
    weight: 1,
  },
  {
    payerNumber: '0000100007',
    companyCode: '1000',
    soldTos: ['0000200013', '0000200014'],
    currencies: [{ currencyKey: 'USD', weight: 1 }],
    weight: 1,
  },
  {
    payerNumber: '0000100008',
    companyCode: '1000',
    soldTos: ['0000200015'],
    currencies: [{ currencyKey: 'USD', weight: 1 }],
    weight: 1,
  },
  {
    payerNumber: '0000100009',
    companyCode: '1000',
    soldTos: ['0000200016'],
    currencies: [{ currencyKey: 'USD', weight: 1 }],
    weight: 1,
  },
];

export const demoPayerAllGroups = [
  { groupNumber: '0000900001', payerNumbers: ['0000100006', '0000100007', '0000100008'] },
];

export type DemoLinkedAccount = {
  primary_account: string;
  company_code: string;
  sales_organization: string;
  distribution_channel: string;
  division: string;
  account_type: AccountType;
};

export type DemoUserKind = 'payer' | 'soldto' | 'payerall' | 'thirdparty' | 'internal' | 'manager' | 'admin';

function link(primaryAccount: string, companyCode: string, accountType: AccountType): DemoLinkedAccount {
  return {
    primary_account: primaryAccount,
    company_code: companyCode,
    sales_organization: companyCode,
    distribution_channel: '10',
    division: '00',
    account_type: accountType,
  };
}

/** The accounts each demo user is linked to (at most 4: access §5); account_type matches the user's type. */
export const demoUserAccounts: Record<DemoUserKind, DemoLinkedAccount[]> = {
  // Two payers, several sold-tos, documents in USD, CAD and EUR.
  payer: [link('0000100001', '1000', 'Payer'), link('0000100002', '3000', 'Payer')],
  soldto: [link('0000200001', '1000', 'SoldTo')],
  payerall: [link('0000900001', '1000', 'PayerAll')],
  thirdparty: [link('0000100009', '1000', 'Payer')],
  internal: [link('0000100001', '1000', 'Payer'), link('0000100003', '2000', 'Payer')],
  manager: [
    link('0000100001', '1000', 'Payer'),
    link('0000100003', '2000', 'Payer'),
    link('0000100004', 'JP01', 'Payer'),
    link('0000100005', 'KW01', 'Payer'),
  ],
  admin: [
    link('0000100001', '1000', 'Payer'),
    link('0000100002', '3000', 'Payer'),
    link('0000100003', '2000', 'Payer'),
    link('0000100004', 'JP01', 'Payer'),
  ],
};

/** Materials with a list price in US cents; other currencies are converted with perHundredUsd. */
export const materials: { materialNumber: string; description: string; usdCents: bigint }[] = [
  { materialNumber: '100010', description: 'Hydraulic pump HP-200', usdCents: 48_500n },
  { materialNumber: '100020', description: 'Pressure relief valve 1/2"', usdCents: 6_250n },
  { materialNumber: '100030', description: 'Stainless fitting kit', usdCents: 1_890n },
  { materialNumber: '100040', description: 'Industrial filter cartridge', usdCents: 2_475n },
  { materialNumber: '100050', description: 'Conveyor belt, 10 m', usdCents: 129_900n },
  { materialNumber: '100060', description: 'Bearing assembly 6204-2RS', usdCents: 895n },
  { materialNumber: '100070', description: 'Gear motor 0.75 kW', usdCents: 38_900n },
  { materialNumber: '100080', description: 'Control panel CP-12', usdCents: 215_000n },
  { materialNumber: '100090', description: 'Safety gloves, box of 100', usdCents: 3_450n },
  { materialNumber: '100100', description: 'Lubricant ISO VG 46, 20 L', usdCents: 11_200n },
  { materialNumber: '100110', description: 'Sensor cable M12, 5 m', usdCents: 1_575n },
  { materialNumber: '100120', description: 'Proximity sensor PNP', usdCents: 4_290n },
  { materialNumber: '100130', description: 'Field service hour', usdCents: 14_500n },
  { materialNumber: '100140', description: 'Freight and handling', usdCents: 7_500n },
  { materialNumber: '100150', description: 'Calibration service', usdCents: 32_000n },
  { materialNumber: '100160', description: 'Spare parts kit SK-3', usdCents: 56_000n },
];
