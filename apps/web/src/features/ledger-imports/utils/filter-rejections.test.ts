import { describe, expect, it } from 'vitest';
import { filterRejections } from './filter-rejections';

const rejections = [
  { source: 'customers.csv:3', document: '710002', field: 'currency_key', message: 'La devise XYZ est inconnue.' },
  { source: 'customers.csv:4', document: '710003', field: 'name', message: 'Cette valeur est obligatoire.' },
  { source: 'invoice-7.xml', document: 'INV-7', field: 'cac:AccountingCustomerParty', message: 'Aucun client.' },
];

describe('filterRejections', () => {
  it('keeps every record for an empty filter', () => {
    expect(filterRejections(rejections, '  ')).toEqual(rejections);
  });

  it('matches every word in the file and line, document, field or reason, ignoring case and accents', () => {
    expect(filterRejections(rejections, 'customers.csv:4')).toEqual([rejections[1]]);
    expect(filterRejections(rejections, 'DEVISE xyz')).toEqual([rejections[0]]);
    expect(filterRejections(rejections, 'inv-7')).toEqual([rejections[2]]);
    expect(filterRejections(rejections, 'valeur obligatoire')).toEqual([rejections[1]]);
    expect(filterRejections(rejections, 'devise obligatoire')).toEqual([]);
    expect(filterRejections([{ ...rejections[0]!, message: 'Währung unbekannt' }], 'wahrung')).toHaveLength(1);
  });
});
