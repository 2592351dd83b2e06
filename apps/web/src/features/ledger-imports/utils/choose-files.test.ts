import { ledgerImportLimits } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { acceptedExtensions, addFiles, missingFiles } from './choose-files';

const file = (name: string, size = 100) => ({ name, size });
const MB = 1024 * 1024;

describe('addFiles', () => {
  it('takes the extensions of each kind, in any case, and says which files were left out for their type', () => {
    const incoming = [file('customers.CSV'), file('invoice.pdf'), file('invoice.xml'), file('notes.txt'), file('csv')];
    expect(addFiles([], incoming, 'customers')).toEqual({
      files: [file('customers.CSV')],
      leftOut: [
        { name: 'invoice.pdf', reason: 'type' },
        { name: 'invoice.xml', reason: 'type' },
        { name: 'notes.txt', reason: 'type' },
        { name: 'csv', reason: 'type' },
      ],
    });
    expect(addFiles([], incoming, 'documents').files.map((f) => f.name)).toEqual(['customers.CSV', 'invoice.pdf']);
    expect(addFiles([], incoming, 'ubl').files.map((f) => f.name)).toEqual(['invoice.xml']);
    expect(acceptedExtensions('documents')).toEqual(['.csv', '.pdf']);
    expect(addFiles([], incoming, 'company_codes').files.map((f) => f.name)).toEqual(['customers.CSV']);
  });

  it('keeps one file per name, the one chosen first', () => {
    const first = file('a.xml', 1);
    const { files, leftOut } = addFiles([first], [file('a.xml', 2), file('b.xml'), file('b.xml', 3)], 'ubl');
    expect(files).toEqual([first, file('b.xml')]);
    expect(leftOut).toEqual([
      { name: 'a.xml', reason: 'duplicate' },
      { name: 'b.xml', reason: 'duplicate' },
    ]);
  });

  it('leaves out a UBL file or a PDF over its limit, and what would take the request over its own', () => {
    const { files, leftOut } = addFiles(
      [],
      [file('big.pdf', ledgerImportLimits.maxPdfBytes + 1), file('ok.pdf', ledgerImportLimits.maxPdfBytes)],
      'documents',
    );
    expect(files.map((f) => f.name)).toEqual(['ok.pdf']);
    expect(leftOut).toEqual([{ name: 'big.pdf', reason: 'too_large', max: ledgerImportLimits.maxPdfBytes }]);
    expect(addFiles([], [file('big.xml', 21 * MB)], 'ubl').leftOut[0]).toMatchObject({ reason: 'too_large' });

    const almostFull = file('huge.csv', ledgerImportLimits.maxRequestBytes - 10);
    expect(addFiles([almostFull], [file('small.csv', 10), file('more.csv', 1)], 'customers')).toEqual({
      files: [almostFull, file('small.csv', 10)],
      leftOut: [{ name: 'more.csv', reason: 'too_large', max: ledgerImportLimits.maxRequestBytes }],
    });
  });

  it('stops at the number of files one import takes', () => {
    const many = Array.from({ length: ledgerImportLimits.maxFiles }, (_, i) => file(`${i}.xml`, 1));
    const { files, leftOut } = addFiles(many, [file('one-more.xml', 1)], 'ubl');
    expect(files).toHaveLength(ledgerImportLimits.maxFiles);
    expect(leftOut).toEqual([{ name: 'one-more.xml', reason: 'too_many', max: ledgerImportLimits.maxFiles }]);
  });
});

describe('missingFiles', () => {
  it('asks for a file, and for the CSV of a documents import that has only PDFs', () => {
    expect(missingFiles([], 'customers')).toBe('none');
    expect(missingFiles([file('a.pdf')], 'documents')).toBe('csv');
    expect(missingFiles([file('a.pdf'), file('docs.csv')], 'documents')).toBeUndefined();
    expect(missingFiles([file('a.xml')], 'ubl')).toBeUndefined();
  });
});
