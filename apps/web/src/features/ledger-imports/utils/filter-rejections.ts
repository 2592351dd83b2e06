import type { ImportRejection } from '@portal/contracts';

/**
 * The rejected records whose file and line, document, field or reason hold every word of the filter, ignoring case
 * and accents (a reader looking for "devise" finds "Devise"; "customers.csv:12" finds that line).
 */
export function filterRejections(rejections: readonly ImportRejection[], filter: string): ImportRejection[] {
  const words = fold(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rejections];
  return rejections.filter((rejection) => {
    const text = fold(`${rejection.source} ${rejection.document} ${rejection.field} ${rejection.message}`);
    return words.every((word) => text.includes(word));
  });
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
