// Conversions between the ledger's storage (minor units, ISO dates, booleans) and the ERP wire (decimal strings,
// MM-DD-YYYY, X flags). Integer arithmetic only: money is never a float (DESIGN.md §3).
import type { ErpDate, ErpFlag } from '@portal/contracts';

export { formatMinorUnits } from '@portal/domain';

/** YYYY-MM-DD (database) to MM-DD-YYYY (wire). */
export function toErpDate(isoDate: string): ErpDate {
  // Slices, not split: every date of every listed and exported row goes through here.
  return `${isoDate.slice(5, 7)}-${isoDate.slice(8, 10)}-${isoDate.slice(0, 4)}`;
}

/** MM-DD-YYYY (wire) to YYYY-MM-DD (database); undefined when it is not a calendar date. */
export function fromErpDate(erpDate: string): string | undefined {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(erpDate);
  if (!match) return undefined;
  const [, month, day, year] = match;
  const iso = `${year}-${month}-${day}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso) return undefined;
  return iso;
}

export function toFlag(value: boolean): ErpFlag {
  return value ? 'X' : '';
}

/** The calendar day (UTC) of an instant, as YYYY-MM-DD. */
export function isoDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** Whole days from a to b (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return epochDay(b) - epochDay(a);
}

/** Days since 1970-01-01 of a YYYY-MM-DD day (from its numbers: half the cost of parsing it as a date). */
export function epochDay(isoDate: string): number {
  return (
    Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) / 86_400_000
  );
}

/**
 * ERP account and document numbers are stored SAP-style, zero-padded to 10 digits; the portal shows them without
 * leading zeros (spec §9), so numeric input is padded back before a look-up.
 */
export function toLedgerNumber(value: string): string {
  const trimmed = value.trim();
  return /^\d{1,10}$/.test(trimmed) ? trimmed.padStart(10, '0') : trimmed;
}
