import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('picks the unit and writes it in the reader language', () => {
    expect(formatFileSize(0, 'en')).toBe('0 kB');
    expect(formatFileSize(20, 'en')).toBe('0.1 kB');
    expect(formatFileSize(709, 'en')).toBe('0.7 kB');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatFileSize(1.5 * 1024 * 1024, 'fr')).toBe('1,5\u202fMo');
    expect(formatFileSize(3 * 1024 ** 3, 'de')).toBe('3\u00a0GB');
  });
});
