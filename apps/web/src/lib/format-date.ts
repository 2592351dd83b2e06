// The one date formatter (STYLE.md §9). spec §9: dates display as MM-DD-YYYY. The wire format of the ledger
// is either ISO (YYYY-MM-DD...) or already MM-DD-YYYY; anything else is shown as it came.

const ISO = /^(\d{4})-(\d{2})-(\d{2})/;

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const iso = ISO.exec(value);
  if (iso) return `${iso[2]}-${iso[3]}-${iso[1]}`;
  return value;
}

/** A moment (ISO) as MM-DD-YYYY HH:MM in the browser's time zone: the Sent e-mail list and audit-like tables. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
