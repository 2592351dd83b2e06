// The rules of one CSV row (issue 27 §2), before anything is written: each broken rule names its column and a
// message key of the imports area. What needs the database (an unknown customer, a sold-to of another payer) is
// checked by the import run on a whole batch at once.
import { parseMinorUnits } from '@portal/domain';
import type {
  CompanyCodeRecord,
  CustomerFields,
  CustomerRecord,
  DocumentRecord,
  ImportRefusal,
  LedgerReferenceData,
} from '../../connectors/erp/ledger/ledger-imports';
import { toLedgerNumber } from '../../connectors/erp/ledger/ledger-format';

export type RowCheck<T> = { record: T; key: string } | { refusal: ImportRefusal; key: string };

const customerFieldOf: Record<string, keyof CustomerFields> = {
  name: 'name',
  name_2: 'name2',
  street: 'street',
  city: 'city',
  region: 'region',
  postal_code: 'postalCode',
  country: 'country',
  phone: 'phone',
  company_code: 'companyCode',
  sales_organization: 'salesOrganization',
  distribution_channel: 'distributionChannel',
  division: 'division',
  currency_key: 'currencyKey',
};

/** Longest value per column (the ledger's SAP-like field lengths, generously). */
const maxLength: Record<string, number> = {
  customer_number: 20,
  name: 80,
  name_2: 80,
  street: 80,
  city: 60,
  region: 40,
  postal_code: 20,
  country: 2,
  phone: 40,
  company_code: 10,
  sales_organization: 10,
  distribution_channel: 10,
  division: 10,
  currency_key: 3,
  payer_number: 20,
  number: 35,
  reference: 35,
  purchase_order: 35,
  pdf_file: 255,
};

const accountNumberPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
// ISO 6523 ICD (4 digits) or a Peppol EAS code (4 digits or a few letters, e.g. EM), then any visible value.
const partyIdPattern = /^([0-9]{4}|[A-Z]{2,4}):(\S{1,100})$/;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
// C0 and C1 controls other than tab: never part of a name or a number.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

function refuse(field: string, messageKey: string, values?: Record<string, string>): ImportRefusal {
  return { field, messageKey, ...(values ? { values } : {}) };
}

/** The first value of the row that is too long or holds control characters. */
function badText(values: Record<string, string>): ImportRefusal | undefined {
  for (const [column, value] of Object.entries(values)) {
    const limit = maxLength[column] ?? 255;
    if (value.length > limit) return refuse(column, 'imports.errors.too_long', { max: String(limit) });
    if (controlCharacters.test(value)) return refuse(column, 'imports.errors.control_characters');
  }
  return undefined;
}

export function checkCustomerRow(
  values: Record<string, string>,
  reference: LedgerReferenceData,
): RowCheck<CustomerRecord> {
  const raw = values.customer_number ?? '';
  const key = raw.replace(/^0+(?=\d)/, '');
  const fail = (refusal: ImportRefusal) => ({ refusal, key });
  if (!raw) return fail(refuse('customer_number', 'imports.errors.required'));
  if (!accountNumberPattern.test(raw)) return fail(refuse('customer_number', 'imports.errors.invalid_number'));
  const text = badText(values);
  if (text) return fail(text);

  const fields: Partial<CustomerFields> = {};
  for (const [column, field] of Object.entries(customerFieldOf)) {
    if (column in values) fields[field] = values[column];
  }
  if (fields.country !== undefined) {
    fields.country = fields.country.toUpperCase();
    if (fields.country && !/^[A-Z]{2}$/.test(fields.country))
      return fail(refuse('country', 'imports.errors.invalid_country'));
  }
  if (fields.currencyKey !== undefined) {
    fields.currencyKey = fields.currencyKey.toUpperCase();
    if (fields.currencyKey && !reference.currencies.has(fields.currencyKey)) {
      return fail(refuse('currency_key', 'imports.errors.unknown_currency', { currency: fields.currencyKey }));
    }
  }
  if (fields.companyCode && !reference.companyCodes.has(fields.companyCode)) {
    return fail(refuse('company_code', 'imports.errors.unknown_company_code', { company_code: fields.companyCode }));
  }
  const record: CustomerRecord = { customerNumber: toLedgerNumber(raw), fields };
  if ('payer_number' in values) {
    const payer = values.payer_number!;
    if (payer && !accountNumberPattern.test(payer))
      return fail(refuse('payer_number', 'imports.errors.invalid_number'));
    record.payerNumber = payer ? toLedgerNumber(payer) : '';
  }
  if ('party_ids' in values) {
    const ids: { scheme: string; value: string }[] = [];
    for (const part of values
      .party_ids!.split('|')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const match = partyIdPattern.exec(part);
      if (!match) return fail(refuse('party_ids', 'imports.errors.invalid_party_id', { id: part }));
      if (!ids.some((id) => id.scheme === match[1] && id.value === match[2]))
        ids.push({ scheme: match[1]!, value: match[2]! });
    }
    record.partyIds = ids;
  }
  return { record, key };
}

const flagValues: Record<string, boolean> = {
  true: true,
  x: true,
  '1': true,
  yes: true,
  false: false,
  '': false,
  '0': false,
  no: false,
};

