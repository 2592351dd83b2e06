// A file's size for the list of chosen files and the upload's progress, in the reader's language (Intl knows the
// units' names and abbreviations in each: "1,5 Mo" in French).
// From kilobytes up: Intl's short "byte" has no plural in several languages ("709 byte"), and a file of a few hundred
// bytes reads as well as "0.7 kB".
const units = ['kilobyte', 'megabyte', 'gigabyte'] as const;

export function formatFileSize(bytes: number, language: string): string {
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  // A file that is not empty never shows as 0.
  if (bytes > 0 && value < 0.1) value = 0.1;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
