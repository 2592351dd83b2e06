import { describe, expect, it } from 'vitest';
import { addFiles, checkDisputeFiles, fileSize } from './dispute-files';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });
const MB = 1024 * 1024;

describe('dispute files', () => {
  it('takes up to five PDF, PNG or JPEG files of at most 10 MB', () => {
    expect(
      checkDisputeFiles([
        file('a.pdf', 'application/pdf'),
        file('b.png', 'image/png'),
        file('c.jpg', 'image/jpeg', 10 * MB),
      ]),
    ).toBeNull();
  });

  it('refuses a sixth file, counting those the dispute holds already', () => {
    const five = Array.from({ length: 5 }, (_, index) => file(`${index}.pdf`, 'application/pdf'));
    expect(checkDisputeFiles(five)).toBeNull();
    expect(checkDisputeFiles([...five, file('6.pdf', 'application/pdf')])).toEqual({
      key: 'disputes.files.errors.too_many',
    });
    expect(checkDisputeFiles([file('a.pdf', 'application/pdf')], 5)).toEqual({ key: 'disputes.files.errors.too_many' });
  });

  it('refuses SVG, HTML, an unknown type, an empty file and one byte over 10 MB, naming the file', () => {
    expect(checkDisputeFiles([file('x.svg', 'image/svg+xml')])).toEqual({
      key: 'disputes.files.errors.type',
      name: 'x.svg',
    });
    expect(checkDisputeFiles([file('x.html', 'text/html')])?.key).toBe('disputes.files.errors.type');
    expect(checkDisputeFiles([file('x.pdf', '')])?.key).toBe('disputes.files.errors.type');
    expect(checkDisputeFiles([file('x.pdf', 'application/pdf', 0)])?.key).toBe('disputes.files.errors.empty');
    expect(checkDisputeFiles([file('x.pdf', 'application/pdf', 10 * MB + 1)])).toEqual({
      key: 'disputes.files.errors.too_large',
      name: 'x.pdf',
    });
  });

  it('does not add the same file twice', () => {
    const a = file('a.pdf', 'application/pdf');
    expect(addFiles([a], [file('a.pdf', 'application/pdf'), file('b.pdf', 'application/pdf')])).toHaveLength(2);
  });

  it('says sizes in the reader’s language', () => {
    expect(fileSize(152, 'en')).toBe('0.1 kB');
    expect(fileSize(20 * 1024, 'en')).toBe('20 kB');
    expect(fileSize(2.5 * MB, 'de')).toBe('2,5 MB');
  });
});
