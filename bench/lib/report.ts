// A figure beside its target and, where the issue asks for one, the baseline measured in the same run with the
// ratio. Every bench prints its verdicts as it goes and lists them in its last line (JSON), which `npm run bench`
// (bench/run.ts) collects into bench/results/<date>.md.
export type Verdict = {
  label: string;
  value: string;
  target: string;
  /** null: a figure shown for context, with no target of its own. */
  met: boolean | null;
  baseline?: string;
  ratio?: number;
};

export function createReport(log: (line: string) => void) {
  const verdicts: Verdict[] = [];
  function report(
    label: string,
    value: string,
    target: string,
    met: boolean | null,
    compared?: { baseline: string; ratio: number },
  ): void {
    verdicts.push({ label, value, target, met, ...compared });
    const mark = met === null ? '' : met ? 'met' : 'NOT MET';
    const beside = compared ? `   baseline ${compared.baseline} (× ${compared.ratio})` : '';
    log(`  ${label.padEnd(58)} ${value.padStart(12)}   target ${target.padEnd(16)} ${mark}${beside}`);
  }
  return { verdicts, report };
}
