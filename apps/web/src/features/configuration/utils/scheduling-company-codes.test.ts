import { describe, expect, it } from 'vitest';
import { schedulingCompanyCodes, withCompanyCode } from './scheduling-company-codes';

const erp = [
  { company_code: '1000', name: 'Portal Supply Inc.' },
  { company_code: '2000', name: 'Portal Supply GmbH' },
];

describe('schedulingCompanyCodes', () => {
  it("lists the ERP's company codes in its order, with their names", () => {
    expect(schedulingCompanyCodes(erp, [['2000'], []])).toEqual([
      { code: '1000', name: 'Portal Supply Inc.' },
      { code: '2000', name: 'Portal Supply GmbH' },
    ]);
  });

  it('adds the stored codes the ERP does not list, once each, so that they can be switched off', () => {
    expect(
      schedulingCompanyCodes(erp, [
        ['9000', '1000'],
        ['9000', '0500'],
      ]).map((entry) => entry.code),
    ).toEqual(['1000', '2000', '0500', '9000']);
  });

  it('lists the stored codes alone while the ERP does not answer', () => {
    expect(schedulingCompanyCodes([], [['1000'], []])).toEqual([{ code: '1000', name: '' }]);
  });
});

describe('withCompanyCode', () => {
  it('adds a code switched on, once', () => {
    expect(withCompanyCode(['1000'], '2000', true)).toEqual(['1000', '2000']);
    expect(withCompanyCode(['1000'], '1000', true)).toEqual(['1000']);
  });

  it('removes a code switched off and keeps the others', () => {
    expect(withCompanyCode(['1000', '2000', 'JP01'], '2000', false)).toEqual(['1000', 'JP01']);
    expect(withCompanyCode([], '2000', false)).toEqual([]);
  });
});
