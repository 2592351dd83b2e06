// Issue 29: the company codes the Application tab offers scheduled payments and AutoPay for.

export type SchedulingCompanyCode = { code: string; name: string };

/**
 * The ERP's company codes, then any code the configuration still names that the ERP no longer lists (or every
 * stored code while the ERP does not answer), so that it can be switched off.
 */
export function schedulingCompanyCodes(
  erp: readonly { company_code: string; name: string }[],
  stored: readonly (readonly string[])[],
): SchedulingCompanyCode[] {
  const known = new Set(erp.map((entry) => entry.company_code));
  const extra = [...new Set(stored.flat())].filter((code) => !known.has(code)).sort();
  return [
    ...erp.map((entry) => ({ code: entry.company_code, name: entry.name })),
    ...extra.map((code) => ({ code, name: '' })),
  ];
}

/** The list with the code in it (on) or not (off), in the order it had; a code is never listed twice. */
export function withCompanyCode(codes: readonly string[], code: string, on: boolean): string[] {
  const others = codes.filter((entry) => entry !== code);
  return on ? [...others, code] : others;
}
