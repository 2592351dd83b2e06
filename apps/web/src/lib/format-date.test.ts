import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it('shows an ISO date as MM-DD-YYYY', () => {
    expect(formatDate('2026-03-07')).toBe('03-07-2026');
    expect(formatDate('2026-03-07T10:00:00Z')).toBe('03-07-2026');
  });

  it('keeps a date already in MM-DD-YYYY', () => {
    expect(formatDate('12-31-9999')).toBe('12-31-9999');
  });

  it('shows nothing for no date', () => {
    expect(formatDate(null)).toBe('');
  });
});