export function checkCompanyCodeRow(
  values: Record<string, string>,
  reference: LedgerReferenceData,
): RowCheck<CompanyCodeRecord> {
  const companyCode = values.company_code ?? '';
  const fail = (refusal: ImportRefusal) => ({ refusal, key: companyCode });
  const text = badText(values);
  if (text) return fail(text);
  for (const column of ['company_code', 'name', 'country', 'currency_key']) {
    if (!values[column]) return fail(refuse(column, 'imports.errors.required'));
  }
  if (!/^[A-Za-z0-9]{1,10}$/.test(companyCode)) return fail(refuse('company_code', 'imports.errors.invalid_number'));
  const country = values.country!.toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) return fail(refuse('country', 'imports.errors.invalid_country'));
  const currencyKey = values.currency_key!.toUpperCase();
  if (!reference.currencies.has(currencyKey)) {
    return fail(refuse('currency_key', 'imports.errors.unknown_currency', { currency: currencyKey }));
  }
  const flags: Record<string, boolean> = {};
  for (const column of ['enable_deposits', 'enable_echeck', 'disable_payments', 'disable_3ds']) {
    const flag = flagValues[(values[column] ?? '').trim().toLowerCase()];
    if (flag === undefined) return fail(refuse(column, 'imports.errors.invalid_flag'));
    flags[column] = flag;
  }
  const partyIds = readPartyIds(values.party_ids ?? '');
  if ('refusal' in partyIds) return fail(partyIds.refusal);
  return {
    key: companyCode,
    record: {
      companyCode,
      name: values.name!,
      country,
      currencyKey,
      enableDeposits: flags.enable_deposits!,
      enableEcheck: flags.enable_echeck!,
      disablePayments: flags.disable_payments!,
      disable3ds: flags.disable_3ds!,
      partyIds: partyIds.ids,
    },
  };
}

/** party_ids: scheme:value pairs separated by |, each once. */
function readPartyIds(text: string): { ids: { scheme: string; value: string }[] } | { refusal: ImportRefusal } {
  const ids: { scheme: string; value: string }[] = [];
  for (const part of text
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = partyIdPattern.exec(part);
    if (!match) return { refusal: refuse('party_ids', 'imports.errors.invalid_party_id', { id: part }) };
    if (!ids.some((id) => id.scheme === match[1] && id.value === match[2]))
      ids.push({ scheme: match[1]!, value: match[2]! });
  }
  return { ids };
}

/** The columns a documents CSV must have (and each row must fill). */
export const requiredDocumentColumns = [
  'company_code',
  'type',
  'number',
  'document_date',
  'currency',
  'total_amount',
  'open_amount',
  'payer_number',
] as const;

export type DocumentRow = Omit<DocumentRecord, 'pdf'> & { pdfFile: string };

export function checkDocumentRow(
  values: Record<string, string>,
  reference: LedgerReferenceData,
): RowCheck<DocumentRow> {
  const number = values.number ?? '';
  const fail = (refusal: ImportRefusal) => ({ refusal, key: number });
  const text = badText(values);
  if (text) return fail(text);
  for (const column of requiredDocumentColumns) {
    if (!values[column]) return fail(refuse(column, 'imports.errors.required'));
  }
  // The document key of the payment screens joins its parts with |.
  if (number.includes('|')) return fail(refuse('number', 'imports.errors.invalid_number'));
  const companyCode = values.company_code!;
  if (!reference.companyCodes.has(companyCode)) {
    return fail(refuse('company_code', 'imports.errors.unknown_company_code', { company_code: companyCode }));
  }
  const type = values.type!.toLowerCase();
  if (type !== 'invoice' && type !== 'credit') return fail(refuse('type', 'imports.errors.invalid_type'));
  const documentDate = values.document_date!;
  if (!isCalendarDay(documentDate)) return fail(refuse('document_date', 'imports.errors.invalid_date'));
  const dueDate = values.due_date || documentDate;
  if (!isCalendarDay(dueDate)) return fail(refuse('due_date', 'imports.errors.invalid_date'));
  const currencyKey = values.currency!.toUpperCase();
  const decimals = reference.currencies.get(currencyKey);
  if (decimals === undefined)
    return fail(refuse('currency', 'imports.errors.unknown_currency', { currency: currencyKey }));

  const total = parseMinorUnits(values.total_amount!, decimals);
  if (total === undefined)
    return fail(refuse('total_amount', 'imports.errors.invalid_amount', { decimals: String(decimals) }));
  const open = parseMinorUnits(values.open_amount!, decimals);
  if (open === undefined)
    return fail(refuse('open_amount', 'imports.errors.invalid_amount', { decimals: String(decimals) }));
  // A credit may be written with or without its minus sign; an invoice may not be negative (send it as a credit).
  if (type === 'invoice' && (total < 0n || open < 0n))
    return fail(refuse('total_amount', 'imports.errors.negative_invoice'));
  const sign = type === 'credit' ? -1n : 1n;
  const totalMinor = sign * abs(total);
  const openMinor = sign * abs(open);
  if (abs(openMinor) > abs(totalMinor)) return fail(refuse('open_amount', 'imports.errors.open_exceeds_total'));
  if (total !== 0n && open !== 0n && total < 0n !== open < 0n) {
    return fail(refuse('open_amount', 'imports.errors.open_sign'));
  }
  const payer = values.payer_number!;
  const soldto = values.soldto_number || payer;
  if (!accountNumberPattern.test(payer)) return fail(refuse('payer_number', 'imports.errors.invalid_number'));
  if (!accountNumberPattern.test(soldto)) return fail(refuse('soldto_number', 'imports.errors.invalid_number'));
  return {
    key: number,
    record: {
      companyCode,
      type,
      // Numbers are kept SAP-style, all-digit ones zero-padded to 10 (what the portal's look-ups pad them to).
      number: toLedgerNumber(number),
      documentDate,
      dueDate,
      currencyKey,
      totalMinor,
      openMinor,
      payerNumber: toLedgerNumber(payer),
      soldtoNumber: toLedgerNumber(soldto),
      reference: values.reference ?? '',
      purchaseOrder: values.purchase_order ?? '',
      pdfFile: values.pdf_file ?? '',
    },
  };
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

export function isCalendarDay(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}
