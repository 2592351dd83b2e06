// The one date formatter (STYLE.md §9). spec §9: dates display as MM-DD-YYYY. The wire format of the ledger
// is either ISO (YYYY-MM-DD...) or already MM-DD-YYYY; anything else is shown as it came.

const ISO = /^(\d{4})-(\d{2})-(\d{2})/;

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const iso = ISO.exec(value);
  if (iso) return `${iso[2]}-${iso[3]}-${iso[1]}`;
  return value;
}
