// Shared by the UBL tests: the fixtures, a check that a rejection's message exists in every language, a tiny PDF.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { languages, translate } from '@portal/i18n';
import fc from 'fast-check';
import PDFDocument from 'pdfkit';
import { expect } from 'vitest';
import type { BuildUblOptions } from './build-ubl';
import type { UblRejection } from './ubl-document';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(fixtures, name));
}

export function fixtureText(name: string): string {
  return fixture(name).toString('utf8');
}

/** Every language has the rejection's message, with each of its placeholders filled in. */
export function expectTranslated(rejection: UblRejection): void {
  for (const language of languages) {
    const text = translate(language, undefined, rejection.messageKey, rejection.values);
    expect(text, `${rejection.messageKey} in ${language}`).not.toBe(rejection.messageKey);
    expect(text, `${rejection.messageKey} in ${language}`).not.toMatch(/\{\{/);
  }
}

/** A real PDF, as small as pdfkit makes one. */
export async function tinyPdf(text = 'Invoice'): Promise<Buffer> {
  const doc = new PDFDocument({ size: [200, 100], margin: 10 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text(text);
  doc.end();
  return done;
}

// Characters for generated names: Latin with accents, Japanese, Cyrillic, the XML specials, spaces.
const nameCharacters = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'éèàçüößñøÅ',
  ...'株式会社山田電機さくら商事東京大阪緑茶',
  ...'ООО Ромашка',
  ...'&<>"\'-.,/()',
  ' ',
];

/** A name as a person would type it: at least one visible character, no space at either end. */
export const nameArbitrary = fc
  .tuple(
    fc.constantFrom('Société', '株式会社', 'ООО', 'Müller', 'A&B', 'Smith'),
    fc.string({ unit: fc.constantFrom(...nameCharacters), maxLength: 30 }),
  )
  .map(([first, rest]) => `${first} ${rest}`.trim());

const idArbitrary = fc.record({
  scheme: fc.constantFrom('0088', '0002', '0192', '0208', '9925', '0188'),
  value: fc.stringMatching(/^[0-9]{6,13}$/),
});

function decimalText(minor: number, decimals: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return decimals === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayArbitrary = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
  .map(isoDay);

/** Options for buildUblInvoice covering its range: kinds, currencies of 0, 2 and 3 decimals, rates, allowances. */
export const ublOptionsArbitrary: fc.Arbitrary<BuildUblOptions> = fc.record({
  kind: fc.constantFrom('invoice', 'credit', 'negative-invoice') as fc.Arbitrary<BuildUblOptions['kind']>,
  number: fc.stringMatching(/^[A-Z]{2,4}-[0-9]{1,8}$/),
  issueDate: dayArbitrary,
  dueDate: fc.option(dayArbitrary, { nil: undefined }),
  currency: fc.constantFrom('EUR', 'USD', 'JPY', 'KWD', 'GBP', 'SEK', 'CHF'),
  buyer: fc.record({
    name: nameArbitrary,
    endpoint: idArbitrary,
    legalId: fc.option(idArbitrary, { nil: undefined }),
    ids: fc.array(idArbitrary, { maxLength: 2 }),
    country: fc.constantFrom('FR', 'DE', 'JP', 'NO'),
  }),
  seller: fc.option(fc.record({ name: nameArbitrary, endpoint: idArbitrary, vatId: fc.constant('FR44732829320') }), {
    nil: undefined,
  }),
  delivery: fc.option(fc.record({ name: nameArbitrary, locationId: idArbitrary, date: dayArbitrary }), {
    nil: undefined,
  }),
  orderReference: fc.option(fc.stringMatching(/^PO-[0-9]{1,6}$/), { nil: undefined }),
  billingReference: fc.option(fc.stringMatching(/^INV-[0-9]{1,6}$/), { nil: undefined }),
  notes: fc.array(nameArbitrary, { maxLength: 2 }),
  paymentTerms: fc.option(nameArbitrary, { nil: undefined }),
  lines: fc.array(
    fc.record({
      name: nameArbitrary,
      description: fc.option(nameArbitrary, { nil: undefined }),
      quantity: fc
        .tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 3 }))
        .map(([minor, decimals]) => decimalText(minor, decimals)),
      unitPrice: fc
        .tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 4 }))
        .map(([minor, decimals]) => decimalText(minor, decimals)),
      taxPercent: fc.constantFrom('0', '5.5', '7', '8', '10', '20', '25', '8.1'),
      unitCode: fc.constantFrom('C62', 'HUR', 'KGM', 'XYZ'),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  allowanceCharges: fc.array(
    fc.record({
      charge: fc.boolean(),
      amount: fc.integer({ min: 0, max: 100_000 }).map((minor) => decimalText(minor, 2)),
      reason: nameArbitrary,
      taxPercent: fc.constantFrom('0', '20', '5.5'),
    }),
    { maxLength: 3 },
  ),
  prepaid: fc.option(
    fc.integer({ min: 0, max: 10_000 }).map((minor) => decimalText(minor, 0)),
    { nil: undefined },
  ),
});
